import { NOTIFICATION_TYPES } from '../constants/messages';
import {
  deleteNotificationsRpc,
  getMessageAnswerRpc,
  getMessageAnswersRpc,
  listAttachmentsRpc,
  listConversationRpc,
  listMessageAnswersRpc,
  listNotificationsRpc,
  markNotificationsSeenRpc,
  sendCustomerReplyRpc,
  sendCustomerTemplateRpc,
  sendAppointmentReminderRpc,
} from '../messaging';
import { defineRoute, type PathParameter } from '../core/http-route';

// The inbox of messaging (spec §7 "Messages", "Notifications", "Files" attachments; R7.03, R7.09):
// customers' answers, conversations and staff replies, and the store's notifications. The cursors are
// path segments as spec §7 documents them: {last time or 0}/{last id or none}.

const STORE = '/api/v1/orga/:orga/store/:store';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ISO_TIME = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2})';

const lastTime = (what: string): PathParameter => ({
  pattern: new RegExp(`^(0|${ISO_TIME})$`),
  description: `The last ${what}'s time (ISO 8601), or 0`,
});
const lastId = (what: string): PathParameter => ({
  pattern: new RegExp(`^(none|${UUID})$`, 'i'),
  description: `The last ${what}'s id, or none`,
});
const cursorParams = (what: string): Record<string, PathParameter> => ({ last_time: lastTime(what), last_id: lastId(what) });

const belongsTo: PathParameter = {
  pattern: new RegExp(`^(${UUID}|[0-9]{6,15}|[A-Z]{2}(\\.[A-Z]{2,5})?\\.[0-9A-Za-z]{6,30})$`, 'i'),
  description:
    'What the notifications are about: a customer, appointment or booking request id (a number no customer has: its digits or business-scoped user id)',
};
const notificationType: PathParameter = {
  pattern: new RegExp(`^(${NOTIFICATION_TYPES.join('|')})$`),
  description: 'CUSTOMER_MSG, NEW_BOOKING or APPOINTMENT_STATUS_CHANGE_BY_CUSTOMER',
};
const notificationKeyParams: Record<string, PathParameter> = { belongs_to: belongsTo, notification_type: notificationType };

/**
 * spec §7's GET …/notification/{last time or 0}/{last id or none} and DELETE …/notification/{belongs_to}/{notification_type}
 * are one path template: OpenAPI keeps one path item per template (Redocly's no-identical-paths), so both
 * name their two segments alike, `anchor` (the page's last time, or what the notifications are about) and
 * `qualifier` (the page's last id, or the notifications' type), each operation with its own pattern.
 */
const NOTIFICATION_SEGMENTS = ':anchor/:qualifier' as const;
const notificationCursorParams: Record<string, PathParameter> = { anchor: lastTime('notification'), qualifier: lastId('notification') };
const notificationDeleteParams: Record<string, PathParameter> = { anchor: belongsTo, qualifier: notificationType };

const attachmentParams: Record<string, PathParameter> = {
  sector: { pattern: /^msg$/, description: 'The file sector: msg (a customer message)' },
};

const multiBody = getMessageAnswersRpc.request.pick({ ids: true });
const replyBody = sendCustomerReplyRpc.request.pick({ text: true });
const templateBody = sendCustomerTemplateRpc.request.pick({ template_id: true, addition: true, appointment_id: true });

export const messagingInboxHttpRoutes = {
  listMessageAnswers: defineRoute({
    method: 'get',
    path: `${STORE}/customers/msg/:last_time/:last_id`,
    summary: "The store's customer messages (answers, attachments), newest first, 200 a page after the last time and id (R7.09, R9.05)",
    tag: 'messaging',
    params: cursorParams('answer'),
    response: listMessageAnswersRpc.response,
  }),
  getMessageAnswers: defineRoute({
    method: 'post',
    path: `${STORE}/customers/msg/multi`,
    summary: 'Customer messages by id (at most 200; ids of other stores or organizations are left out) (R7.09)',
    tag: 'messaging',
    body: multiBody,
    response: getMessageAnswersRpc.response,
  }),
  getMessageAnswer: defineRoute({
    method: 'get',
    path: `${STORE}/customers/msg_single/:id`,
    summary: 'One customer message (answer, attachments) (R7.09)',
    tag: 'messaging',
    response: getMessageAnswerRpc.response,
  }),
  listAttachments: defineRoute({
    method: 'get',
    path: `${STORE}/attachments/:sector/:subject`,
    summary: "A subject's attachments (spec §7 Files: organization, store, file sector and subject id) (R3.12)",
    tag: 'messaging',
    params: attachmentParams,
    response: listAttachmentsRpc.response,
  }),
  downloadAttachment: defineRoute({
    method: 'get',
    path: `${STORE}/attachments/:sector/:subject/:sequence`,
    summary: "One attachment's bytes with its stored Content-Type (R3.12)",
    tag: 'messaging',
    params: { ...attachmentParams, sequence: { pattern: /^\d{1,4}$/, description: 'The attachment sequence number (0, 1 …)' } },
    transfer: 'download',
  }),
  listConversation: defineRoute({
    method: 'get',
    path: `${STORE}/customer/:customer/conversation/:last_time/:last_id`,
    summary: "A customer's conversation: their messages and ours, newest first, 50 a page, with the 24-hour reply window",
    tag: 'messaging',
    params: cursorParams('entry'),
    response: listConversationRpc.response,
  }),
  sendCustomerReply: defineRoute({
    method: 'post',
    path: `${STORE}/customer/:customer/msg`,
    summary:
      'Free text to a customer (≤ 500 characters, R5.07) inside the 24-hour window after their last message; else 409 reply_window_closed',
    tag: 'messaging',
    status: 202,
    body: replyBody,
    response: sendCustomerReplyRpc.response,
  }),
  sendCustomerTemplate: defineRoute({
    method: 'post',
    path: `${STORE}/customer/:customer/msg/template`,
    summary:
      'A template message to a customer (any time), with the free-text addition; an appointment template names the appointment its buttons confirm',
    tag: 'messaging',
    status: 202,
    body: templateBody,
    response: sendCustomerTemplateRpc.response,
  }),
  sendAppointmentReminder: defineRoute({
    method: 'post',
    path: `${STORE}/appointment/:appointment/msg/reminder`,
    summary:
      "Send one appointment's reminder now (the salon's reminder template, the customer's language, Confirm and Decline for this appointment)",
    tag: 'messaging',
    status: 202,
    params: { appointment: { pattern: new RegExp(`^${UUID}$`, 'i'), description: 'The appointment id' } },
    response: sendAppointmentReminderRpc.response,
  }),
  listNotifications: defineRoute({
    method: 'get',
    path: `${STORE}/notification/${NOTIFICATION_SEGMENTS}`,
    summary:
      "The store's notifications, newest first, 50 a page after the last time (anchor: ISO 8601 or 0) and id (qualifier: a UUID or none), with new_notifications (R7.03, R3.16)",
    tag: 'messaging',
    params: notificationCursorParams,
    response: listNotificationsRpc.response,
  }),
  markNotificationsSeen: defineRoute({
    method: 'patch',
    path: `${STORE}/notification/seen/:belongs_to/:notification_type`,
    summary: 'Mark the notifications of this belongs_to and type seen, no body (R7.03)',
    tag: 'messaging',
    params: notificationKeyParams,
    response: markNotificationsSeenRpc.response,
  }),
  deleteNotifications: defineRoute({
    method: 'delete',
    path: `${STORE}/notification/${NOTIFICATION_SEGMENTS}`,
    summary: 'Delete the notifications of this belongs_to (anchor) and type (qualifier) (R7.03, R4.04)',
    tag: 'messaging',
    params: notificationDeleteParams,
    response: deleteNotificationsRpc.response,
  }),
} as const;
