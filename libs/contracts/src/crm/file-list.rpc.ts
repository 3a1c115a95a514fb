import { z } from 'zod';
import { defineRpc } from '../core';
import { crmFileKindSchema, storeScopeSchema, storedFileSchema } from './crm-shapes';

/** .../customer/{id}/privacy_files and .../pet/{id}/images. */
export const listFilesRpc = defineRpc(
  'rpc.crm.file.list',
  z.strictObject({ ...storeScopeSchema, kind: crmFileKindSchema, owner_id: z.string().uuid() }),
  z.array(storedFileSchema),
);
