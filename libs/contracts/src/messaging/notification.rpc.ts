import { z } from 'zod';
import { defineRpc } from '../core';
import { notificationListSchema, notificationSchema, notificationTypeSchema, pageCursorSchema } from './inbox-shapes';

const storeScope = { orga_id: z.string().uuid(), store_id: z.string().uuid() };
/** a customer, appointment or booking request id; for a number no customer has, its digits */
// a customer, appointment or booking request id, or (a customer no one has) their number or business-scoped user id
const belongsTo = z
  .string()
  .regex(/^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9]{6,15}|[A-Z]{2}(\.[A-Z]{2,5})?\.[0-9A-Za-z]{6,30})$/i);

/** R7.03 a store's notifications (and the organization's of no store), newest first, 50 a page, with the unseen count. */
export const listNotificationsRpc = defineRpc(
  'rpc.messaging.notification.list',
  z.strictObject({ ...storeScope, ...pageCursorSchema }),
  notificationListSchema,
);

/** R7.03 marks every unseen notification of this belongs_to and type in the store seen. */
export const markNotificationsSeenRpc = defineRpc(
  'rpc.messaging.notification.seen',
  z.strictObject({ ...storeScope, belongs_to: belongsTo, notification_type: notificationTypeSchema }),
  z.object({ changed: z.number().int(), new_notifications: z.number().int().min(0) }),
);

/** R7.03 R4.04 deletes every notification of this belongs_to and type in the store. */
export const deleteNotificationsRpc = defineRpc(
  'rpc.messaging.notification.delete',
  z.strictObject({ ...storeScope, belongs_to: belongsTo, notification_type: notificationTypeSchema }),
  z.object({ deleted: z.number().int(), new_notifications: z.number().int().min(0) }),
);

/**
 * Service to service only (e.g. booking's NEW_BOOKING): a notification for a store's members.
 * `title`/`text` are keys of the `notifications` i18n namespace, `params` their values.
 * Idempotent on `dedupe_key` (the caller's event or request id).
 */
export const createNotificationRpc = defineRpc(
  'rpc.messaging.notification.create',
  z.strictObject({
    orga_id: z.string().uuid(),
    store_id: z.string().uuid().nullable(),
    notification_type: notificationTypeSchema,
    belongs_to: belongsTo,
    title: z.string().regex(/^[a-zA-Z0-9_.]{1,100}$/),
    text: z.string().regex(/^[a-zA-Z0-9_.]{1,100}$/),
    params: z.record(z.string().max(40), z.string().max(500)).default({}),
    dedupe_key: z.string().min(1).max(200),
  }),
  notificationSchema,
);
