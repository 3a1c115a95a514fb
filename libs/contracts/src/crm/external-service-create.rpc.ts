import { z } from 'zod';
import { defineRpc } from '../core';
import { externalServiceSchema } from './crm-shapes';

/** R1.10 an extra field of the organization; a service_id already used → server_401 (R5.14, R8.04). */
export const createExternalServiceRpc = defineRpc(
  'rpc.crm.external-service.create',
  z.strictObject({ orga_id: z.string().uuid(), service_id: z.string().trim().min(1).max(64), name: z.string().trim().min(1).max(100) }),
  externalServiceSchema,
);
