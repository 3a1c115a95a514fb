import { z } from 'zod';
import { defineEvent } from '../core';
import { notificationTypeSchema } from './inbox-shapes';

/** A customer's message was stored (realtime: scope `answer`, data = answer id; the messages page refetches it). */
export const messageAnswerReceivedEvent = defineEvent(
  'evt.messaging.answer.received.v1',
  z.object({ answer_id: z.string().uuid(), customer_id: z.string().uuid().nullable(), store_id: z.string().uuid().nullable() }),
);

/** A notification was created or raised again (realtime: scope `notification`, data = its id; the bell refetches). */
export const notificationCreatedEvent = defineEvent(
  'evt.messaging.notification.created.v1',
  z.object({
    notification_id: z.string().uuid(),
    notification_type: notificationTypeSchema,
    belongs_to: z.string(),
    store_id: z.string().uuid().nullable(),
  }),
);

/** Notifications of one belongs_to and type were seen or deleted (the user's other devices refetch the count). */
export const notificationChangedEvent = defineEvent(
  'evt.messaging.notification.changed.v1',
  z.object({
    notification_type: notificationTypeSchema,
    belongs_to: z.string(),
    store_id: z.string().uuid(),
    change: z.enum(['seen', 'deleted']),
  }),
);
