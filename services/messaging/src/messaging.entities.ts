import { MessagingInit1795506346656 } from './migrations/1795506346656-messaging-init';
import { MessagingDelivery1795506600000 } from './migrations/1795506600000-messaging-delivery';
import { MessagingNoteEntity } from './note/note.entity';
import { OutboundMessageEntity } from './outbound/outbound-message.entity';

export const MESSAGING_ENTITIES = [MessagingNoteEntity, OutboundMessageEntity];

export const MESSAGING_MIGRATIONS = [MessagingInit1795506346656, MessagingDelivery1795506600000];
