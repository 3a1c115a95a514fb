import { z } from 'zod';
import { defineRpc } from '../core';
import { memberAccessSchema } from './identity-shapes';

/**
 * Membership for guards (platform-api.md). Callable without auth (service to service), by the
 * user themself, or by an active member of the same organization; unknown organization → not_found.
 */
export const memberAccessRpc = defineRpc(
  'rpc.identity.member.access',
  z.strictObject({ user_id: z.string().uuid(), orga_id: z.string().uuid() }),
  memberAccessSchema,
);
