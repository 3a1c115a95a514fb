import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import { petCreatedEvent, petDeletedEvent, type AuthContext, type EventEnvelope } from '@pawline/contracts';
import { type NatsRpcClient } from '@pawline/nest-kit';
import { call, failureOf, signUpOwner, until, type RpcInput, type TestEnv } from '@pawline/nest-kit/testing';

export const TEST_SECRET = 'scheduling-integration-secret-0123456789ab';

export type Salon = {
  auth: AuthContext;
  userId: string;
  orgaId: string;
  storeId: string;
  email: string;
  password: string;
  orgaName: string;
};

export { call, failureOf, type RpcInput };

/** Registers a salon through identity (Italy: its store is in Europe/Rome), verifies the e-mail and logs in. */
export async function signUp(env: TestEnv, client: NatsRpcClient, firstName: string): Promise<Salon> {
  const owner = await signUpOwner(client, TEST_SECRET, firstName);
  const [store] = await env.query<{ id: string }>(`SELECT id FROM identity.store WHERE orga_id = $1`, [owner.orgaId]);
  if (!store) throw new Error('registration made no store');
  return { ...owner, storeId: store.id };
}

/**
 * Publishes crm's pet event as crm's outbox relay does (crm is not booted here) and waits until
 * scheduling's projection has it: the pet is then one an appointment of that store may name.
 */
export async function crmPetEvent(
  env: TestEnv,
  kind: 'created' | 'deleted',
  pet: { orgaId: string; storeId: string; petId: string },
): Promise<void> {
  const event = kind === 'created' ? petCreatedEvent : petDeletedEvent;
  const envelope: EventEnvelope = {
    id: randomUUID(),
    subject: event.subject,
    occurredAt: new Date().toISOString(),
    orgaId: pet.orgaId,
    storeId: pet.storeId,
    actor: null,
    data: { orga_id: pet.orgaId, store_id: pet.storeId, pet_id: pet.petId, customer_id: randomUUID() },
  };
  await jetstream(env.nats()).publish(`${env.subjectPrefix}${event.subject}`, JSON.stringify(envelope), { msgID: envelope.id });
  await until(
    async () => (await env.query(`SELECT 1 FROM scheduling.pet_ref WHERE pet_id = $1`, [pet.petId])).length > 0 === (kind === 'created'),
    { timeoutMs: 5_000, intervalMs: 50, what: `pet ${pet.petId} ${kind} in scheduling.pet_ref` },
  );
}

/** A pet of the salon's store, known to scheduling. */
export async function petOf(env: TestEnv, salon: Pick<Salon, 'orgaId' | 'storeId'>, petId: string = randomUUID()): Promise<string> {
  await crmPetEvent(env, 'created', { orgaId: salon.orgaId, storeId: salon.storeId, petId });
  return petId;
}
