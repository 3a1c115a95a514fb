import {
  deleteNotificationsRpc,
  getMessageAnswerRpc,
  getMessageAnswersRpc,
  listAttachmentsRpc,
  listConversationRpc,
  listMessageAnswersRpc,
  listNotificationsRpc,
  markNotificationsSeenRpc,
  messagingInboxHttpRoutes as http,
  readAttachmentRpc,
  sendCustomerReplyRpc,
  sendCustomerTemplateRpc,
  sendAppointmentReminderRpc,
  type NotificationType,
} from '@pawline/contracts';
import {
  fileDownloadRoute,
  orgaParam,
  pathParam,
  rpcRoute,
  storeParam,
  type ApiRoute,
  type BoundRpc,
  type FileDownload,
  type RouteContext,
} from '../http/route-definition';
import { partsFrom } from '../http/file-transfer';

// The inbox of messaging: customers' answers, attachments, conversations, staff replies and the
// store's notifications; declared in libs/contracts/src/http/messaging-inbox.routes.ts. The gateway
// checks the access rule, the service checks it again.

const storeScope = (ctx: RouteContext) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx) });
/** spec §7 cursors: `0` and `none` start at the newest */
const cursorOf = (lastTime: string, lastId: string) => ({
  last_time: lastTime === '0' ? null : lastTime,
  last_id: lastId === 'none' ? null : lastId.toLowerCase(),
});
const cursor = (ctx: RouteContext) => cursorOf(pathParam(ctx, 'last_time'), pathParam(ctx, 'last_id'));
const keyOf = (ctx: RouteContext, belongsTo: string, type: string) => ({
  ...storeScope(ctx),
  belongs_to: belongsTo.toLowerCase(),
  notification_type: type as NotificationType,
});
// GET and DELETE …/notification/{anchor}/{qualifier} share one path template (see the declaration)
const notificationCursor = (ctx: RouteContext) => cursorOf(pathParam(ctx, 'anchor'), pathParam(ctx, 'qualifier'));
const notificationKey = (ctx: RouteContext) => keyOf(ctx, pathParam(ctx, 'belongs_to'), pathParam(ctx, 'notification_type'));
const addressedNotificationKey = (ctx: RouteContext) => keyOf(ctx, pathParam(ctx, 'anchor'), pathParam(ctx, 'qualifier'));
const customerScope = (ctx: RouteContext) => ({ ...storeScope(ctx), customer_id: pathParam(ctx, 'customer') });

/** An attachment's bytes part by part (512 KiB each; NATS max_payload is 1 MiB). */
async function downloadAttachment(ctx: RouteContext, rpc: BoundRpc): Promise<FileDownload> {
  const subject = {
    ...storeScope(ctx),
    sector: 'msg' as const,
    subject_id: pathParam(ctx, 'subject'),
    sequence: Number(pathParam(ctx, 'sequence')),
  };
  const read = (offset: number) => rpc.call(readAttachmentRpc, { ...subject, offset });
  const first = await read(0);
  return {
    contentType: first.attachment.mime,
    fileName: first.attachment.file_name,
    size: first.attachment.size,
    parts: partsFrom(first, read),
  };
}

export const messagingInboxRoutes: ApiRoute[] = [
  rpcRoute(http.listMessageAnswers, {
    access: { orga: 'store_read' },
    rpc: listMessageAnswersRpc,
    input: (ctx) => ({ ...storeScope(ctx), ...cursor(ctx) }),
  }),
  rpcRoute(http.getMessageAnswers, {
    access: { orga: 'store_read' },
    rpc: getMessageAnswersRpc,
    input: (ctx) => ({ ...storeScope(ctx), ...ctx.body }),
  }),
  rpcRoute(http.getMessageAnswer, {
    access: { orga: 'store_read' },
    rpc: getMessageAnswerRpc,
    input: (ctx) => ({ ...storeScope(ctx), answer_id: pathParam(ctx, 'id') }),
  }),
  rpcRoute(http.listAttachments, {
    access: { orga: 'store_read' },
    rpc: listAttachmentsRpc,
    input: (ctx) => ({ ...storeScope(ctx), sector: 'msg' as const, subject_id: pathParam(ctx, 'subject') }),
  }),
  fileDownloadRoute(http.downloadAttachment, { access: { orga: 'store_read' }, download: downloadAttachment }),
  rpcRoute(http.listConversation, {
    access: { orga: 'store_read' },
    rpc: listConversationRpc,
    input: (ctx) => ({ ...customerScope(ctx), ...cursor(ctx) }),
  }),
  rpcRoute(http.sendCustomerReply, {
    access: { orga: 'store_write' },
    rpc: sendCustomerReplyRpc,
    input: (ctx) => ({ ...customerScope(ctx), ...ctx.body }),
  }),
  rpcRoute(http.sendCustomerTemplate, {
    access: { orga: 'store_write' },
    rpc: sendCustomerTemplateRpc,
    input: (ctx) => ({ ...customerScope(ctx), ...ctx.body }),
  }),
  rpcRoute(http.sendAppointmentReminder, {
    access: { orga: 'store_write' },
    rpc: sendAppointmentReminderRpc,
    input: (ctx) => ({ ...storeScope(ctx), appointment_id: pathParam(ctx, 'appointment') }),
  }),
  rpcRoute(http.listNotifications, {
    access: { orga: 'store_read' },
    rpc: listNotificationsRpc,
    input: (ctx) => ({ ...storeScope(ctx), ...notificationCursor(ctx) }),
  }),
  rpcRoute(http.markNotificationsSeen, { access: { orga: 'store_read' }, rpc: markNotificationsSeenRpc, input: notificationKey }),
  rpcRoute(http.deleteNotifications, {
    access: { orga: 'store_read' },
    rpc: deleteNotificationsRpc,
    input: addressedNotificationKey,
  }),
];
