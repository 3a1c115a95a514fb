import { z } from 'zod';
import { defineRpc } from '../core';
import { orgaUserDetailSchema } from './identity-shapes';

/** GET /api/v1/orga/{orga}/users: the team with contact data; organization administrators only. */
export const listMembersRpc = defineRpc(
  'rpc.identity.member.list',
  z.strictObject({ orga_id: z.string().uuid() }),
  z.array(orgaUserDetailSchema),
);
