import { z } from 'zod';
import { defineRpc } from '../core';
import { messageTemplateFieldsSchema, messageTemplateSchema } from './messaging-core-shapes';

/** Changes one of the organization's own templates (built-in ones are not changed: not_found); it goes back to review. */
export const updateMessageTemplateRpc = defineRpc(
  'rpc.messaging.template.update',
  messageTemplateFieldsSchema.extend({ orga_id: z.string().uuid(), template_id: z.string().uuid() }),
  messageTemplateSchema,
);
