import { z } from 'zod';
import { defineRpc } from '../core';
import { attachmentSchema, attachmentSectorSchema } from './inbox-shapes';

const subject = {
  orga_id: z.string().uuid(),
  store_id: z.string().uuid(),
  sector: attachmentSectorSchema,
  subject_id: z.string().uuid(),
};

/** spec §7 Attachments: the files of one subject (a customer message) of the store (store read). */
export const listAttachmentsRpc = defineRpc('rpc.messaging.attachment.list', z.strictObject(subject), z.array(attachmentSchema));

/** One part (512 KiB) of an attachment's bytes from offset; next_offset null at the end (NATS max_payload is 1 MiB). */
export const readAttachmentRpc = defineRpc(
  'rpc.messaging.attachment.read',
  z.strictObject({ ...subject, sequence: z.number().int().min(0), offset: z.number().int().min(0).default(0) }),
  z.object({ attachment: attachmentSchema, data_base64: z.string(), next_offset: z.number().int().nullable() }),
);
