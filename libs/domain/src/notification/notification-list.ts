import { PAGE_SIZES } from '../app/app-constants';

// spec §3 and §4 (R3.16, R4.01–R4.04): the shell's notification list (the types: libs/contracts' NOTIFICATION_TYPES).

export type ShellNotification = {
  /** the server's id (the Next cursor); a local one gets an id of its own */
  id: string;
  notification_type: string;
  /** the entity it is about (answer, booking request, appointment); with the type it names the notification */
  belongs_to: string;
  /** when it was seen (ISO), or null while unseen */
  seen: string | null;
  time: string;
  /** the texts as shown, in the user's language */
  title: string;
  text: string;
  orga_id: string;
  store_id: string | null;
  /** raised on this device (a customer's decline seen over realtime): never sent to the server */
  local: boolean;
};

export type NotificationList = {
  items: readonly ShellNotification[];
  newCount: number;
  /** R4.22 no Next once a page came back shorter than 50 */
  done: boolean;
};

/** The server names a notification by belongs_to and type (PATCH seen and DELETE paths, §7). */
export function notificationKey(n: Pick<ShellNotification, 'belongs_to' | 'notification_type'>): string {
  return `${n.notification_type}:${n.belongs_to}`;
}

export const EMPTY_NOTIFICATION_LIST: NotificationList = { items: [], newCount: 0, done: false };

/**
 * The first page replaces the list (keeping the local notifications the server does not have: once
 * it has one of the same key, the server's is the one kept); a Next page is added after the list,
 * without repeating a notification.
 */
export function withNotificationPage(
  list: NotificationList,
  page: { items: readonly ShellNotification[]; new_notifications: number },
  first: boolean,
): NotificationList {
  if (!first) {
    const known = new Set(list.items.map(notificationKey));
    return {
      items: [...list.items, ...page.items.filter((n) => !known.has(notificationKey(n)))],
      newCount: list.newCount,
      done: page.items.length < PAGE_SIZES.notifications,
    };
  }
  const served = new Set(page.items.map(notificationKey));
  const locals = list.items.filter((n) => n.local && !served.has(notificationKey(n)));
  return {
    items: sortNewestFirst([...locals, ...page.items]),
    newCount: page.new_notifications + locals.filter((n) => n.seen === null).length,
    done: page.items.length < PAGE_SIZES.notifications,
  };
}

function sortNewestFirst(items: ShellNotification[]): ShellNotification[] {
  return [...items].sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0));
}

/** Where Next continues: the last notification's time and id, or 0 / none for the first page (§7). */
export function nextPageCursor(list: NotificationList): { last_time: string; last_id: string } {
  const server = list.items.filter((n) => !n.local);
  const last = server[server.length - 1];
  return last ? { last_time: last.time, last_id: last.id } : { last_time: '0', last_id: 'none' };
}

/** A notification raised on this device goes first, unseen, and counts as new. */
export function withLocalNotification(list: NotificationList, notification: ShellNotification): NotificationList {
  const others = list.items.filter((n) => notificationKey(n) !== notificationKey(notification));
  const replaced = others.length !== list.items.length;
  return { ...list, items: [{ ...notification, local: true, seen: null }, ...others], newCount: list.newCount + (replaced ? 0 : 1) };
}

/**
 * R4.02 a visible unseen notification becomes seen with the given time and lowers the new count by
 * one; one already seen changes nothing (the count never goes below 0).
 */
export function markSeen(list: NotificationList, key: string, seenAt: string): NotificationList {
  const target = list.items.find((n) => notificationKey(n) === key);
  if (!target || target.seen !== null) return list;
  return {
    ...list,
    items: list.items.map((n) => (n === target ? { ...n, seen: seenAt } : n)),
    newCount: Math.max(0, list.newCount - 1),
  };
}

/** R4.04 deleting removes it; an unseen one also leaves the new count. */
export function withoutNotification(list: NotificationList, key: string): NotificationList {
  const target = list.items.find((n) => notificationKey(n) === key);
  if (!target) return list;
  return {
    ...list,
    items: list.items.filter((n) => n !== target),
    newCount: target.seen === null ? Math.max(0, list.newCount - 1) : list.newCount,
  };
}

/**
 * R4.03 a customer message opens the store's messages page, a booking request its booking page; a
 * declined charge (the organization's, no store) opens the plan page, where the payment is retried; a
 * switched-off webhook endpoint its settings page (issue 33).
 */
export function notificationTarget(n: Pick<ShellNotification, 'notification_type' | 'orga_id' | 'store_id'>): string | null {
  if (n.notification_type === 'PAYMENT_FAILED') return `/${n.orga_id}/adminV2/plan`;
  if (n.notification_type === 'WEBHOOK_DISABLED') return `/${n.orga_id}/settings/webhooks`;
  if (!n.store_id) return null;
  const store = `/${n.orga_id}/store/${n.store_id}`;
  if (n.notification_type === 'CUSTOMER_MSG') return `${store}/messages`;
  if (n.notification_type === 'NEW_BOOKING') return `${store}/booking`;
  return null;
}
