import { z } from 'zod';
import { defineRpc } from '../core';
import { organizationSummarySchema } from './identity-shapes';

/** GET /api/v1/orga: organizations the calling user is an active member of. Auth required. */
export const listOrgasRpc = defineRpc('rpc.identity.orga.list', z.strictObject({}), z.array(organizationSummarySchema));
