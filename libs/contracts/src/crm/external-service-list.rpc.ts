import { z } from 'zod';
import { defineRpc } from '../core';
import { externalServiceSchema } from './crm-shapes';

export const listExternalServicesRpc = defineRpc(
  'rpc.crm.external-service.list',
  z.strictObject({ orga_id: z.string().uuid() }),
  z.array(externalServiceSchema),
);
