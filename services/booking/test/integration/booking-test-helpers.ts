import type { AuthContext, EventEnvelope, PublicAvailability } from '@pawline/contracts';
import {
  createPublicBookingRequestRpc,
  getBookingSetupRpc,
  getPublicAvailabilityRpc,
  getPublicChallengeRpc,
  updateBookingSetupRpc,
} from '@pawline/contracts';
import { instantToLocal } from '@pawline/domain';
import type { NatsRpcClient } from '@pawline/nest-kit';
import { call, signUpOwner, until as pollUntil, type RpcInput, type TestEnv } from '@pawline/nest-kit/testing';
import { solveChallenge } from '../../src/public/slot-token';

export const TEST_SECRET = 'booking-integration-secret-0123456789abcdef';

/** A salon's owner with their first store. */
export type Salon = { auth: AuthContext; userId: string; orgaId: string; storeId: string; timeZone: string };

/** Reads again (the kit's until) until `done` holds; a failure names `what` and the value last read. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const found = await pollUntil(
    async () => {
      const value = await read();
      if (done(value)) return { value };
      throw new Error(`the last read was ${JSON.stringify(value)}`);
    },
    { timeoutMs, what },
  );
  return found.value;
}

/** Registers a salon and waits until booking knows its store and its owner (identity's events). */
export async function salon(env: TestEnv, client: NatsRpcClient, firstName: string): Promise<Salon> {
  const owner = await signUpOwner(client, TEST_SECRET, firstName);
  const [store] = await env.query<{ id: string; time_zone: string }>(`SELECT id, time_zone FROM identity.store WHERE orga_id = $1`, [
    owner.orgaId,
  ]);
  if (!store) throw new Error('no store');
  await until(
    () => env.query(`SELECT 1 FROM booking.booking_store WHERE store_id = $1 AND name <> ''`, [store.id]),
    (rows) => rows.length === 1,
    'the store in booking',
  );
  await until(
    () => env.query(`SELECT 1 FROM booking.booking_staff WHERE orga_id = $1 AND user_id = $2`, [owner.orgaId, owner.userId]),
    (rows) => rows.length === 1,
    'the owner in booking',
  );
  return { auth: owner.auth, userId: owner.userId, orgaId: owner.orgaId, storeId: store.id, timeZone: store.time_zone };
}

/** Turns booking on (no notice, so any start of the coming days is offered) and answers the public id. */
export async function enable(
  client: NatsRpcClient,
  s: Salon,
  change: Partial<RpcInput<typeof updateBookingSetupRpc>> = {},
): Promise<string> {
  await call(client, getBookingSetupRpc, { orga_id: s.orgaId, store_id: s.storeId }, s.auth);
  const setup = await call(
    client,
    updateBookingSetupRpc,
    { orga_id: s.orgaId, store_id: s.storeId, enabled: true, min_notice_minutes: 0, ...change },
    s.auth,
  );
  return setup.public_id;
}

/** The store's local day `days` from today. */
export function localDay(timeZone: string, days: number): string {
  const local = instantToLocal(Date.now() + days * 86_400_000, timeZone);
  return `${local.year}-${String(local.month).padStart(2, '0')}-${String(local.day).padStart(2, '0')}`;
}

export async function solvedChallenge(client: NatsRpcClient, publicId: string): Promise<{ challenge: string; nonce: string }> {
  const issued = await call(client, getPublicChallengeRpc, { public_id: publicId }, null);
  return { challenge: issued.challenge, nonce: solveChallenge(issued.challenge, issued.difficulty) };
}

export const dog = { name: 'Fido', pet_type: 0 as const, size: 'medium' as const, hair: 'long' as const };

export async function freeSlots(
  client: NatsRpcClient,
  publicId: string,
  treatmentId: string,
  from: string,
  extra: Partial<RpcInput<typeof getPublicAvailabilityRpc>> = {},
): Promise<PublicAvailability> {
  return call(
    client,
    getPublicAvailabilityRpc,
    { public_id: publicId, from, days: 1, pets: [dog], treatment_ids: [treatmentId], ...extra },
    null,
  );
}

export function requestOf(
  publicId: string,
  treatmentId: string,
  slot: { starts_at: string; token: string },
  proof: { challenge: string; nonce: string },
  extra: Partial<RpcInput<typeof createPublicBookingRequestRpc>> = {},
): RpcInput<typeof createPublicBookingRequestRpc> {
  return {
    public_id: publicId,
    slot_token: slot.token,
    starts_at: slot.starts_at,
    treatment_ids: [treatmentId],
    pets: [dog],
    first_name: 'Maria',
    last_name: 'Bianchi',
    fon: '+39 333 123 4567',
    accept_privacy: true,
    consent_reminders: true,
    language: 'it',
    ...proof,
    ...extra,
  };
}

/** Every event the services publish under a prefix, as they arrive. */
export function collectEvents(env: TestEnv, pattern: string): EventEnvelope[] {
  const seen: EventEnvelope[] = [];
  const subscription = env.nats().subscribe(`${env.subjectPrefix}${pattern}`);
  void (async () => {
    for await (const message of subscription) seen.push(JSON.parse(message.string()) as EventEnvelope);
  })();
  return seen;
}
