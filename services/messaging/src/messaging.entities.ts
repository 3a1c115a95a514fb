import { MessagingInit1795506346656 } from './migrations/1795506346656-messaging-init';
import { MessagingSandbox1795506800000 } from './migrations/1795506800000-messaging-sandbox';
import { MessagingNoteEntity } from './note/note.entity';
import { OutboundMessageEntity } from './outbound/outbound-message.entity';
import { SandboxMediaEntity } from './sandbox/sandbox-media.entity';
import { SandboxMessageEntity } from './sandbox/sandbox-message.entity';
import { ProviderReceiptEntity } from './webhook/provider-receipt.entity';

export const MESSAGING_ENTITIES = [
  MessagingNoteEntity,
  OutboundMessageEntity,
  SandboxMessageEntity,
  SandboxMediaEntity,
  ProviderReceiptEntity,
];

export const MESSAGING_MIGRATIONS = [MessagingInit1795506346656, MessagingSandbox1795506800000];
