import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  waitlistEntryChangedEvent,
  waitlistOfferClosedEvent,
  waitlistOfferMadeEvent,
  type PublicPetInput,
  type RpcRequest,
  type RpcResponse,
  type WaitlistEntry,
  type WaitlistEntryInput,
  type joinPublicWaitlistRpc,
  type takeWaitlistOfferRpc,
} from '@pawline/contracts';
import {
  freedTimeOf,
  instantToLocal,
  localDateOf,
  minuteOfDay,
  rankWaitlist,
  waitlistEntryProblems,
  type FreedTime,
} from '@pawline/domain';
import { OutboxService, PawlineLogger, RpcError, SERVICE_CONFIG, type StoreScope } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import type { BookingConfig } from '../booking.config';
import { lockStoreHolds } from '../directory/directory-projection';
import { FreeSlots } from '../public/free-slots';
import { PublicBookingService, insertHold, type HoldSlot } from '../public/public-booking.service';
import { STORE_COLUMNS, type BookingStoreRow } from '../setup/booking-setup.service';
import { bookingMessageFacts } from '../slot/message-facts';

type EntryRow = {
  id: string;
  orga_id: string;
  store_id: string;
  status: 'waiting' | 'booked' | 'removed';
  source: 'widget' | 'staff';
  treatment_ids: string[];
  pets: PublicPetInput[];
  user_id: string | null;
  weekdays: number[];
  from_time: string | null;
  to_time: string | null;
  until: string;
  first_name: string;
  last_name: string;
  fon: string;
  email: string | null;
  notes: string | null;
  consent_messages: boolean;
  language: string;
  duration: number;
  created_at: Date;
};
type OfferRow = {
  id: string;
  entry_id: string;
  opening_id: string;
  store_id: string;
  status: 'offered' | 'taken' | 'expired' | 'gone';
  starts_at: Date;
  duration: number;
  user_id: string | null;
  offered_at: Date;
  expires_at: Date;
  slot_id: string | null;
  told_gone: boolean;
};
type OpeningRow = { id: string; orga_id: string; store_id: string; user_id: string | null; starts_at: Date; ends_at: Date; status: string };
type Runner = Pick<EntityManager, 'query'>;

const ENTRY_COLUMNS = `id, orga_id, store_id, status, source, treatment_ids, pets, user_id, weekdays, from_time, to_time, until,
  first_name, last_name, fon, email, notes, consent_messages, language, duration, created_at`;
const OFFER_COLUMNS = `id, entry_id, opening_id, store_id, status, starts_at, duration, user_id, offered_at, expires_at, slot_id, told_gone`;
/** The rows of an UPDATE … RETURNING: TypeORM's Postgres driver answers [rows, count] for it. */
const updated = <T>(result: unknown): T[] =>
  Array.isArray(result) && Array.isArray(result[0]) ? (result[0] as T[]) : Array.isArray(result) ? (result as T[]) : [];
const pad = (n: number) => String(n).padStart(2, '0');
const knownPetIds = (pets: PublicPetInput[]) => pets.flatMap((p) => (p.pet_id ? [p.pet_id] : []));

/**
 * Issue 30 the waitlist that fills itself (ADR 0063). Entries come from the widget and from staff; a time an
 * appointment gives back becomes an opening (in the directory's transaction, under the store's lock); the first few
 * candidates the rule ranks and the capacity rule still fits get an offer with a hold; the first "Take it" makes a
 * booking request the way the widget does, under the same lock, and every other offer of that time is gone.
 */
@Injectable()
export class WaitlistService implements OnModuleInit, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;
  private readonly log: PawlineLogger;
  private readonly holdMinutes: number;
  private readonly offersAtOnce: number;

  constructor(
    private readonly db: DataSource,
    private readonly outbox: OutboxService,
    private readonly free: FreeSlots,
    private readonly publicBooking: PublicBookingService,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
    logger: PawlineLogger,
  ) {
    this.log = logger.child({ context: 'WaitlistService' });
    this.holdMinutes = config.BOOKING_WAITLIST_HOLD_MINUTES;
    this.offersAtOnce = config.BOOKING_WAITLIST_OFFERS_AT_ONCE;
  }

  onModuleInit(): void {
    const every = this.config.BOOKING_WAITLIST_SWEEP_MS;
    if (every > 0) {
      this.timer = setInterval(() => {
        this.sweep().catch((error: unknown) => this.log.error('waitlist sweep failed', { error: String(error) }));
      }, every);
      this.timer.unref();
    }
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async list(scope: StoreScope): Promise<{ entries: WaitlistEntry[] }> {
    const entries = await this.db.query<EntryRow[]>(
      `SELECT ${ENTRY_COLUMNS} FROM booking_waitlist_entry
        WHERE orga_id = $1 AND store_id = $2 AND status <> 'removed' AND until >= to_char(now() - interval '1 day', 'YYYY-MM-DD')
        ORDER BY status = 'booked', created_at, id LIMIT 500`,
      [scope.orgaId, scope.storeId],
    );
    const offers = entries.length
      ? await this.db.query<OfferRow[]>(
          `SELECT ${OFFER_COLUMNS} FROM booking_waitlist_offer WHERE entry_id = ANY($1::uuid[]) ORDER BY offered_at DESC, id`,
          [entries.map((entry) => entry.id)],
        )
      : [];
    const store = await this.storeRow(this.db, scope.storeId, scope.orgaId);
    return { entries: entries.map((entry) => this.view(entry, offers, store.time_zone)) };
  }

  async create(scope: StoreScope, input: WaitlistEntryInput, createdBy: string | null): Promise<WaitlistEntry> {
    const store = await this.storeRow(this.db, scope.storeId, scope.orgaId);
    const id = await this.add(store, input, 'staff', createdBy);
    const [entry] = await this.db.query<EntryRow[]>(`SELECT ${ENTRY_COLUMNS} FROM booking_waitlist_entry WHERE id = $1`, [id]);
    if (!entry) throw new RpcError('not_found');
    return this.view(entry, [], store.time_zone);
  }

  /** The widget: a store taking online bookings, a spent challenge, then the same entry staff would make. */
  async join(input: RpcRequest<typeof joinPublicWaitlistRpc>): Promise<RpcResponse<typeof joinPublicWaitlistRpc>> {
    const store = await this.publicBooking.store(input.public_id);
    await this.publicBooking.spendChallenge(store, input.challenge, input.nonce);
    const { public_id: _publicId, challenge: _challenge, nonce: _nonce, accept_privacy: _privacy, ...entry } = input;
    const id = await this.add(store, entry, 'widget', null);
    return { entry_id: id, until: input.until };
  }

  async remove(scope: StoreScope, entryId: string): Promise<{ id: string }> {
    await this.db.transaction(async (manager) => {
      const [entry] = updated<EntryRow>(
        await manager.query(
          `UPDATE booking_waitlist_entry SET status = 'removed', updated_at = now()
            WHERE id = $1 AND orga_id = $2 AND store_id = $3 AND status <> 'removed' RETURNING ${ENTRY_COLUMNS}`,
          [entryId, scope.orgaId, scope.storeId],
        ),
      );
      if (!entry) throw new RpcError('not_found');
      // an open offer of a removed customer is closed without a word: staff removed them, maybe on their request
      await manager.query(
        `UPDATE booking_waitlist_offer SET status = 'expired', closed_at = now() WHERE entry_id = $1 AND status = 'offered'`,
        [entryId],
      );
      await this.changed(manager, entry);
    });
    return { id: entryId };
  }

  private async add(
    store: BookingStoreRow,
    input: WaitlistEntryInput,
    source: 'widget' | 'staff',
    createdBy: string | null,
  ): Promise<string> {
    const problems = waitlistEntryProblems({ ...input, today: localDateOf(Date.now(), store.time_zone) });
    if (Object.keys(problems).length > 0) throw new RpcError('validation_failed', { fields: problems });
    if (input.user_id) {
      const [staff] = await this.db.query<unknown[]>(`SELECT 1 FROM booking_staff WHERE orga_id = $1 AND user_id = $2 AND active`, [
        store.orga_id,
        input.user_id,
      ]);
      if (!staff) throw new RpcError('unknown_reference', { fields: { user_id: 'validation.invalid' } });
    }
    // R3.09 the job's minutes as online booking computes them (the service-time matrix, else the defaults)
    const duration = await this.publicBooking.duration(store, input.treatment_ids, input.pets);
    const id = randomUUID();
    await this.db.transaction(async (manager) => {
      const [entry] = await manager.query<EntryRow[]>(
        `INSERT INTO booking_waitlist_entry (id, orga_id, store_id, status, source, treatment_ids, pets, user_id, weekdays, from_time,
           to_time, until, first_name, last_name, fon, email, notes, consent_messages, language, duration, created_by, created_at, updated_at)
         VALUES ($1, $2, $3, 'waiting', $4, $5::jsonb, $6::jsonb, $7, $8::jsonb, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
           now(), now())
         RETURNING ${ENTRY_COLUMNS}`,
        [
          id,
          store.orga_id,
          store.store_id,
          source,
          JSON.stringify(input.treatment_ids),
          JSON.stringify(input.pets),
          input.user_id,
          JSON.stringify([...new Set(input.weekdays)].sort()),
          input.from_time,
          input.to_time,
          input.until,
          input.first_name,
          input.last_name,
          input.fon,
          input.email,
          input.notes,
          input.consent_messages,
          input.language,
          duration,
          createdBy,
        ],
      );
      if (entry) await this.changed(manager, entry);
    });
    // a time freed before they joined and not taken yet may fit them
    await this.db.transaction(async (manager) => {
      await lockStoreHolds(manager, store.store_id);
      const open = await manager.query<{ id: string }[]>(
        `SELECT id FROM booking_waitlist_opening WHERE store_id = $1 AND status = 'open' AND starts_at > now() ORDER BY starts_at LIMIT 20`,
        [store.store_id],
      );
      for (const opening of open) await this.offerRound(manager, opening.id);
    });
    return id;
  }

  /**
   * In the directory's transaction, under the store's lock: what an appointment held before and after its change
   * (null: deleted or a status that holds no time); the time it gave back becomes openings, offered at once.
   */
  async appointmentChanged(
    manager: EntityManager,
    ids: { orgaId: string; storeId: string },
    appointmentId: string,
    before: { startsAt: number; endsAt: number; userId: string | null } | null,
    after: { startsAt: number; endsAt: number; userId: string | null } | null,
  ): Promise<void> {
    const now = Date.now();
    const pieces = freedTimeOf(before, after).filter((piece) => piece.startsAt > now);
    for (const piece of pieces) {
      const id = randomUUID();
      await manager.query(
        `INSERT INTO booking_waitlist_opening (id, orga_id, store_id, user_id, starts_at, ends_at, status, appointment_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'open', $7, now())`,
        [id, ids.orgaId, ids.storeId, piece.userId, new Date(piece.startsAt), new Date(piece.endsAt), appointmentId],
      );
      await this.offerRound(manager, id);
    }
  }

  /**
   * Tops an opening up to the offers that may be open at once: the rule's candidates in order, each only when the
   * capacity rule still fits their job at the freed start (for their groomer, or any of the pool) right now.
   */
  private async offerRound(manager: EntityManager, openingId: string): Promise<number> {
    const [opening] = await manager.query<OpeningRow[]>(
      `SELECT id, orga_id, store_id, user_id, starts_at, ends_at, status FROM booking_waitlist_opening WHERE id = $1 FOR UPDATE`,
      [openingId],
    );
    if (!opening || opening.status !== 'open') return 0;
    const now = Date.now();
    const [{ open } = { open: 0 }] = await manager.query<{ open: number }[]>(
      `SELECT count(*)::int AS open FROM booking_waitlist_offer WHERE opening_id = $1 AND status = 'offered' AND expires_at > now()`,
      [openingId],
    );
    let room = this.offersAtOnce - open;
    if (room <= 0) return 0;
    // a store booking does not know (yet) or deleted offers nothing; the projection's change must still commit
    const [store] = await manager.query<BookingStoreRow[]>(
      `SELECT ${STORE_COLUMNS} FROM booking_store WHERE store_id = $1 AND orga_id = $2 AND NOT deleted`,
      [opening.store_id, opening.orga_id],
    );
    if (!store) return 0;
    const freed: FreedTime = {
      startsAt: new Date(opening.starts_at).getTime(),
      endsAt: new Date(opening.ends_at).getTime(),
      userId: opening.user_id,
    };
    // entries not yet offered this time and without another offer open (one hold per customer at a time)
    const entries = await manager.query<EntryRow[]>(
      `SELECT ${ENTRY_COLUMNS} FROM booking_waitlist_entry e
        WHERE e.store_id = $1 AND e.status = 'waiting' AND e.consent_messages
          AND NOT EXISTS (SELECT 1 FROM booking_waitlist_offer o WHERE o.entry_id = e.id
                           AND (o.opening_id = $2 OR (o.status = 'offered' AND o.expires_at > now())))
        ORDER BY e.created_at LIMIT 500`,
      [opening.store_id, openingId],
    );
    const ranked = rankWaitlist(
      freed,
      entries.map((entry) => ({
        id: entry.id,
        userId: entry.user_id,
        duration: entry.duration,
        until: entry.until,
        joinedAt: new Date(entry.created_at).getTime(),
        weekdays: entry.weekdays,
        fromMinute: minuteOfDay(entry.from_time),
        toMinute: minuteOfDay(entry.to_time),
      })),
      store.time_zone,
      now,
    );
    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    let made = 0;
    for (const candidate of ranked) {
      if (room <= 0) break;
      const entry = byId.get(candidate.id);
      if (!entry) continue;
      const groomers = await this.fitting(manager, store, entry, freed.startsAt, entry.user_id ?? opening.user_id, now);
      if (groomers.length === 0) continue;
      const offerId = randomUUID();
      const expiresAt = new Date(now + this.holdMinutes * 60_000);
      await manager.query(
        `INSERT INTO booking_waitlist_offer (id, orga_id, store_id, opening_id, entry_id, status, starts_at, duration, user_id, offered_at,
           expires_at, told_gone)
         VALUES ($1, $2, $3, $4, $5, 'offered', $6, $7, $8, now(), $9, false)`,
        [
          offerId,
          opening.orga_id,
          opening.store_id,
          openingId,
          entry.id,
          new Date(freed.startsAt),
          entry.duration,
          entry.user_id ?? opening.user_id,
          expiresAt,
        ],
      );
      await this.outbox.add(
        manager,
        waitlistOfferMadeEvent,
        {
          orga_id: opening.orga_id,
          store_id: opening.store_id,
          offer_id: offerId,
          entry_id: entry.id,
          expires_at: expiresAt.toISOString(),
          customer: await this.facts(manager, entry, freed.startsAt),
        },
        { orgaId: opening.orga_id, storeId: opening.store_id, actor: null },
      );
      await this.changed(manager, entry);
      room -= 1;
      made += 1;
    }
    return made;
  }

  /** The groomers the capacity rule lets take this job at exactly this start now (the chosen one, or any of the pool). */
  private async fitting(
    manager: EntityManager,
    store: BookingStoreRow,
    entry: Pick<EntryRow, 'duration' | 'pets'>,
    startsAt: number,
    chosen: string | null,
    now: number,
  ): Promise<string[]> {
    const days = await this.free.days(
      store,
      { from: localDateOf(startsAt, store.time_zone), days: 1, duration: entry.duration, chosen, petIds: knownPetIds(entry.pets), now },
      manager,
    );
    return days.flatMap((day) => day.slots.filter((slot) => slot.startsAt === startsAt).flatMap((slot) => slot.userIds));
  }

  /**
   * "Take it": under the store's lock, the offer is read and changed alone; the first tap on an open, unexpired offer
   * of a time still free holds it with a booking request (the widget's insert) and closes every other offer of that
   * time as gone. A repeated tap of the winner answers its request again; every other tap answers gone.
   */
  async take(input: RpcRequest<typeof takeWaitlistOfferRpc>): Promise<RpcResponse<typeof takeWaitlistOfferRpc>> {
    const [found] = await this.db.query<{ store_id: string }[]>(
      `SELECT store_id FROM booking_waitlist_offer WHERE id = $1 AND orga_id = $2`,
      [input.offer_id, input.orga_id],
    );
    if (!found) throw new RpcError('not_found');
    return this.db.transaction(async (manager) => {
      await lockStoreHolds(manager, found.store_id);
      const [offer] = await manager.query<OfferRow[]>(`SELECT ${OFFER_COLUMNS} FROM booking_waitlist_offer WHERE id = $1 FOR UPDATE`, [
        input.offer_id,
      ]);
      if (!offer) throw new RpcError('not_found');
      if (offer.status === 'taken') return { outcome: 'taken' as const, slot_id: offer.slot_id };
      const now = Date.now();
      const [entry] = await manager.query<EntryRow[]>(`SELECT ${ENTRY_COLUMNS} FROM booking_waitlist_entry WHERE id = $1`, [
        offer.entry_id,
      ]);
      const [opening] = await manager.query<OpeningRow[]>(
        `SELECT id, orga_id, store_id, user_id, starts_at, ends_at, status FROM booking_waitlist_opening WHERE id = $1 FOR UPDATE`,
        [offer.opening_id],
      );
      const store = await this.storeRow(manager, offer.store_id, input.orga_id);
      const startsAt = new Date(offer.starts_at).getTime();
      const open =
        offer.status === 'offered' &&
        new Date(offer.expires_at).getTime() > now &&
        opening?.status === 'open' &&
        entry?.status === 'waiting';
      const groomers = open && entry ? await this.fitting(manager, store, entry, startsAt, offer.user_id, now) : [];
      const userId = groomers[0];
      if (!entry || !userId) {
        const closedAs = offer.status !== 'offered' ? offer.status : new Date(offer.expires_at).getTime() <= now ? 'expired' : 'gone';
        if (entry) await this.tellGone(manager, offer, entry, closedAs);
        return { outcome: 'gone' as const, slot_id: null };
      }
      const slotId = randomUUID();
      const local = instantToLocal(startsAt, store.time_zone);
      await insertHold(manager, this.outbox, store, userId, slotId, {
        input: {
          treatment_ids: entry.treatment_ids,
          pets: entry.pets,
          first_name: entry.first_name,
          last_name: entry.last_name,
          fon: entry.fon,
          email: entry.email,
          notes: entry.notes,
          consent_messages: entry.consent_messages,
          consent_reminders: false,
          consent_marketing: false,
          language: entry.language as HoldSlot['input']['language'],
        },
        startsAt,
        endsAt: startsAt + offer.duration * 60_000,
        date: `${local.year}-${pad(local.month)}-${pad(local.day)}`,
        hour: local.hour,
        min: local.min,
        duration: offer.duration,
      });
      await manager.query(`UPDATE booking_waitlist_offer SET status = 'taken', slot_id = $2, closed_at = now() WHERE id = $1`, [
        offer.id,
        slotId,
      ]);
      await manager.query(`UPDATE booking_waitlist_opening SET status = 'filled' WHERE id = $1`, [offer.opening_id]);
      const [booked] = updated<EntryRow>(
        await manager.query(
          `UPDATE booking_waitlist_entry SET status = 'booked', updated_at = now() WHERE id = $1 RETURNING ${ENTRY_COLUMNS}`,
          [entry.id],
        ),
      );
      await this.closed(manager, offer, entry, 'taken', startsAt);
      if (booked) await this.changed(manager, booked);
      // everyone else offered this time hears it is gone, once
      const others = await manager.query<OfferRow[]>(
        `SELECT ${OFFER_COLUMNS} FROM booking_waitlist_offer WHERE opening_id = $1 AND id <> $2 AND status IN ('offered', 'expired') AND NOT told_gone
          FOR UPDATE`,
        [offer.opening_id, offer.id],
      );
      for (const other of others) {
        const [otherEntry] = await manager.query<EntryRow[]>(`SELECT ${ENTRY_COLUMNS} FROM booking_waitlist_entry WHERE id = $1`, [
          other.entry_id,
        ]);
        if (otherEntry) await this.tellGone(manager, other, otherEntry, 'gone');
      }
      return { outcome: 'taken' as const, slot_id: slotId };
    });
  }

  /** An offer the customer can no longer take: closed (expired or gone), and they hear it is gone once. */
  private async tellGone(manager: EntityManager, offer: OfferRow, entry: EntryRow, status: 'expired' | 'gone'): Promise<void> {
    if (offer.told_gone) return;
    await manager.query(
      `UPDATE booking_waitlist_offer SET status = $2, told_gone = true, closed_at = coalesce(closed_at, now()) WHERE id = $1`,
      [offer.id, status],
    );
    await this.closed(manager, offer, entry, 'gone', new Date(offer.starts_at).getTime());
    await this.changed(manager, entry);
  }

  /**
   * Offers whose hold ran out close as expired and their openings go to the next candidates. Rows are claimed with
   * SKIP LOCKED, so every booking replica may sweep; a take racing the sweep waits on the row and then reads it.
   */
  async sweep(): Promise<number> {
    return this.db.transaction(async (manager) => {
      const expired = await manager.query<OfferRow[]>(
        `SELECT ${OFFER_COLUMNS} FROM booking_waitlist_offer WHERE status = 'offered' AND expires_at <= now()
          ORDER BY expires_at LIMIT 200 FOR UPDATE SKIP LOCKED`,
      );
      for (const offer of expired) {
        await manager.query(`UPDATE booking_waitlist_offer SET status = 'expired', closed_at = now() WHERE id = $1`, [offer.id]);
        const [entry] = await manager.query<EntryRow[]>(`SELECT ${ENTRY_COLUMNS} FROM booking_waitlist_entry WHERE id = $1`, [
          offer.entry_id,
        ]);
        if (entry) {
          await this.closed(manager, offer, entry, 'expired', new Date(offer.starts_at).getTime());
          await this.changed(manager, entry);
        }
      }
      const stores = [...new Set(expired.map((offer) => offer.store_id))].sort();
      for (const storeId of stores) {
        await lockStoreHolds(manager, storeId);
        const openings = [...new Set(expired.filter((offer) => offer.store_id === storeId).map((offer) => offer.opening_id))];
        for (const openingId of openings) await this.offerRound(manager, openingId);
      }
      return expired.length;
    });
  }

  private async closed(manager: EntityManager, offer: OfferRow, entry: EntryRow, outcome: 'taken' | 'expired' | 'gone', startsAt: number) {
    await this.outbox.add(
      manager,
      waitlistOfferClosedEvent,
      {
        orga_id: entry.orga_id,
        store_id: entry.store_id,
        offer_id: offer.id,
        entry_id: entry.id,
        outcome,
        customer: await this.facts(manager, entry, startsAt),
      },
      { orgaId: entry.orga_id, storeId: entry.store_id, actor: null },
    );
  }

  private async changed(manager: EntityManager, entry: Pick<EntryRow, 'id' | 'orga_id' | 'store_id'>): Promise<void> {
    await this.outbox.add(
      manager,
      waitlistEntryChangedEvent,
      { orga_id: entry.orga_id, store_id: entry.store_id, entry_id: entry.id },
      { orgaId: entry.orga_id, storeId: entry.store_id, actor: null },
    );
  }

  private facts(manager: EntityManager, entry: EntryRow, startsAt: number) {
    return bookingMessageFacts(manager, {
      store_id: entry.store_id,
      first_name: entry.first_name,
      fon: entry.fon,
      language: entry.language,
      consent_messages: entry.consent_messages,
      starts_at: new Date(startsAt),
      treatment_ids: JSON.stringify(entry.treatment_ids),
      pets: entry.pets,
    });
  }

  private async storeRow(runner: Runner, storeId: string, orgaId: string): Promise<BookingStoreRow> {
    const [row] = await runner.query<BookingStoreRow[]>(`SELECT ${STORE_COLUMNS} FROM booking_store WHERE store_id = $1 AND orga_id = $2`, [
      storeId,
      orgaId,
    ]);
    if (!row || row.deleted) throw new RpcError('not_found');
    return row;
  }

  private view(entry: EntryRow, offers: readonly OfferRow[], timeZone: string): WaitlistEntry {
    return {
      id: entry.id,
      orga_id: entry.orga_id,
      store_id: entry.store_id,
      status: entry.status,
      source: entry.source,
      treatment_ids: entry.treatment_ids,
      pets: entry.pets.map((pet) => ({ pet_id: pet.pet_id ?? null, name: pet.name, pet_type: pet.pet_type })),
      user_id: entry.user_id,
      weekdays: entry.weekdays,
      from_time: entry.from_time,
      to_time: entry.to_time,
      until: entry.until,
      first_name: entry.first_name,
      last_name: entry.last_name,
      fon: entry.fon,
      email: entry.email,
      notes: entry.notes,
      consent_messages: entry.consent_messages,
      language: entry.language,
      duration: entry.duration,
      created_at: new Date(entry.created_at).toISOString(),
      offers: offers
        .filter((offer) => offer.entry_id === entry.id)
        .map((offer) => {
          const local = instantToLocal(new Date(offer.starts_at).getTime(), timeZone);
          return {
            id: offer.id,
            status: offer.status,
            starts_at: new Date(offer.starts_at).toISOString(),
            date: `${local.year}-${pad(local.month)}-${pad(local.day)}`,
            time: `${pad(local.hour)}:${pad(local.min)}`,
            duration: offer.duration,
            user_id: offer.user_id,
            offered_at: new Date(offer.offered_at).toISOString(),
            expires_at: new Date(offer.expires_at).toISOString(),
            slot_id: offer.slot_id,
          };
        }),
    };
  }
}
