import { z } from 'zod';
import { defineRpc } from '../core';
import { whatsappProfileSchema } from './messaging-core-shapes';

/** The live WhatsApp profile and the update request in progress (R4.14). Members. */
export const getWhatsappProfileRpc = defineRpc(
  'rpc.messaging.whatsapp-profile.get',
  z.strictObject({ orga_id: z.string().uuid() }),
  whatsappProfileSchema,
);
