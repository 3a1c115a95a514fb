import { z } from 'zod';
import { defineRpc } from '../core';
import { externalServiceSchema } from './crm-shapes';

export const updateExternalServiceRpc = defineRpc(
  'rpc.crm.external-service.update',
  z.strictObject({
    orga_id: z.string().uuid(),
    external_service_id: z.string().uuid(),
    service_id: z.string().trim().min(1).max(64).optional(),
    name: z.string().trim().min(1).max(100).optional(),
  }),
  externalServiceSchema,
);
