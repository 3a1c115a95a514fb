import { z } from 'zod';
import { defineRpc } from '../core';
import { tagIconSchema, tagSchema } from './crm-shapes';

export const updateTagRpc = defineRpc(
  'rpc.crm.tag.update',
  z.strictObject({
    orga_id: z.string().uuid(),
    tag_id: z.string().uuid(),
    name: z.string().trim().min(1).max(60).optional(),
    icon: tagIconSchema.optional(),
    emoji: z.string().trim().min(1).max(16).nullable().optional(),
    tag_order: z.number().int().min(0).max(10_000).optional(),
  }),
  tagSchema,
);
