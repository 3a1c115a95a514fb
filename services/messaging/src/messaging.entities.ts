import { MessagingInit1795506346656 } from './migrations/1795506346656-messaging-init';
import { OutboundMessageEntity } from './outbound/outbound-message.entity';

export const MESSAGING_ENTITIES = [OutboundMessageEntity];

export const MESSAGING_MIGRATIONS = [MessagingInit1795506346656];
