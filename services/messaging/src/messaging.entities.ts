import {
  DirAppointmentEntity,
  DirAppointmentPetEntity,
  DirCustomerEntity,
  DirPetEntity,
  DirStoreEntity,
} from './directory/directory.entities';
import { MessagingInit1795506346656 } from './migrations/1795506346656-messaging-init';
import { MessagingDirectory1795506500000 } from './migrations/1795506500000-messaging-directory';
import { MessagingNoteEntity } from './note/note.entity';
import { OutboundMessageEntity } from './outbound/outbound-message.entity';
import { ReminderRunEntity } from './reminder/reminder-run.entity';

export const MESSAGING_ENTITIES = [
  MessagingNoteEntity,
  OutboundMessageEntity,
  DirStoreEntity,
  DirCustomerEntity,
  DirPetEntity,
  DirAppointmentEntity,
  DirAppointmentPetEntity,
  ReminderRunEntity,
];

export const MESSAGING_MIGRATIONS = [MessagingInit1795506346656, MessagingDirectory1795506500000];
