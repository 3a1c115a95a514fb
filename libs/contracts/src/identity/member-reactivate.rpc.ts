import { z } from 'zod';
import { defineRpc } from '../core';
import { orgaUserDetailSchema } from './identity-shapes';

/** POST /api/v1/orga/{orga}/users/{user}/reactivate (R3.03). */
export const reactivateMemberRpc = defineRpc(
  'rpc.identity.member.reactivate',
  z.strictObject({ orga_id: z.string().uuid(), user_id: z.string().uuid() }),
  orgaUserDetailSchema,
);
