import { z } from 'zod';
import { defineRpc } from '../core';
import { billingNoteSchema } from './billing-shapes';

/** Adds a note to the organization (organization administrators); publishes billingNoteCreatedEvent. */
export const createBillingNoteRpc = defineRpc(
  'rpc.billing.note.create',
  z.strictObject({ orga_id: z.string().uuid(), text: z.string().trim().min(1).max(500) }),
  billingNoteSchema,
);
