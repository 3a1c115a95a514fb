import type { ShellNotification } from '@pawline/domain';

/** One page of the store's notifications and the store's count of unseen ones (R3.16). */
export type NotificationPage = { items: ShellNotification[]; new_notifications: number };

/** The server side of the notification list (R7.03); a fake in the component tests. */
export type NotificationSource = {
  /** R4.04 R9.05 a page of 50 after the cursor ('0' / 'none' for the first) */
  page: (cursor: { last_time: string; last_id: string }) => Promise<NotificationPage>;
  /** R4.02 PATCH …/notification/seen/{belongs_to}/{notification_type} */
  markSeen: (n: ShellNotification) => Promise<void>;
  /** R4.04 DELETE …/notification/{belongs_to}/{notification_type} (declared as …/notification/{anchor}/{qualifier}) */
  remove: (n: ShellNotification) => Promise<void>;
};
