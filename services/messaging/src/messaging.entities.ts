import { AttachmentEntity } from './inbox/attachment.entity';
import { MessageAnswerEntity } from './inbox/message-answer.entity';
import { NotificationEntity } from './inbox/notification.entity';
import { MessagingInit1795506346656 } from './migrations/1795506346656-messaging-init';
import { MessagingInbox1795506700000 } from './migrations/1795506700000-messaging-inbox';
import { OutboundMessageEntity } from './outbound/outbound-message.entity';

export const MESSAGING_ENTITIES = [OutboundMessageEntity, MessageAnswerEntity, AttachmentEntity, NotificationEntity];

export const MESSAGING_MIGRATIONS = [MessagingInit1795506346656, MessagingInbox1795506700000];
