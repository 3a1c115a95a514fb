import { eventEnvelopeSchema, type EventContract, type EventEnvelope, type WorkContract } from '@pawline/contracts';
import type { z } from 'zod';

/** A message body as JSON, or the text itself when it is not JSON (kept as is in dead letters). */
export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * An event (or job) read off the stream: its envelope and its payload checked against the
 * contract, or why it cannot be read. The consumer runner and any other reader of the streams
 * (the gateway's revocation feed) read messages the same way.
 */
export function readEvent<C extends EventContract | WorkContract>(
  contract: C,
  raw: unknown,
): { ok: true; event: EventEnvelope<z.output<C['payload']>> } | { ok: false; reason: string } {
  const parsed = eventEnvelopeSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: 'unreadable event envelope' };
  const data = contract.payload.safeParse(parsed.data.data);
  if (!data.success) return { ok: false, reason: `payload does not match ${contract.subject}: ${data.error.message}` };
  return { ok: true, event: { ...parsed.data, data: data.data as z.output<C['payload']> } };
}
