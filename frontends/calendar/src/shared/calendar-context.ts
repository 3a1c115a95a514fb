import type { RealtimeMessage, ShellBridge } from '@pawline/api-client';
import type { SchedulingApi } from '../api/scheduling-api';
import type { Translate } from '../i18n/translator';

/** Live messages of the organization; returns the unsubscribe. */
export type Subscribe = (onMessage: (message: RealtimeMessage) => void) => () => void;

/** What every screen of the remote gets: the shell's bridge, the calls, the texts and the live feed. */
export type CalendarContext = {
  bridge: ShellBridge;
  api: SchedulingApi;
  t: Translate;
  subscribe: Subscribe;
  /** localStorage, or null where there is none */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
};

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
