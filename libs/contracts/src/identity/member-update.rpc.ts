import { z } from 'zod';
import { defineRpc } from '../core';
import { orgaUserDetailSchema, orgaUserFieldsSchema } from './identity-shapes';

/** PUT /api/v1/orga/{orga}/users/{user}: omitted fields stay; store_override replaces the whole map. */
export const updateMemberRpc = defineRpc(
  'rpc.identity.member.update',
  orgaUserFieldsSchema.partial().extend({ orga_id: z.string().uuid(), user_id: z.string().uuid() }),
  orgaUserDetailSchema,
);
