import {
  DirAppointmentEntity,
  DirAppointmentPetEntity,
  DirCustomerEntity,
  DirPetEntity,
  DirStoreEntity,
} from './directory/directory.entities';
import { AttachmentEntity } from './inbox/attachment.entity';
import { MessageAnswerEntity } from './inbox/message-answer.entity';
import { NotificationEntity } from './inbox/notification.entity';
import { MessagingInit1795506346656 } from './migrations/1795506346656-messaging-init';
import { MessagingDelivery1795506600000 } from './migrations/1795506600000-messaging-delivery';
import { MessagingDirectory1795506500000 } from './migrations/1795506500000-messaging-directory';
import { MessagingInbox1795506700000 } from './migrations/1795506700000-messaging-inbox';
import { MessagingSandbox1795506800000 } from './migrations/1795506800000-messaging-sandbox';
import { OutboundMessageEntity } from './outbound/outbound-message.entity';
import { ReminderRunEntity } from './reminder/reminder-run.entity';
import { SandboxMediaEntity } from './sandbox/sandbox-media.entity';
import { SandboxMessageEntity } from './sandbox/sandbox-message.entity';
import { ProviderReceiptEntity } from './webhook/provider-receipt.entity';

export const MESSAGING_ENTITIES = [
  OutboundMessageEntity,
  DirStoreEntity,
  DirCustomerEntity,
  DirPetEntity,
  DirAppointmentEntity,
  DirAppointmentPetEntity,
  ReminderRunEntity,
  MessageAnswerEntity,
  AttachmentEntity,
  NotificationEntity,
  SandboxMessageEntity,
  SandboxMediaEntity,
  ProviderReceiptEntity,
];

export const MESSAGING_MIGRATIONS = [
  MessagingInit1795506346656,
  MessagingDirectory1795506500000,
  MessagingDelivery1795506600000,
  MessagingInbox1795506700000,
  MessagingSandbox1795506800000,
];
