import type { ShellBridge } from '@pawline/api-client';
import type { Translate } from '../i18n/translator';

/** What every screen of the remote gets: the shell's bridge, the texts and this device's storage (data: the data layer). */
export type CalendarContext = {
  bridge: ShellBridge;
  t: Translate;
  /** localStorage, or null where there is none */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
};
