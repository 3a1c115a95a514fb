import { z } from 'zod';
import { defineRpc } from '../core';
import { messagingFileSchema } from './messaging-core-shapes';

/** NATS' 1 MiB payload limit: file bytes travel in parts of at most 512 KiB (as crm's files). */
export const MESSAGING_FILE_PART_BYTES = 512 * 1024;
const PART_BASE64_MAX = Math.ceil(MESSAGING_FILE_PART_BYTES / 3) * 4;

/**
 * One part of a WhatsApp profile image upload (organization administrators). The part with last = true
 * checks the whole file (jpg or png by content, at most 1048576 bytes, 1 file: R5.10, R9.04) and stores it.
 */
export const uploadWhatsappProfileImagePartRpc = defineRpc(
  'rpc.messaging.profile-image.upload-part',
  z.strictObject({
    orga_id: z.string().uuid(),
    upload_id: z.string().uuid(),
    file_name: z.string().trim().min(1).max(200),
    total_size: z.number().int().min(1),
    offset: z.number().int().min(0),
    data_base64: z.string().max(PART_BASE64_MAX),
    last: z.boolean(),
  }),
  z.object({ received: z.number().int(), file: messagingFileSchema.nullable() }),
);

/** GET .../msg/whatsapp_profile_images (spec §7). Members. */
export const listWhatsappProfileImagesRpc = defineRpc(
  'rpc.messaging.profile-image.list',
  z.strictObject({ orga_id: z.string().uuid() }),
  z.array(messagingFileSchema),
);

/**
 * GET /api/v1/orga/whatsapp_profile_image/{fileId} (spec §7: the path names no organization): the
 * caller must be a member of the file's organization. One part from offset; next_offset null at the end.
 */
export const readWhatsappProfileImageRpc = defineRpc(
  'rpc.messaging.profile-image.read',
  z.strictObject({ file_id: z.string().uuid(), offset: z.number().int().min(0).default(0) }),
  z.object({ file: messagingFileSchema, data_base64: z.string(), next_offset: z.number().int().nullable() }),
);

/** DELETE .../msg/whatsapp_profile_image (spec §7): removes the organization's image (there is at most one). */
export const deleteWhatsappProfileImageRpc = defineRpc(
  'rpc.messaging.profile-image.delete',
  z.strictObject({ orga_id: z.string().uuid() }),
  z.object({ deleted: z.boolean(), file_id: z.string().uuid().nullable() }),
);
