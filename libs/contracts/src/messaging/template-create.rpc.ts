import { z } from 'zod';
import { defineRpc } from '../core';
import { messageTemplateFieldsSchema, messageTemplateSchema } from './messaging-core-shapes';

/** An organization's own template (organization administrators); it is pending until WhatsApp's review approves it. */
export const createMessageTemplateRpc = defineRpc(
  'rpc.messaging.template.create',
  messageTemplateFieldsSchema.extend({ orga_id: z.string().uuid() }),
  messageTemplateSchema,
);
