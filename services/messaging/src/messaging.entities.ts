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
import { MessagingCore1795506400000 } from './migrations/1795506400000-messaging-core';
import { MessagingProfileFiles1795506400001 } from './migrations/1795506400001-messaging-profile-files';
import { MessagingDirectory1795506500000 } from './migrations/1795506500000-messaging-directory';
import { MessagingDelivery1795506600000 } from './migrations/1795506600000-messaging-delivery';
import { MessagingInbox1795506700000 } from './migrations/1795506700000-messaging-inbox';
import { MessagingSandbox1795506800000 } from './migrations/1795506800000-messaging-sandbox';
import { MessagingSendTrace1795564000000 } from './migrations/1795564000000-messaging-send-trace';
import { MessagingEarlyStoreZone1795569000000 } from './migrations/1795569000000-messaging-early-store-zone';
import { MessagingWhatsappAccounts1796100000000 } from './migrations/1796100000000-messaging-whatsapp-accounts';
import { MessagingStoreAddress1796200000000 } from './migrations/1796200000000-messaging-store-address';
import { WhatsappAccountErrorEntity } from './account/account-error.entity';
import { OutboundMessageEntity } from './outbound/outbound-message.entity';
import { WabaTemplateEntity } from './registry/waba-template.entity';
import { MessagingFileEntity, MessagingUploadPartEntity } from './profile/messaging-file.entity';
import { WhatsappProfileRequestEntity } from './profile/whatsapp-profile-request.entity';
import { EarlyStoreZoneEntity } from './quota/early-store-zone.entity';
import { MessageEntitlementEntity } from './quota/message-entitlement.entity';
import { MessageQuotaEntity } from './quota/message-quota.entity';
import { ReminderRunEntity } from './reminder/reminder-run.entity';
import {
  SandboxAccountEntity,
  SandboxPhoneNumberEntity,
  SandboxSignupCodeEntity,
  SandboxTemplateEntity,
  SandboxTokenEntity,
} from './sandbox/sandbox-business.entities';
import { SandboxMediaEntity } from './sandbox/sandbox-media.entity';
import { SandboxMessageEntity } from './sandbox/sandbox-message.entity';
import { MessagingSenderEntity } from './sender/messaging-sender.entity';
import { ReminderSettingsEntity } from './settings/reminder-settings.entity';
import { MessageTemplateEntity } from './template/message-template.entity';
import { ProviderReceiptEntity } from './webhook/provider-receipt.entity';

export const MESSAGING_ENTITIES = [
  OutboundMessageEntity,
  MessageTemplateEntity,
  ReminderSettingsEntity,
  MessageQuotaEntity,
  MessageEntitlementEntity,
  EarlyStoreZoneEntity,
  MessagingSenderEntity,
  WhatsappProfileRequestEntity,
  MessagingFileEntity,
  MessagingUploadPartEntity,
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
  WabaTemplateEntity,
  WhatsappAccountErrorEntity,
  SandboxAccountEntity,
  SandboxPhoneNumberEntity,
  SandboxTokenEntity,
  SandboxSignupCodeEntity,
  SandboxTemplateEntity,
];

export const MESSAGING_MIGRATIONS = [
  MessagingInit1795506346656,
  MessagingCore1795506400000,
  MessagingProfileFiles1795506400001,
  MessagingDirectory1795506500000,
  MessagingDelivery1795506600000,
  MessagingInbox1795506700000,
  MessagingSandbox1795506800000,
  MessagingSendTrace1795564000000,
  MessagingEarlyStoreZone1795569000000,
  MessagingWhatsappAccounts1796100000000,
  MessagingStoreAddress1796200000000,
];
