import { z } from 'zod';
import { defineRpc } from '../core';
import { organizationDetailSchema } from './identity-shapes';

/** GET /api/v1/orga/{orga}: organization with its stores and users. Members only. */
export const getOrgaRpc = defineRpc('rpc.identity.orga.get', z.strictObject({ orga_id: z.string().uuid() }), organizationDetailSchema);
