import { z } from 'zod';
import { defineRpc } from '../core';
import { tagKindSchema, tagSchema } from './crm-shapes';

/** The organization's tags in tag_order, optionally of one kind. */
export const listTagsRpc = defineRpc(
  'rpc.crm.tag.list',
  z.strictObject({ orga_id: z.string().uuid(), kind: tagKindSchema.optional() }),
  z.array(tagSchema),
);
