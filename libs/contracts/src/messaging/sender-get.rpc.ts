import { z } from 'zod';
import { defineRpc } from '../core';
import { messagingSenderSchema } from './messaging-core-shapes';

/** The organization's WhatsApp sender, without its access token. Members. */
export const getMessagingSenderRpc = defineRpc(
  'rpc.messaging.sender.get',
  z.strictObject({ orga_id: z.string().uuid() }),
  messagingSenderSchema,
);
