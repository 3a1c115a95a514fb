import { z } from 'zod';
import { defineRpc } from '../core';
import { orgaUserDetailSchema } from './identity-shapes';

/** POST /api/v1/orga/{orga}/users/{user}/deactivate (R3.03): no sign-in, live sessions end at once. */
export const deactivateMemberRpc = defineRpc(
  'rpc.identity.member.deactivate',
  z.strictObject({ orga_id: z.string().uuid(), user_id: z.string().uuid() }),
  orgaUserDetailSchema,
);
