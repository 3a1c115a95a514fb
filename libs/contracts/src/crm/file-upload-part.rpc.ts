import { z } from 'zod';
import { defineRpc } from '../core';
import { FILE_PART_BASE64_MAX, crmFileKindSchema, storeScopeSchema, storedFileSchema } from './crm-shapes';

/**
 * One part of a file upload (customer privacy file or pet image). Parts of one upload_id arrive
 * in order by offset; the part with last = true checks the whole file (type by content, size,
 * count: R5.10, R9.04) and stores it. NATS' 1 MiB payload limit is why files travel in parts.
 * replaces_file_id (R7.04 PUT .../pet/{petId}/image/{fileId}): a file of the same owner and kind
 * that the new one takes the place of: it does not count against the limit and is removed in the
 * transaction that stores the new one (not_found when it is not the owner's).
 */
export const uploadFilePartRpc = defineRpc(
  'rpc.crm.file.upload-part',
  z.strictObject({
    ...storeScopeSchema,
    kind: crmFileKindSchema,
    /** customer id for customer_privacy, pet id for pet_image */
    owner_id: z.string().uuid(),
    upload_id: z.string().uuid(),
    file_name: z.string().trim().min(1).max(200),
    total_size: z.number().int().min(1),
    offset: z.number().int().min(0),
    data_base64: z.string().max(FILE_PART_BASE64_MAX),
    last: z.boolean(),
    replaces_file_id: z.string().uuid().optional(),
  }),
  z.object({ received: z.number().int(), file: storedFileSchema.nullable() }),
);
