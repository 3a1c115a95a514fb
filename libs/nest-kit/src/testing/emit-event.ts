import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import type { EventContract, EventEnvelope, EventPayload } from '@pawline/contracts';
import type { TestEnv } from './test-env';

/**
 * Publishes an event as its service's outbox relay does (the payload checked by its contract, Nats-Msg-Id the
 * event id): a consumer's test feeds it another service's events without starting that service.
 */
export async function emitEvent<C extends EventContract>(
  env: TestEnv,
  contract: C,
  payload: EventPayload<C>,
  occurredAt = new Date().toISOString(),
): Promise<EventEnvelope> {
  const data = contract.payload.parse(payload) as { orga_id: string; store_id?: string };
  const envelope: EventEnvelope = {
    id: randomUUID(),
    subject: contract.subject,
    occurredAt,
    orgaId: data.orga_id,
    storeId: data.store_id ?? null,
    actor: null,
    data,
  };
  await jetstream(env.nats()).publish(`${env.subjectPrefix}${contract.subject}`, JSON.stringify(envelope), { msgID: envelope.id });
  return envelope;
}
