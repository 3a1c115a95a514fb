import { z } from 'zod';
import { defineRpc } from '../core';
import { messageTemplateSchema } from './messaging-core-shapes';

/** GET /api/v1/orga/{orga}/msg/templates (spec §7, R3.13): the built-in templates of every type and language, then the organization's own. Members. */
export const listMessageTemplatesRpc = defineRpc(
  'rpc.messaging.template.list',
  z.strictObject({ orga_id: z.string().uuid() }),
  z.object({ v: z.array(messageTemplateSchema) }),
);
