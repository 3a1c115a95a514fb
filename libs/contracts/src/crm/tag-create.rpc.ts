import { z } from 'zod';
import { defineRpc } from '../core';
import { tagIconSchema, tagKindSchema, tagSchema } from './crm-shapes';

/** R1.05 a tag with a name and an emoji or one of the 31 fixed icons (R3.20), for customers or pets. */
export const createTagRpc = defineRpc(
  'rpc.crm.tag.create',
  z.strictObject({
    orga_id: z.string().uuid(),
    kind: tagKindSchema,
    name: z.string().trim().min(1).max(60),
    icon: tagIconSchema.default(0),
    emoji: z.string().trim().min(1).max(16).nullable().default(null),
    tag_order: z.number().int().min(0).max(10_000).default(0),
  }),
  tagSchema,
);
