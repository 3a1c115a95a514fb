import { z } from 'zod';

/** A domain event published through a service's outbox to the JetStream stream EVENTS. */
export type EventContract<P extends z.ZodType = z.ZodType> = {
  readonly kind: 'event';
  readonly subject: string;
  readonly payload: P;
};

export type EventPayload<C extends EventContract> = z.infer<C['payload']>;

const eventSubject = /^evt\.[a-z][a-z-]*\.[a-z][a-z0-9-_]*\.[a-z][a-z0-9-_]*\.v[0-9]+$/;

export function defineEvent<P extends z.ZodType>(subject: string, payload: P): EventContract<P> {
  if (!eventSubject.test(subject)) {
    throw new Error(`Event subject "${subject}" must read evt.<service>.<entity>.<past-tense-verb>.v<n>`);
  }
  return { kind: 'event', subject, payload };
}

/** The envelope every event travels in; `data` is validated by the contract's payload schema. */
export const eventEnvelopeSchema = z.object({
  id: z.string().uuid(),
  subject: z.string(),
  occurredAt: z.string(),
  orgaId: z.string().uuid().nullable(),
  storeId: z.string().uuid().nullable(),
  actor: z.object({ userId: z.string().uuid().nullable(), deviceId: z.string().nullable() }).nullable(),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & { data: T };

/**
 * Whether an event (its envelope, or the subject it arrived on) is `contract`'s: subjects arrive with the
 * deployment's prefix (`pawline.` in a cluster, a suite's own in tests), so the end of the subject decides.
 */
export function isEvent(event: { subject: string } | string, contract: { subject: string }): boolean {
  return (typeof event === 'string' ? event : event.subject).endsWith(contract.subject);
}

/** Work items on the WORK stream (work.<service>.<job>). */
export type WorkContract<P extends z.ZodType = z.ZodType> = {
  readonly kind: 'work';
  readonly subject: string;
  readonly payload: P;
};

export function defineWork<P extends z.ZodType>(subject: string, payload: P): WorkContract<P> {
  if (!/^work\.[a-z][a-z-]*\.[a-z][a-z0-9-]*$/.test(subject)) {
    throw new Error(`Work subject "${subject}" must read work.<service>.<job>`);
  }
  return { kind: 'work', subject, payload };
}
