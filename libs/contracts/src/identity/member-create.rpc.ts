import { z } from 'zod';
import { defineRpc } from '../core';
import { identityLanguageSchema, orgaUserDetailSchema, orgaUserFieldsSchema } from './identity-shapes';

/**
 * POST /api/v1/orga/{orga}/users (R3.03, R5.17): a new person user with a generated username and a
 * random first password, answered once. Organization administrators only; only the owner makes
 * an owner and nobody grants a rank above their own.
 */
export const createMemberRpc = defineRpc(
  'rpc.identity.member.create',
  orgaUserFieldsSchema.extend({
    orga_id: z.string().uuid(),
    email: z.string().trim().max(254).email(),
    language: identityLanguageSchema.optional(),
  }),
  orgaUserDetailSchema.extend({ first_password: z.string() }),
);
