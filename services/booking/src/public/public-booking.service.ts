import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  bookingSlotRequestedEvent,
  matchCustomerRpc,
  type PublicAvailability,
  type PublicChallenge,
  type PublicPetInput,
  type PublicStore,
  type RpcRequest,
  type RpcResponse,
  type checkPublicCustomerRpc,
  type createPublicBookingRequestRpc,
  type getPublicAvailabilityRpc,
} from '@pawline/contracts';
import { instantToLocal, totalServiceMinutes } from '@pawline/domain';
import { NatsRpcClient, OutboxService, RpcError, SERVICE_CONFIG, requirePlanFeature } from '@pawline/nest-kit';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import type { BookingConfig } from '../booking.config';
import { lockStoreHolds } from '../directory/directory-projection';
import { STORE_COLUMNS, type BookingStoreRow } from '../setup/booking-setup.service';
import { bookingMessageFacts } from '../slot/message-facts';
import { closedTo } from './closed-to';
import { FreeSlots } from './free-slots';
import { checkChallenge, issueChallenge, signSlot, verifySlot } from './slot-token';

type Treatment = { id: string; name: string; duration: number; color: string | null };
type Request = RpcRequest<typeof createPublicBookingRequestRpc>;
type RequestOutcome = RpcResponse<typeof createPublicBookingRequestRpc>;

/** 23P01 exclusion_violation: another request holds an overlapping time of this groomer */
const EXCLUSION_VIOLATION = '23P01';

const petTraits = (pets: PublicPetInput[]) => pets.map((p) => ({ petType: p.pet_type, breed: p.breed, size: p.size, hair: p.hair }));
/** The customer's pets the salon already knows (chosen after the phone check). */
const knownPetIds = (pets: PublicPetInput[]) => pets.flatMap((p) => (p.pet_id ? [p.pet_id] : []));

/** What a hold holds: the request as the customer made it, its instants and its local day and time. */
export type HoldSlot = {
  input: Pick<
    Request,
    | 'treatment_ids'
    | 'pets'
    | 'first_name'
    | 'last_name'
    | 'fon'
    | 'email'
    | 'notes'
    | 'consent_messages'
    | 'consent_reminders'
    | 'consent_marketing'
    | 'language'
  >;
  startsAt: number;
  endsAt: number;
  date: string;
  hour: number;
  min: number;
  duration: number;
};

/**
 * The request row that holds a groomer's time and its customer_booking event, in the caller's transaction (which has
 * taken the store's lock and found the time free): the widget's requests and a taken waitlist offer (ADR 0063) alike.
 */
export async function insertHold(
  manager: EntityManager,
  outbox: OutboxService,
  store: BookingStoreRow,
  userId: string,
  slotId: string,
  slot: HoldSlot,
): Promise<void> {
  const { input } = slot;
  const buffer = store.buffer_minutes * 60_000;
  // the held time includes the buffer after it, so two requests keep it between them too
  await manager.query(
    `INSERT INTO booking_slot (id, orga_id, store_id, created_time, status, user_id, during, local_date, hour, min, duration,
         treatment_ids, pets, first_name, last_name, fon, email, notes, consent_messages, consent_reminders,
         consent_marketing, language)
       VALUES ($1, $2, $3, $4, 'pending', $5, tstzrange($6::timestamptz, $7::timestamptz, '[)'), $8, $9, $10, $11, $12, $13::jsonb,
         $14, $15, $16, $17, $18, $19, $20, $21, $22)`,
    [
      slotId,
      store.orga_id,
      store.store_id,
      Date.now(),
      userId,
      new Date(slot.startsAt),
      new Date(slot.endsAt + buffer),
      slot.date,
      slot.hour,
      slot.min,
      slot.duration,
      JSON.stringify(input.treatment_ids),
      JSON.stringify(input.pets),
      input.first_name,
      input.last_name,
      input.fon,
      input.email,
      input.notes,
      input.consent_messages,
      input.consent_reminders,
      input.consent_marketing,
      input.language,
    ],
  );
  await outbox.add(
    manager,
    bookingSlotRequestedEvent,
    {
      orga_id: store.orga_id,
      store_id: store.store_id,
      slot_id: slotId,
      customer_name: `${input.first_name} ${input.last_name}`.slice(0, 201),
      date: slot.date,
      time: `${String(slot.hour).padStart(2, '0')}:${String(slot.min).padStart(2, '0')}`,
      customer: await bookingMessageFacts(manager, {
        store_id: store.store_id,
        first_name: input.first_name,
        fon: input.fon,
        language: input.language,
        consent_messages: input.consent_messages,
        starts_at: new Date(slot.startsAt),
        treatment_ids: JSON.stringify(input.treatment_ids),
        pets: input.pets,
      }),
    },
    { orgaId: store.orga_id, storeId: store.store_id, actor: null },
  );
}

/**
 * The widget's side (no login): a store's page, free slots with their tokens, the phone check, challenges and
 * requests. Nothing here needs or reads a user; the store public id is the only key.
 */
@Injectable()
export class PublicBookingService {
  constructor(
    private readonly db: DataSource,
    private readonly rpc: NatsRpcClient,
    private readonly outbox: OutboxService,
    private readonly free: FreeSlots,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  /** An enabled store of this public id, else not_found (unknown, off or deleted alike). */
  async store(publicId: string): Promise<BookingStoreRow> {
    const [row] = await this.db.query<BookingStoreRow[]>(`SELECT ${STORE_COLUMNS} FROM booking_store WHERE public_id = $1`, [publicId]);
    if (!row || row.deleted || !row.enabled) throw new RpcError('not_found');
    // R1.20 online booking is a premium feature: a store whose organization lost it answers plan_required, not slots
    const [plan] = await this.db.query<{ tier: number }[]>(`SELECT tier FROM booking_orga_plan WHERE orga_id = $1`, [row.orga_id]);
    requirePlanFeature({ tier: plan?.tier ?? 0 }, 'online_booking');
    return row;
  }

  async page(publicId: string): Promise<PublicStore> {
    const store = await this.store(publicId);
    const treatments = await this.db.query<Treatment[]>(
      `SELECT treatment_id AS id, name, default_duration AS duration, color FROM booking_treatment
        WHERE orga_id = $1 AND NOT archive ORDER BY name, treatment_id`,
      [store.orga_id],
    );
    const staff = await this.db.query<{ user_id: string; first_name: string }[]>(
      `SELECT s.user_id, s.first_name FROM booking_staff s WHERE s.orga_id = $1 AND s.active
          AND EXISTS (SELECT 1 FROM booking_rule r WHERE r.store_id = $2 AND r.user_id = s.user_id AND r.kind = 'open')
        ORDER BY s.first_name, s.user_id`,
      [store.orga_id, store.store_id],
    );
    return {
      public_id: store.public_id,
      store_name: store.name,
      time_zone: store.time_zone,
      enabled: store.enabled,
      treatments,
      staff,
      min_notice_minutes: store.min_notice_minutes,
      horizon_days: store.horizon_days,
      allowed_origins: store.allowed_origins,
    };
  }

  async availability(input: RpcRequest<typeof getPublicAvailabilityRpc>): Promise<PublicAvailability> {
    const store = await this.store(input.public_id);
    const duration = await this.duration(store, input.treatment_ids, input.pets);
    return this.freeSlots(store, input.from, input.days, duration, input.user_id, knownPetIds(input.pets));
  }

  /** The phone check: phone AND last name of one customer, else the same shape with known false. */
  async customerCheck(input: RpcRequest<typeof checkPublicCustomerRpc>): Promise<RpcResponse<typeof checkPublicCustomerRpc>> {
    const store = await this.store(input.public_id);
    const match = await this.match(store, input.fon, null);
    const sameName = match.customer && match.customer.last_name.trim().toLowerCase() === input.last_name.trim().toLowerCase();
    if (!sameName) return { known: false, pets: [] };
    return {
      known: true,
      pets: match.pets.map((pet) => ({
        pet_id: pet.id,
        name: pet.name,
        pet_type: pet.pet_type,
        breed: pet.breed,
        size: pet.size,
        hair: pet.hair,
      })),
    };
  }

  async challenge(publicId: string): Promise<PublicChallenge> {
    await this.store(publicId);
    return this.newChallenge(publicId);
  }

  private async newChallenge(publicId: string): Promise<PublicChallenge> {
    const difficulty = this.config.BOOKING_POW_BITS;
    const issued = issueChallenge(this.config.BOOKING_TOKEN_SECRET, publicId, difficulty, Date.now());
    // spent challenges are kept only until they expire
    await this.db.query(`DELETE FROM used_challenge WHERE hash IN (SELECT hash FROM used_challenge WHERE expires_at < now() LIMIT 100)`);
    return { challenge: issued.challenge, difficulty, expires_at: new Date(issued.expires).toISOString() };
  }

  private checkedChallenge(store: BookingStoreRow, token: string, nonce: string, now: number) {
    const challenge = checkChallenge(this.config.BOOKING_TOKEN_SECRET, token, nonce, store.public_id, now);
    if (!challenge.ok) throw new RpcError('token_invalid', { fields: { challenge: `The challenge is ${challenge.reason}` } });
    return challenge;
  }

  /** A solved challenge of this store, spent once: the widget's writes pay a proof of work (ADR 0021). */
  async spendChallenge(store: BookingStoreRow, token: string, nonce: string, now = Date.now()): Promise<void> {
    const challenge = this.checkedChallenge(store, token, nonce, now);
    const spent = await this.db.query<unknown[]>(
      `INSERT INTO used_challenge (hash, expires_at) VALUES ($1, $2) ON CONFLICT (hash) DO NOTHING RETURNING hash`,
      [challenge.hash, new Date(challenge.expires)],
    );
    if (spent.length === 0) throw new RpcError('token_invalid', { fields: { challenge: 'The challenge was used already' } });
  }

  /**
   * A customer's request: a solved challenge (once), a slot token for this start and the server's own duration,
   * then per groomer the token names (the chosen one only, when chosen): in one transaction under the store's lock
   * the capacity rule still offers the groomer this time (hours, their busy time with the buffer, the pool, the
   * pets) and the insert holds it; the exclusion constraint stays the net under any path that skips the lock.
   */
  async request(input: Request): Promise<RequestOutcome> {
    const store = await this.store(input.public_id);
    const now = Date.now();
    this.checkedChallenge(store, input.challenge, input.nonce, now);
    const duration = await this.duration(store, input.treatment_ids, input.pets);
    const startsAt = Date.parse(input.starts_at);
    const named = verifySlot(
      this.config.BOOKING_TOKEN_SECRET,
      input.slot_token,
      { publicId: store.public_id, startsAt, durationMinutes: duration },
      now,
    );
    if (!named || (input.user_id && !named.includes(input.user_id))) {
      throw new RpcError('token_invalid', { fields: { slot_token: 'The slot is no longer offered: ask for availability again' } });
    }
    await this.spendChallenge(store, input.challenge, input.nonce, now);
    // issue 30 a customer the salon closed online booking to hears the salon's message (after the proof of work, so
    // nobody can probe which numbers are closed for free)
    const closed = await closedTo(this.db, store.store_id, input);
    if (closed) throw new RpcError('booking_closed', closed.message ? { message: closed.message } : {});

    const local = instantToLocal(startsAt, store.time_zone);
    const date = `${local.year}-${String(local.month).padStart(2, '0')}-${String(local.day).padStart(2, '0')}`;
    const retry = () => this.taken(store, date, duration, input.user_id, knownPetIds(input.pets));
    if (startsAt < now + store.min_notice_minutes * 60_000) return retry();

    const slotId = randomUUID();
    const endsAt = startsAt + duration * 60_000;
    for (const userId of input.user_id ? [input.user_id] : named) {
      const held = await this.hold(store, userId, slotId, {
        input,
        startsAt,
        endsAt,
        date,
        hour: local.hour,
        min: local.min,
        duration,
      });
      if (!held) continue;
      // the known customer is looked up for the request that got its time only: fifty customers racing for one
      // time ask crm once, not fifty times, and the losers hear back sooner
      const customer = await this.match(store, input.fon, input.email).catch(() => null);
      if (customer?.customer?.id)
        await this.db.query(`UPDATE booking_slot SET customer_id = $2 WHERE id = $1`, [slotId, customer.customer.id]);
      const [staff] = await this.db.query<{ first_name: string }[]>(
        `SELECT first_name FROM booking_staff WHERE orga_id = $1 AND user_id = $2`,
        [store.orga_id, userId],
      );
      return {
        outcome: 'booked',
        slot_id: slotId,
        date,
        time: `${String(local.hour).padStart(2, '0')}:${String(local.min).padStart(2, '0')}`,
        duration,
        groomer_first_name: staff?.first_name ?? null,
      };
    }
    return retry();
  }

  private async hold(
    store: BookingStoreRow,
    userId: string,
    slotId: string,
    slot: {
      input: Request;
      startsAt: number;
      endsAt: number;
      date: string;
      hour: number;
      min: number;
      duration: number;
    },
  ): Promise<boolean> {
    const { input } = slot;
    const buffer = store.buffer_minutes * 60_000;
    try {
      return await this.db.transaction(async (manager) => {
        // the holds of a store queue on its lock: the pool makes two groomers' holds depend on each other, and
        // waiting here, not on the exclusion constraint, keeps racing inserts from deadlocking (ADR 0020, 0044)
        await lockStoreHolds(manager, store.store_id);
        // the requests that lost a race for this groomer and time see the winner's hold in one indexed read and
        // leave the queue at once, instead of each running the whole rule under the lock (the exclusion
        // constraint would refuse their insert anyway: the same condition, never looser, never stricter)
        const heldMeanwhile: unknown[] = await manager.query(
          `SELECT 1 FROM booking_slot WHERE store_id = $1 AND user_id = $2
             AND (status = 'pending' OR (status = 'accepted' AND NOT released))
             AND during && tstzrange($3::timestamptz, $4::timestamptz, '[)') LIMIT 1`,
          [store.store_id, userId, new Date(slot.startsAt), new Date(slot.endsAt + buffer)],
        );
        if (heldMeanwhile.length > 0) return false;
        const free = await this.free.offers(manager, store, {
          from: slot.date,
          duration: slot.duration,
          userId,
          startsAt: slot.startsAt,
          petIds: knownPetIds(input.pets),
          now: Date.now(),
        });
        if (!free) return false;
        await insertHold(manager, this.outbox, store, userId, slotId, slot);
        return true;
      });
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === EXCLUSION_VIOLATION) return false;
      throw error;
    }
  }

  private async taken(
    store: BookingStoreRow,
    date: string,
    duration: number,
    userId: string | null,
    petIds: string[],
  ): Promise<RequestOutcome> {
    // the spent challenge is replaced at once: a retry of the customer costs no call for a new one
    return {
      outcome: 'taken',
      availability: await this.freeSlots(store, date, 7, duration, userId, petIds),
      challenge: await this.newChallenge(store.public_id),
    };
  }

  /** R3.09 the minutes every pet × every chosen treatment takes (entries of the matrix, else the default duration). */
  async duration(store: BookingStoreRow, treatmentIds: string[], pets: PublicPetInput[]): Promise<number> {
    const ids = [...new Set(treatmentIds)];
    const treatments = await this.db.query<{ id: string; default_duration: number }[]>(
      `SELECT treatment_id AS id, default_duration FROM booking_treatment WHERE orga_id = $1 AND treatment_id = ANY($2::uuid[]) AND NOT archive`,
      [store.orga_id, ids],
    );
    if (treatments.length !== ids.length)
      throw new RpcError('unknown_reference', { fields: { treatment_ids: 'Not a treatment of this salon' } });
    const entries = await this.db.query<
      { treatmentId: string; petType: number; breed: string | null; size: string | null; hair: string | null; minutes: number }[]
    >(
      `SELECT treatment_id AS "treatmentId", pet_type AS "petType", breed, size, hair, minutes FROM service_time
        WHERE orga_id = $1 AND treatment_id = ANY($2::uuid[])`,
      [store.orga_id, ids],
    );
    return totalServiceMinutes(
      entries,
      treatments.map((t) => ({ id: t.id, defaultDuration: t.default_duration })),
      petTraits(pets),
    );
  }

  private async freeSlots(
    store: BookingStoreRow,
    from: string,
    days: number,
    duration: number,
    chosen: string | null,
    petIds: string[],
  ): Promise<PublicAvailability> {
    const now = Date.now();
    const availability = await this.free.days(store, { from, days, duration, chosen, petIds, now });
    const secret = this.config.BOOKING_TOKEN_SECRET;
    return {
      duration,
      days: availability.map((day) => ({
        date: day.date,
        slots: day.slots.map((slot) => ({
          date: slot.date,
          time: slot.time,
          starts_at: new Date(slot.startsAt).toISOString(),
          ends_at: new Date(slot.endsAt).toISOString(),
          user_ids: slot.userIds,
          token: signSlot(
            secret,
            { publicId: store.public_id, startsAt: slot.startsAt, durationMinutes: duration, userIds: slot.userIds },
            now,
          ),
        })),
      })),
    };
  }

  private match(store: BookingStoreRow, fon: string, email: string | null) {
    return this.rpc.call(matchCustomerRpc, { orga_id: store.orga_id, store_id: store.store_id, fon, email }, { auth: null, lang: 'en' });
  }
}
