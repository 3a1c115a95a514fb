import { z } from 'zod';
import { defineRpc } from '../core';

/**
 * Deletes one of the organization's own templates (built-in ones cannot be: not_found). Settings that
 * chose it fall back to the built-in template of the type, in the same transaction.
 */
export const deleteMessageTemplateRpc = defineRpc(
  'rpc.messaging.template.delete',
  z.strictObject({ orga_id: z.string().uuid(), template_id: z.string().uuid() }),
  z.object({ deleted: z.literal(true), template_id: z.string().uuid() }),
);
