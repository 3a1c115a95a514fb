import { z } from 'zod';
import { defineRpc } from '../core';
import { storeScopeSchema } from './crm-shapes';

export const deleteFileRpc = defineRpc(
  'rpc.crm.file.delete',
  z.strictObject({ ...storeScopeSchema, file_id: z.string().uuid() }),
  z.object({ deleted: z.literal(true), file_id: z.string().uuid() }),
);
