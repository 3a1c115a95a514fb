import type { ShellBridge } from '@pawline/api-client';
import { reminderStatusName, type ReminderStatusName } from '@pawline/contracts';
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

/** spec §4 WhatsApp message statuses (messaging's REMINDER_STATUS) as texts; null: not yet taken. */
const STATUS_KEYS = {
  in_process: 'campaigns.statusInProcess',
  sent: 'campaigns.statusSent',
  delivered: 'campaigns.statusDelivered',
  read: 'campaigns.statusRead',
  opened: 'campaigns.statusOpened',
  failed: 'campaigns.statusFailed',
  undelivered: 'campaigns.statusUndelivered',
} as const satisfies Record<ReminderStatusName, string>;
export function messageStatusText(status: number | null, t: Translate): string {
  const name = reminderStatusName(status);
  return t(name ? STATUS_KEYS[name] : 'campaigns.statusWaiting');
}

/** The date and time of an instant in the user's language. */
export function dateTimeText(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
