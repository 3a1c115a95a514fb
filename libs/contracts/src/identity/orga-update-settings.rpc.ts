import { z } from 'zod';
import { defineRpc } from '../core';
import { appointmentCardCustomSchema, organizationSchema, rankSchema } from './identity-shapes';

/**
 * PUT /api/v1/orga/{orga}/settings (R2.02, R3.02, R6.03): minimum ranks, share_pets and the
 * administrator notification (HTML, stored sanitized), and what the calendar's appointment cards
 * show (appointment_card_custom, null for the default card). Organization administrators only.
 */
export const updateOrgaSettingsRpc = defineRpc(
  'rpc.identity.orga.update-settings',
  z.strictObject({
    orga_id: z.string().uuid(),
    min_rank_read_store: rankSchema.optional(),
    min_rank_write_store: rankSchema.optional(),
    min_rank_read_pets: rankSchema.optional(),
    min_rank_write_pets: rankSchema.optional(),
    share_pets: z.boolean().optional(),
    admin_notification: z.string().max(20_000).nullable().optional(),
    appointment_card_custom: appointmentCardCustomSchema.nullable().optional(),
  }),
  organizationSchema,
);
