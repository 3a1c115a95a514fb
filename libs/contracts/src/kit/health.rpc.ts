import { z } from 'zod';
import { defineRpc, type RpcContract } from '../core/rpc';

export const healthReportSchema = z.object({
  status: z.enum(['up', 'degraded']),
  service: z.string(),
  checks: z.object({ postgres: z.enum(['up', 'down']), nats: z.enum(['up', 'down']) }),
  deadLetters: z.number().int().nonnegative(),
});
export type HealthReport = z.infer<typeof healthReportSchema>;

const emptyRequest = z.object({}).passthrough();

export type HealthRpc = RpcContract<typeof emptyRequest, typeof healthReportSchema>;

/** `rpc.<service>.health`: every kit service answers it (the same report as `GET /health`). */
export function healthRpc(service: string): HealthRpc {
  return defineRpc(`rpc.${service}.health`, emptyRequest, healthReportSchema);
}
