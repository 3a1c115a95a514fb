import { Module } from '@nestjs/common';
import { FILE_STORAGE } from '@pawline/nest-kit';
import { AnswerService } from './answer.service';
import { ConversationService } from './conversation.service';
import { InboundConsumer } from './inbound.consumer';
import { InboundService } from './inbound.service';
import { InboxHandlers } from './inbox.handlers';
import { inboxFileStorage } from './inbox-storage';
import { NotificationCreateHandlers } from './notification-create.handlers';
import { NotificationService } from './notification.service';
import { StatusChangeConsumer } from './status-change.consumer';

/**
 * Customers' answers, conversations, staff replies and notifications. It needs the ports DIRECTORY,
 * SENDER_DIRECTORY, WHATSAPP_PROVIDER, OUTBOUND_SENDER and TEMPLATE_COMPOSER from the modules that
 * implement them (exported to the messaging module's scope).
 */
@Module({
  controllers: [InboxHandlers, NotificationCreateHandlers, InboundConsumer, StatusChangeConsumer],
  providers: [
    { provide: FILE_STORAGE, useFactory: () => inboxFileStorage() },
    AnswerService,
    ConversationService,
    InboundService,
    NotificationService,
  ],
  exports: [NotificationService],
})
export class InboxModule {}
