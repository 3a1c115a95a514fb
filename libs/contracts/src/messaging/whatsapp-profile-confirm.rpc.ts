import { z } from 'zod';
import { defineRpc } from '../core';
import { whatsappProfileSchema } from './messaging-core-shapes';

/**
 * The provider (or an operator) says the requested profile is live: no HTTP route, service to service
 * only (auth null). The sandbox's review job confirms its own requests after its delay.
 */
export const confirmWhatsappProfileRpc = defineRpc(
  'rpc.messaging.whatsapp-profile.confirm',
  z.strictObject({ orga_id: z.string().uuid(), request_id: z.string().uuid() }),
  whatsappProfileSchema,
);
