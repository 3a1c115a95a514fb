import { z } from 'zod';
import { defineRpc } from '../core';
import { whatsappProfileFieldsSchema, whatsappProfileSchema } from './messaging-core-shapes';

/**
 * Requests a new WhatsApp profile (organization administrators): in progress until it is live, within 7
 * working days (R4.14). A request still in progress is replaced. The image must be the organization's.
 */
export const updateWhatsappProfileRpc = defineRpc(
  'rpc.messaging.whatsapp-profile.update',
  whatsappProfileFieldsSchema.extend({ orga_id: z.string().uuid() }),
  whatsappProfileSchema,
);
