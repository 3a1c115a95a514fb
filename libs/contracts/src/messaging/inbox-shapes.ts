import { z } from 'zod';
import { NOTIFICATION_TYPES } from '../constants/messages';

const uuid = z.string().uuid();

/** spec §9 page sizes of the inbox's lists. */
export const MESSAGE_ANSWER_PAGE_SIZE = 200;
export const NOTIFICATION_PAGE_SIZE = 50;
export const CONVERSATION_PAGE_SIZE = 50;
/** spec §5: WhatsApp free text at most 500 characters. */
export const FREE_TEXT_MAX = 500;
/** WhatsApp's customer-service window: free text only within 24 h of the customer's last message. */
export const REPLY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** spec §4 notification types (NOTIFICATION_TYPES of constants/messages.ts). */
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);

/** Where attachments hang: `msg` = a customer's message answer (its answer_id is the subject). */
export const attachmentSectorSchema = z.enum(['msg']);
export type AttachmentSector = z.infer<typeof attachmentSectorSchema>;

/** spec §3 Attachment: numbered 0, 1 … per subject (R3.12). */
export const attachmentSchema = z.object({
  sector: attachmentSectorSchema,
  subject_id: uuid,
  sequence: z.number().int().min(0),
  mime: z.string(),
  file_name: z.string(),
  size: z.number().int(),
  caption: z.string().nullable(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** What a quick-reply button said (spec §3 button sets 1–3), or null for typed text and media. */
export const answerButtonSchema = z.enum(['confirm', 'decline', 'read', 'unread', 'unsubscribe']);
export type AnswerButton = z.infer<typeof answerButtonSchema>;

/**
 * spec §3 Message answer (R3.12): a customer's message. `attachments` is the highest attachment
 * sequence number of the answer, -1 when it has no files. `customer_id` is null for a number no
 * customer of the organization has (then `store_id` is null too and every store lists it).
 */
export const messageAnswerSchema = z.object({
  answer_id: uuid,
  answer_time: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  fon: z.string(),
  text: z.string(),
  attachments: z.number().int().min(-1),
  customer_id: uuid.nullable(),
  store_id: uuid.nullable(),
  kind: z.enum(['text', 'button', 'media']),
  button: answerButtonSchema.nullable(),
  /** the appointment a confirm/decline button answered */
  appointment_id: uuid.nullable(),
});
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

/** spec §7 answers with their attachments. */
export const messageAnswerPageSchema = z.object({ answers: z.array(messageAnswerSchema), attachments: z.array(attachmentSchema) });
export type MessageAnswerPage = z.infer<typeof messageAnswerPageSchema>;

/**
 * spec §3 Notification (R3.16). `title` and `text` are i18n keys of the `notifications` namespace and
 * `params` their values, so each user reads it in their own language. `local` is always false here:
 * local notifications are the browser's own (spec §4).
 */
export const notificationSchema = z.object({
  id: uuid,
  notification_type: notificationTypeSchema,
  belongs_to: z.string(),
  seen: z.string().nullable(),
  time: z.string(),
  title: z.string(),
  text: z.string(),
  params: z.record(z.string(), z.string()),
  orga_id: uuid,
  store_id: uuid.nullable(),
  local: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** spec §3: the list has content and a new_notifications count (unseen ones of the store). */
export const notificationListSchema = z.object({ content: z.array(notificationSchema), new_notifications: z.number().int().min(0) });
export type NotificationList = z.infer<typeof notificationListSchema>;

/** One line of a customer's conversation: their messages and ours, interleaved by time. */
export const conversationEntrySchema = z.object({
  id: uuid,
  direction: z.enum(['in', 'out']),
  time: z.string(),
  text: z.string(),
  /** inbound: text/button/media; outbound: reminder/reply/campaign */
  kind: z.string(),
  /** outbound: REMINDER_STATUS; inbound: null */
  status: z.number().int().nullable(),
  /** inbound: highest attachment sequence, -1 none; outbound: -1 */
  attachments: z.number().int().min(-1),
  /** outbound not sent: why, for staff (OUTBOUND_REASONS: template_pending, not_connected …); otherwise null (issue 27) */
  reason: z.string().nullable().optional(),
});
export type ConversationEntry = z.infer<typeof conversationEntrySchema>;

export const conversationPageSchema = z.object({
  entries: z.array(conversationEntrySchema),
  attachments: z.array(attachmentSchema),
  /** when the 24-hour window for free text closes (null: closed, a template is needed) */
  reply_window_until: z.string().nullable(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;

/** A cursor of spec §7: `0` / `none` for the first page, else the last item's time (ISO) and id. */
export const pageCursorSchema = {
  last_time: z.string().datetime({ offset: true }).nullable(),
  last_id: uuid.nullable(),
};
