import { AttachmentEntity } from './inbox/attachment.entity';
import { MessageAnswerEntity } from './inbox/message-answer.entity';
import { NotificationEntity } from './inbox/notification.entity';
import { MessagingInit1795506346656 } from './migrations/1795506346656-messaging-init';
import { MessagingCore1795506400000 } from './migrations/1795506400000-messaging-core';
import { MessagingProfileFiles1795506400001 } from './migrations/1795506400001-messaging-profile-files';
import { MessagingInbox1795506700000 } from './migrations/1795506700000-messaging-inbox';
import { OutboundMessageEntity } from './outbound/outbound-message.entity';
import { MessagingFileEntity, MessagingUploadPartEntity } from './profile/messaging-file.entity';
import { WhatsappProfileRequestEntity } from './profile/whatsapp-profile-request.entity';
import { MessageEntitlementEntity } from './quota/message-entitlement.entity';
import { MessageQuotaEntity } from './quota/message-quota.entity';
import { MessagingSenderEntity } from './sender/messaging-sender.entity';
import { ReminderSettingsEntity } from './settings/reminder-settings.entity';
import { MessageTemplateEntity } from './template/message-template.entity';

export const MESSAGING_ENTITIES = [
  OutboundMessageEntity,
  MessageTemplateEntity,
  ReminderSettingsEntity,
  MessageQuotaEntity,
  MessageEntitlementEntity,
  MessagingSenderEntity,
  WhatsappProfileRequestEntity,
  MessagingFileEntity,
  MessagingUploadPartEntity,
  MessageAnswerEntity,
  AttachmentEntity,
  NotificationEntity,
];

export const MESSAGING_MIGRATIONS = [
  MessagingInit1795506346656,
  MessagingCore1795506400000,
  MessagingProfileFiles1795506400001,
  MessagingInbox1795506700000,
];
