import { z } from 'zod';
import { defineRpc } from '../core';
import { messageQuotaSchema } from './messaging-core-shapes';

/** GET /api/v1/orga/{orga}/msg/msg_left (spec §7, R4.10, R8.09). Members. */
export const getMessageQuotaRpc = defineRpc('rpc.messaging.quota.get', z.strictObject({ orga_id: z.string().uuid() }), messageQuotaSchema);
