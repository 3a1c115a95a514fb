import { z } from 'zod';
import { defineRpc, type RpcContract } from '../core/rpc';

export const deadLetterSchema = z.object({
  durable: z.string(),
  eventId: z.string(),
  subject: z.string(),
  deliveries: z.number().int(),
  error: z.string(),
  envelope: z.unknown(),
  createdAt: z.string(),
});
export type DeadLetter = z.infer<typeof deadLetterSchema>;

const deadLetterListRequest = z.object({
  durable: z.string().optional(),
  limit: z.number().int().min(1).max(500).default(100),
});
const deadLetterListResponse = z.object({ items: z.array(deadLetterSchema) });

export type DeadLetterListRpc = RpcContract<typeof deadLetterListRequest, typeof deadLetterListResponse>;

/** `rpc.<service>.dead-letter.list`: events a consumer of that service gave up on, newest first. */
export function deadLetterListRpc(service: string): DeadLetterListRpc {
  return defineRpc(`rpc.${service}.dead-letter.list`, deadLetterListRequest, deadLetterListResponse);
}
