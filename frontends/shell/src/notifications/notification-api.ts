import { API_ROUTES, type AnswerOf, type ApiClient } from '@pawline/api-client';
import type { ShellNotification } from '@pawline/domain';
import type { TranslationKey } from '@pawline/i18n';
import type { Translate } from '../i18n/translator';
import type { NotificationSource } from './notification-source';

type ServerNotification = AnswerOf<'listNotifications'>['content'][number];

// Texts for a notification whose keys this shell does not know (a newer service): by its type.
const FALLBACK_TITLE: Readonly<Record<string, TranslationKey>> = {
  CUSTOMER_MSG: 'shell.notificationCustomerMessage',
  NEW_BOOKING: 'shell.notificationNewBooking',
  APPOINTMENT_STATUS_CHANGE_BY_CUSTOMER: 'shell.notificationDeclinedTitle',
};

/** A day of the server's parameters (YYYY-MM-DD) as the local notifications write it (dd/mm/yyyy). */
function shownParams(params: Record<string, string>): Record<string, string> {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(params['date'] ?? '');
  return day ? { ...params, date: `${day[3]}/${day[2]}/${day[1]}` } : params;
}

/**
 * The server keeps a notification's title and text as catalogue keys with their values (so each
 * user reads it in their language): a bare key is of the `shell` namespace (ADR 0019).
 */
export function notificationTexts(n: Pick<ServerNotification, 'title' | 'text' | 'params' | 'notification_type'>, t: Translate) {
  const params = shownParams(n.params);
  const read = (key: string) => {
    if (key === '') return '';
    const full = key.includes('.') ? key : `shell.${key}`;
    return t.has(full) ? t(full, params) : null;
  };
  const title = read(n.title) ?? t(FALLBACK_TITLE[n.notification_type] ?? 'shell.notifications');
  const text = read(n.text) ?? Object.values(params).join(' · ');
  return { title, text };
}

export function toShellNotification(n: ServerNotification, t: Translate): ShellNotification {
  return {
    ...notificationTexts(n, t),
    id: n.id,
    notification_type: n.notification_type,
    belongs_to: n.belongs_to,
    seen: n.seen,
    time: n.time,
    orga_id: n.orga_id,
    store_id: n.store_id,
    local: false,
  };
}

/** R7.03 the store's notifications through the declared routes of the gateway. */
export function notificationSource(api: Pick<ApiClient, 'request'>, orgaId: string, storeId: string, t: Translate): NotificationSource {
  const store = { orga: orgaId, store: storeId };
  const key = (n: ShellNotification) => ({ ...store, belongs_to: n.belongs_to, notification_type: n.notification_type });
  return {
    async page(cursor) {
      // GET and DELETE …/notification/{anchor}/{qualifier} share one path template (the page's last time and id here)
      const list = await api.request(API_ROUTES.listNotifications, {
        params: { ...store, anchor: cursor.last_time, qualifier: cursor.last_id },
      });
      return { items: list.content.map((n) => toShellNotification(n, t)), new_notifications: list.new_notifications };
    },
    async markSeen(n) {
      await api.request(API_ROUTES.markNotificationsSeen, { params: key(n) });
    },
    async remove(n) {
      // the notifications' belongs_to and type
      await api.request(API_ROUTES.deleteNotifications, {
        params: { ...store, anchor: n.belongs_to, qualifier: n.notification_type },
      });
    },
  };
}
