import type { ShellBridge } from '@pawline/api-client';
import { keyOrText } from '@pawline/i18n';
import type { Translate } from '../i18n/translator';

/** What every screen of the remote gets: the shell's bridge and the texts; data comes from the data layer's hooks. */
export type ClientsContext = { bridge: ShellBridge; t: Translate };

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Server field messages are either i18n keys (crm: errors.upload*) or texts; show the text. */
export function fieldMessage(t: Translate, message: string, params?: Record<string, string | number>): string {
  return keyOrText(t, message, params);
}
