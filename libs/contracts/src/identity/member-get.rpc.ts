import { z } from 'zod';
import { defineRpc } from '../core';
import { orgaUserDetailSchema } from './identity-shapes';

/** GET /api/v1/orga/{orga}/users/{user} (user = person user id): organization administrators only. */
export const getMemberRpc = defineRpc(
  'rpc.identity.member.get',
  z.strictObject({ orga_id: z.string().uuid(), user_id: z.string().uuid() }),
  orgaUserDetailSchema,
);
