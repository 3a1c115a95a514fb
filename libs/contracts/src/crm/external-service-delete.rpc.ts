import { z } from 'zod';
import { defineRpc } from '../core';

/** Deletes the configuration and every customer's entity id in it. */
export const deleteExternalServiceRpc = defineRpc(
  'rpc.crm.external-service.delete',
  z.strictObject({ orga_id: z.string().uuid(), external_service_id: z.string().uuid() }),
  z.object({ deleted: z.literal(true), external_service_id: z.string().uuid() }),
);
