import { z } from 'zod';
import { defineRpc } from '../core';

/** Deletes a tag and removes it from every customer or pet. */
export const deleteTagRpc = defineRpc(
  'rpc.crm.tag.delete',
  z.strictObject({ orga_id: z.string().uuid(), tag_id: z.string().uuid() }),
  z.object({ deleted: z.literal(true), tag_id: z.string().uuid() }),
);
