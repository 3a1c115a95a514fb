import { isApiError, type ShellBridge } from '@pawline/api-client';
import type { MessagesApi } from '../api/messages-api';
import type { Translate } from '../i18n/translator';

/** What every screen of the remote gets. */
export type MessagesContext = {
  bridge: ShellBridge;
  api: MessagesApi;
  t: Translate;
  orgaId: string;
  storeId: string;
  /** organization administrators edit templates, settings and the profile; others read (R6.02) */
  admin: boolean;
  /** store writers answer customers */
  canReply: boolean;
  now: () => Date;
};

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A field's message of a 400 answer, else the error's own text. */
export function fieldError(error: unknown, field: string): string | null {
  return isApiError(error) ? (error.fields?.[field] ?? null) : null;
}
