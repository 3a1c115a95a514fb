import { z } from 'zod';
import { defineRpc } from '../core';
import { storeScopeSchema, storedFileSchema } from './crm-shapes';

/** One part of a stored file (512 KiB), from offset; next_offset null at the end. thumbnail reads the small image. */
export const readFileRpc = defineRpc(
  'rpc.crm.file.read',
  z.strictObject({
    ...storeScopeSchema,
    file_id: z.string().uuid(),
    offset: z.number().int().min(0).default(0),
    thumbnail: z.boolean().default(false),
  }),
  z.object({ file: storedFileSchema, data_base64: z.string(), next_offset: z.number().int().nullable() }),
);
