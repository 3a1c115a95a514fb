import { Controller } from '@nestjs/common';
import {
  deleteNotificationsRpc,
  getMessageAnswerRpc,
  getMessageAnswersRpc,
  listAttachmentsRpc,
  listConversationRpc,
  listMessageAnswersRpc,
  listNotificationsRpc,
  markNotificationsSeenRpc,
  readAttachmentRpc,
  sendCustomerReplyRpc,
  sendCustomerTemplateRpc,
  sendAppointmentReminderRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { RpcHandler, StoreRead, StoreWrite, storeScopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { AnswerService } from './answer.service';
import { ConversationService } from './conversation.service';
import { NotificationService } from './notification.service';

/** The inbox's routes: members with store read access read, store write access replies (the kit's guard, ADR 0007). */
@Controller()
export class InboxHandlers {
  constructor(
    private readonly answers: AnswerService,
    private readonly conversations: ConversationService,
    private readonly notifications: NotificationService,
  ) {}

  @StoreRead()
  @RpcHandler(listMessageAnswersRpc)
  async listAnswers(
    input: RpcRequest<typeof listMessageAnswersRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof listMessageAnswersRpc>> {
    return this.answers.list(storeScopeOf(ctx), input.last_time, input.last_id);
  }

  @StoreRead()
  @RpcHandler(getMessageAnswersRpc)
  async answersByIds(
    input: RpcRequest<typeof getMessageAnswersRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof getMessageAnswersRpc>> {
    return this.answers.byIds(storeScopeOf(ctx), input.ids);
  }

  @StoreRead()
  @RpcHandler(getMessageAnswerRpc)
  async answer(input: RpcRequest<typeof getMessageAnswerRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getMessageAnswerRpc>> {
    return this.answers.one(storeScopeOf(ctx), input.answer_id);
  }

  @StoreRead()
  @RpcHandler(listAttachmentsRpc)
  async attachments(input: RpcRequest<typeof listAttachmentsRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listAttachmentsRpc>> {
    return this.answers.attachments(storeScopeOf(ctx), input.sector, input.subject_id);
  }

  @StoreRead()
  @RpcHandler(readAttachmentRpc)
  async readAttachment(input: RpcRequest<typeof readAttachmentRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof readAttachmentRpc>> {
    return this.answers.read(storeScopeOf(ctx), input.sector, input.subject_id, input.sequence, input.offset);
  }

  @StoreRead()
  @RpcHandler(listConversationRpc)
  async conversation(input: RpcRequest<typeof listConversationRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listConversationRpc>> {
    return this.conversations.list(storeScopeOf(ctx), input.customer_id, input.last_time, input.last_id);
  }

  @StoreWrite()
  @RpcHandler(sendCustomerReplyRpc)
  async reply(input: RpcRequest<typeof sendCustomerReplyRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof sendCustomerReplyRpc>> {
    return this.conversations.reply(storeScopeOf(ctx), input.customer_id, input.text);
  }

  @StoreWrite()
  @RpcHandler(sendCustomerTemplateRpc)
  async template(
    input: RpcRequest<typeof sendCustomerTemplateRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof sendCustomerTemplateRpc>> {
    return this.conversations.template(storeScopeOf(ctx), input.customer_id, input.template_id, input.addition, input.appointment_id);
  }

  @StoreWrite()
  @RpcHandler(sendAppointmentReminderRpc)
  async remind(
    input: RpcRequest<typeof sendAppointmentReminderRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof sendAppointmentReminderRpc>> {
    return this.conversations.remindNow(storeScopeOf(ctx), input.appointment_id);
  }

  @StoreRead()
  @RpcHandler(listNotificationsRpc)
  async notificationList(
    input: RpcRequest<typeof listNotificationsRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof listNotificationsRpc>> {
    return this.notifications.list(storeScopeOf(ctx), input.last_time, input.last_id);
  }

  @StoreRead()
  @RpcHandler(markNotificationsSeenRpc)
  async seen(
    input: RpcRequest<typeof markNotificationsSeenRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof markNotificationsSeenRpc>> {
    return this.notifications.markSeen(storeScopeOf(ctx), input.belongs_to, input.notification_type);
  }

  @StoreRead()
  @RpcHandler(deleteNotificationsRpc)
  async deleteNotifications(
    input: RpcRequest<typeof deleteNotificationsRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof deleteNotificationsRpc>> {
    return this.notifications.delete(storeScopeOf(ctx), input.belongs_to, input.notification_type);
  }
}
