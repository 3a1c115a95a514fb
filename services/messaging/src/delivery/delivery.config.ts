import { z } from 'zod';

/** messaging-worker's settings (env), beside the provider's. */
export const deliveryConfigShape = {
  /** jobs one worker process works on at once (each mostly waits for the provider's answer) */
  MESSAGING_WORKER_IN_FLIGHT: z.coerce.number().int().min(1).max(4096).default(256),
  /** sends of one message that failed for a passing reason (5xx, timeout) before it is given up (dead letter) */
  MESSAGING_SEND_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(5),
  /** time between two messages from one sender to one recipient (WhatsApp's pair rate, 131056) */
  MESSAGING_PAIR_INTERVAL_MS: z.coerce.number().int().min(0).max(600_000).default(6_000),
  /** how long a worker's claim on a message lasts: another worker may send it only after (a dead worker's rows) */
  MESSAGING_CLAIM_LEASE_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /** how long JetStream waits for a job's outcome before another worker gets it (a worker that died) */
  MESSAGING_ACK_WAIT_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
  /** a paced message waits in the worker up to this long; a longer wait goes back to the queue */
  MESSAGING_PACE_MAX_WAIT_MS: z.coerce.number().int().min(0).max(10_000).default(1_000),
};

export const deliveryConfigSchema = z.object(deliveryConfigShape);
export type DeliveryConfig = z.infer<typeof deliveryConfigSchema>;

/** Delays before the 1st, 2nd, … retry of a passing failure (the last repeats). */
export const SEND_BACKOFF_MS = [1_000, 5_000, 15_000, 30_000, 60_000];

export function sendBackoff(attempts: number): number {
  return SEND_BACKOFF_MS[Math.min(Math.max(attempts, 1), SEND_BACKOFF_MS.length) - 1] ?? 60_000;
}
