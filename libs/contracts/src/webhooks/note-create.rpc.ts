import { z } from 'zod';
import { defineRpc } from '../core';
import { webhooksNoteSchema } from './webhooks-shapes';

/** Adds a note to the organization (organization administrators); publishes webhooksNoteCreatedEvent. */
export const createWebhooksNoteRpc = defineRpc(
  'rpc.webhooks.note.create',
  z.strictObject({ orga_id: z.string().uuid(), text: z.string().trim().min(1).max(500) }),
  webhooksNoteSchema,
);
