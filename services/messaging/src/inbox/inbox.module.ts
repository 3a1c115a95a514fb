import { Module } from '@nestjs/common';
import { AnswerService } from './answer.service';
import { ConversationService } from './conversation.service';
import { InboundConsumer } from './inbound.consumer';
import { InboundService } from './inbound.service';
import { InboxHandlers } from './inbox.handlers';
import { NotificationCreateHandlers } from './notification-create.handlers';
import { NotificationService } from './notification.service';
import { NewBookingConsumer } from './new-booking.consumer';
import { StatusChangeConsumer } from './status-change.consumer';

/**
 * Customers' answers, conversations, staff replies and notifications. It needs the ports DIRECTORY,
 * SENDER_DIRECTORY, WHATSAPP_PROVIDER, OUTBOUND_SENDER, TEMPLATE_COMPOSER and FILE_STORAGE (the core's one storage)
 * from the modules that implement them (exported to the messaging module's scope).
 */
@Module({
  controllers: [InboxHandlers, NotificationCreateHandlers, InboundConsumer, StatusChangeConsumer, NewBookingConsumer],
  providers: [AnswerService, ConversationService, InboundService, NotificationService],
  exports: [NotificationService],
})
export class InboxModule {}
