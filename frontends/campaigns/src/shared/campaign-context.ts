import type { ShellBridge } from '@pawline/api-client';
import type { Translate } from '../i18n/translator';

/** What every page of the campaigns remote gets; its data comes from the data layer's hooks. */
export type CampaignsContext = {
  bridge: ShellBridge;
  t: Translate;
  orgaId: string;
  storeId: string;
  /** the remote's base path in the shell: /{orgaId}/store/{storeId}/marketing */
  base: string;
};

/** spec §4 WhatsApp message statuses (messaging's REMINDER_STATUS numbers) as catalogue keys; null: not yet taken. */
const STATUS_KEYS = ['statusInProcess', 'statusSent', 'statusDelivered', 'statusRead', 'statusOpened', 'statusFailed', 'statusUndelivered'];
export function messageStatusText(status: number | null, t: Translate): string {
  const key = status === null ? 'statusWaiting' : STATUS_KEYS[status];
  return t(`campaigns.${key ?? 'statusWaiting'}`);
}

/** The date and time of an instant in the user's language. */
export function dateTimeText(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
