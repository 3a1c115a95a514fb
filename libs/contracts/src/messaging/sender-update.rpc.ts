import { z } from 'zod';
import { defineRpc } from '../core';
import { messagingSenderFieldsSchema, messagingSenderSchema } from './messaging-core-shapes';

/**
 * Sets the organization's WhatsApp Cloud API sender (organization administrators). The access token is
 * stored encrypted (AES-256-GCM) and never answered; a first configuration needs one. A phone_number_id
 * of another organization is `conflict`.
 */
export const updateMessagingSenderRpc = defineRpc(
  'rpc.messaging.sender.update',
  messagingSenderFieldsSchema.extend({ orga_id: z.string().uuid() }),
  messagingSenderSchema,
);
