import { z } from 'zod';
import { defineEvent } from '../core';

/** A note was added (written to the outbox in the same transaction as the note). */
export const webhooksNoteCreatedEvent = defineEvent(
  'evt.webhooks.note.created.v1',
  z.object({ orga_id: z.string().uuid(), note_id: z.string().uuid() }),
);
