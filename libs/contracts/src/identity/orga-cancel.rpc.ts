import { z } from 'zod';
import { defineRpc } from '../core';

/**
 * POST /api/v1/orga/{orga}/cancel (R1.17): the owner cancels the organization; confirm_name must
 * repeat its name (the second confirmation). Stores, memberships and users of no other
 * organization are deleted; evt.identity.orga.cancelled.v1 tells every service to purge.
 */
export const cancelOrgaRpc = defineRpc(
  'rpc.identity.orga.cancel',
  z.strictObject({ orga_id: z.string().uuid(), confirm_name: z.string().max(200) }),
  z.object({ cancelled: z.literal(true) }),
);
