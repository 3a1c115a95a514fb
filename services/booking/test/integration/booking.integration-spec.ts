import { randomUUID } from 'node:crypto';
import {
  acceptBookingSlotRpc,
  checkPublicCustomerRpc,
  createBookingRuleRpc,
  createCustomerRpc,
  createAppointmentRpc,
  createMemberRpc,
  deactivateMemberRpc,
  getMemberRpc,
  createPetRpc,
  createPublicBookingRequestRpc,
  createTreatmentRpc,
  deleteBookingRuleRpc,
  deleteBookingSlotRpc,
  getBookingRuleRpc,
  getBookingSetupRpc,
  getBookingSlotRpc,
  getPublicBookingStoreRpc,
  listBookingRulesRpc,
  listBookingSlotsRpc,
  listServiceTimesRpc,
  matchCustomerRpc,
  saveServiceTimesRpc,
  updateBookingSetupRpc,
  subscriptionChangedEvent,
  type EventEnvelope,
} from '@pawline/contracts';
import type { NatsRpcClient, RunningService } from '@pawline/nest-kit';
import { call, createTestEnv, emitEvent, failureOf, type TestEnv } from '@pawline/nest-kit/testing';
import { crmService } from '../../../crm/src/crm.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { schedulingService } from '../../../scheduling/src/scheduling.service-definition';
import { bookingService } from '../../src/booking.service-definition';
import { solveChallenge } from '../../src/public/slot-token';
import {
  TEST_SECRET,
  collectEvents,
  dog,
  enable,
  freeSlots,
  localDay,
  requestOf,
  salon,
  solvedChallenge,
  until,
  type Salon,
} from './booking-test-helpers';

jest.setTimeout(240_000);

describe('booking service (real Postgres and NATS; identity, crm and scheduling in-process)', () => {
  let env: TestEnv;
  let service: RunningService;
  let client: NatsRpcClient;
  let events: EventEnvelope[];
  let anna: Salon;
  let jurgen: Salon;
  let bath: string;

  const scope = (s: Salon) => ({ orga_id: s.orgaId, store_id: s.storeId });
  const published = (subject: string, match: (data: Record<string, unknown>) => boolean) =>
    until(
      async () => events.filter((e) => e.subject === subject && match(e.data as Record<string, unknown>)),
      (found) => found.length > 0,
      subject,
    );
  /** A groomer's hours every day of the week, all day, in a store. */
  const allDay = (s: Salon) => call(client, createBookingRuleRpc, { ...scope(s), user_id: s.userId, start_hour: 0, end_hour: 24 }, s.auth);
  const treatment = async (s: Salon, name: string, minutes: number) => {
    const made = await call(client, createTreatmentRpc, { orga_id: s.orgaId, name, default_duration: minutes }, s.auth);
    await until(
      () => env.query(`SELECT 1 FROM booking.booking_treatment WHERE treatment_id = $1`, [made.id]),
      (rows) => rows.length === 1,
      'the treatment in booking',
    );
    return made.id;
  };

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    process.env['BOOKING_POW_BITS'] = '4';
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(crmService);
    await env.start(schedulingService);
    // a pool wide enough for the racing requests of the deadlock test below to meet in Postgres at once
    process.env['DATABASE_POOL_MAX'] = '20';
    service = await env.start(bookingService, { httpPort: 0 });
    delete process.env['DATABASE_POOL_MAX'];
    client = env.rpcClient();
    events = collectEvents(env, 'evt.booking.>');
    anna = await salon(env, client, 'Anna');
    jurgen = await salon(env, client, 'Jurgen');
    bath = await treatment(anna, 'Bagno', 60);
    await allDay(anna);
  });

  afterAll(async () => {
    delete process.env['BOOKING_POW_BITS'];
    await env?.dispose();
  });

  it('answers GET /health with postgres and nats up', async () => {
    const response = await fetch(`${service.httpUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'up', service: 'booking', checks: { postgres: 'up', nats: 'up' } });
  });

  it('R1.20 a plan without online booking cannot switch it on: plan_required from the server', async () => {
    const carla = await salon(env, client, 'Carla');
    const tierIs = async (tier: number) =>
      until(
        () => env.query<{ tier: number }>(`SELECT tier FROM identity.organization WHERE id = $1`, [carla.orgaId]),
        (rows) => rows[0]?.tier === tier,
        `tier ${tier} in identity`,
      );
    const changed = (planId: string, tier: number) =>
      emitEvent(env, subscriptionChangedEvent, {
        orga_id: carla.orgaId,
        plan_id: planId,
        tier,
        subscribed_since: null,
        subscribed_until: null,
      });
    await changed('free_plan', 1);
    await tierIs(1);
    const refused = await failureOf(client, updateBookingSetupRpc, { ...scope(carla), enabled: true }, carla.auth);
    expect(refused).toMatchObject({ code: 'plan_required', status: 402, params: { feature: 'online_booking' } });
    await changed('premium', 4);
    await tierIs(4);
    expect(await call(client, updateBookingSetupRpc, { ...scope(carla), enabled: true }, carla.auth)).toMatchObject({ enabled: true });
  });

  describe('rules', () => {
    it('R3.08 files undated rules under the zero-to-zero interval first, dated ones by their days, with derived times', async () => {
      const office = await call(client, createBookingRuleRpc, { ...scope(anna), start_hour: 9, start_min: 30, end_hour: 18 }, anna.auth);
      expect(office).toMatchObject({
        user_id: null,
        kind: 'open',
        date_start: 0,
        date_end: 0,
        start_time: '09:30:00',
        end_time: '18:00:00',
      });
      const holiday = await call(
        client,
        createBookingRuleRpc,
        { ...scope(anna), kind: 'closed', start_date: '2030-08-10', end_date: '2030-08-20', start_hour: 0, end_hour: 24 },
        anna.auth,
      );
      expect(holiday).toMatchObject({
        date_start: Date.UTC(2030, 7, 10) / 1000,
        date_end: Date.UTC(2030, 7, 20) / 1000,
        end_time: '24:00:00',
      });
      const all = await call(client, listBookingRulesRpc, scope(anna), anna.auth);
      const ids = all.v.map((rule) => rule.id);
      expect(all.v.at(-1)?.id).toBe(holiday.id);
      expect(all.v.slice(0, -1).every((rule) => rule.date_start === 0 && rule.date_end === 0)).toBe(true);
      expect(ids).toContain(office.id);
      // a range that misses the holiday lists only the undated rules; one that meets it lists it too
      const before = await call(client, listBookingRulesRpc, { ...scope(anna), from: '2030-07-01', to: '2030-08-09' }, anna.auth);
      expect(before.v.map((rule) => rule.id)).not.toContain(holiday.id);
      const during = await call(client, listBookingRulesRpc, { ...scope(anna), from: '2030-08-20', to: '2030-09-01' }, anna.auth);
      expect(during.v.map((rule) => rule.id)).toContain(holiday.id);
      expect(await call(client, getBookingRuleRpc, { ...scope(anna), rule_id: holiday.id }, anna.auth)).toEqual(holiday);
      await call(client, deleteBookingRuleRpc, { ...scope(anna), rule_id: office.id }, anna.auth);
      await call(client, deleteBookingRuleRpc, { ...scope(anna), rule_id: holiday.id }, anna.auth);
      expect((await failureOf(client, getBookingRuleRpc, { ...scope(anna), rule_id: office.id }, anna.auth)).code).toBe('not_found');
    });

    it('R4.19 R1.12 publishes rule.created with the rule (the working hours analytics keeps) and rule.deleted', async () => {
      const rule = await call(client, createBookingRuleRpc, { ...scope(anna), weekday: 1, start_hour: 8, end_hour: 12 }, anna.auth);
      const [created] = await published('evt.booking.rule.created.v1', (d) => d['rule_id'] === rule.id && d['store_id'] === anna.storeId);
      expect(created?.data).toMatchObject({ rule: { ...rule, weekday: 1, start_hour: 8, end_hour: 12, kind: 'open' } });
      await call(client, deleteBookingRuleRpc, { ...scope(anna), rule_id: rule.id }, anna.auth);
      await published('evt.booking.rule.deleted.v1', (d) => d['rule_id'] === rule.id);
    });

    it('refuses an end before the start and a groomer of another organization, keeping nothing', async () => {
      const before = await env.query(`SELECT id FROM booking.booking_rule WHERE store_id = $1`, [anna.storeId]);
      const backwards = await failureOf(client, createBookingRuleRpc, { ...scope(anna), start_hour: 12, end_hour: 9 }, anna.auth);
      expect(backwards.code).toBe('validation_failed');
      expect(backwards.fields).toHaveProperty('end_hour');
      const stranger = await failureOf(
        client,
        createBookingRuleRpc,
        { ...scope(anna), user_id: jurgen.userId, start_hour: 9, end_hour: 12 },
        anna.auth,
      );
      expect(stranger.code).toBe('unknown_reference');
      expect(await env.query(`SELECT id FROM booking.booking_rule WHERE store_id = $1`, [anna.storeId])).toEqual(before);
    });

    it("another organization neither reads nor changes a store's rules", async () => {
      const [rule] = (await call(client, listBookingRulesRpc, scope(anna), anna.auth)).v;
      expect((await failureOf(client, listBookingRulesRpc, scope(anna), jurgen.auth)).code).toBe('forbidden');
      expect((await failureOf(client, getBookingRuleRpc, { ...scope(jurgen), rule_id: rule?.id ?? '' }, jurgen.auth)).code).toBe(
        'not_found',
      );
      expect((await failureOf(client, deleteBookingRuleRpc, { ...scope(jurgen), rule_id: rule?.id ?? '' }, jurgen.auth)).code).toBe(
        'not_found',
      );
      expect((await failureOf(client, createBookingRuleRpc, { ...scope(anna), start_hour: 1, end_hour: 2 }, jurgen.auth)).code).toBe(
        'forbidden',
      );
    });
  });

  describe('service times', () => {
    it('R1.08 R3.09 keeps one entry per treatment, pet type, breed, size and hair (nulls alike), removes one with minutes null, and the availability uses the most specific', async () => {
      const cell = { treatment_id: bath, pet_type: 0 as const, breed: null, size: 'medium' as const, hair: null };
      await call(client, saveServiceTimesRpc, { orga_id: anna.orgaId, entries: [{ ...cell, minutes: 45 }] }, anna.auth);
      const saved = await call(
        client,
        saveServiceTimesRpc,
        {
          orga_id: anna.orgaId,
          entries: [
            { ...cell, minutes: 50 },
            { ...cell, hair: 'long', minutes: 90 },
          ],
        },
        anna.auth,
      );
      expect(saved.v.filter((entry) => entry.treatment_id === bath).map((e) => [e.size, e.hair, e.minutes])).toEqual([
        ['medium', null, 50],
        ['medium', 'long', 90],
      ]);
      expect((await call(client, listServiceTimesRpc, { orga_id: anna.orgaId }, anna.auth)).v).toEqual(saved.v);
      const publicId = await enable(client, anna);
      const day = localDay(anna.timeZone, 3);
      expect((await freeSlots(client, publicId, bath, day)).duration).toBe(90);
      expect((await freeSlots(client, publicId, bath, day, { pets: [{ ...dog, hair: 'short' }] })).duration).toBe(50);
      expect((await freeSlots(client, publicId, bath, day, { pets: [{ ...dog, size: 'small' }] })).duration).toBe(60);
      const removed = await call(
        client,
        saveServiceTimesRpc,
        {
          orga_id: anna.orgaId,
          entries: [
            { ...cell, minutes: null },
            { ...cell, hair: 'long', minutes: null },
          ],
        },
        anna.auth,
      );
      expect(removed.v.filter((entry) => entry.treatment_id === bath)).toEqual([]);
    });

    it('refuses another organization and a treatment not of the organization, all or nothing', async () => {
      const entry = { treatment_id: bath, pet_type: 0 as const, minutes: 30 };
      expect((await failureOf(client, saveServiceTimesRpc, { orga_id: anna.orgaId, entries: [entry] }, jurgen.auth)).code).toBe(
        'forbidden',
      );
      const foreign = await failureOf(
        client,
        saveServiceTimesRpc,
        { orga_id: jurgen.orgaId, entries: [{ ...entry, treatment_id: randomUUID() }] },
        jurgen.auth,
      );
      expect(foreign.code).toBe('unknown_reference');
      expect((await call(client, listServiceTimesRpc, { orga_id: jurgen.orgaId }, jurgen.auth)).v).toEqual([]);
    });
  });

  describe('setup and the public store', () => {
    it('makes the setup with defaults (off), shows the store only when enabled, and a new public id retires the old one', async () => {
      const fresh = await call(client, getBookingSetupRpc, scope(jurgen), jurgen.auth);
      expect(fresh).toMatchObject({ enabled: false, min_notice_minutes: 120, horizon_days: 60, buffer_minutes: 0, slot_step_minutes: 15 });
      expect(fresh.public_id).toMatch(/^[a-z0-9]{16}$/);
      expect((await failureOf(client, getPublicBookingStoreRpc, { public_id: fresh.public_id }, null)).code).toBe('not_found');
      const on = await call(
        client,
        updateBookingSetupRpc,
        { ...scope(jurgen), enabled: true, allowed_origins: ['https://Salon-Jurgen.example'] },
        jurgen.auth,
      );
      expect(on.allowed_origins).toEqual(['https://salon-jurgen.example']);
      const page = await call(client, getPublicBookingStoreRpc, { public_id: on.public_id }, null);
      expect(page).toMatchObject({ store_name: expect.any(String), enabled: true, allowed_origins: ['https://salon-jurgen.example'] });
      const renewed = await call(client, updateBookingSetupRpc, { ...scope(jurgen), new_public_id: true }, jurgen.auth);
      expect(renewed.public_id).not.toBe(on.public_id);
      expect((await failureOf(client, getPublicBookingStoreRpc, { public_id: on.public_id }, null)).code).toBe('not_found');
      expect((await failureOf(client, updateBookingSetupRpc, { ...scope(jurgen), enabled: false }, anna.auth)).code).toBe('forbidden');
    });

    it("lists the store's treatments and the groomers with booking hours (first names only)", async () => {
      const publicId = await enable(client, anna);
      const page = await call(client, getPublicBookingStoreRpc, { public_id: publicId }, null);
      expect(page.treatments).toEqual([expect.objectContaining({ id: bath, name: 'Bagno', duration: 60 })]);
      expect(page.staff).toEqual([{ user_id: anna.userId, first_name: 'Anna' }]);
    });
  });

  describe('requests', () => {
    let publicId: string;
    beforeAll(async () => {
      publicId = await enable(client, anna);
    });

    it('R3.10 R4.19 books a free slot: pending, held, customer_booking published, the time gone from availability', async () => {
      const day = localDay(anna.timeZone, 4);
      const offered = await freeSlots(client, publicId, bath, day);
      const slot = offered.days[0]?.slots[10];
      if (!slot) throw new Error('no slot offered');
      expect(slot.user_ids).toEqual([anna.userId]);
      const answer = await call(
        client,
        createPublicBookingRequestRpc,
        requestOf(publicId, bath, slot, await solvedChallenge(client, publicId)),
        null,
      );
      expect(answer).toMatchObject({ outcome: 'booked', date: day, time: slot.time, duration: 60, groomer_first_name: 'Anna' });
      if (answer.outcome !== 'booked') throw new Error('not booked');
      await published(
        'evt.booking.slot.customer_booking.v1',
        (d) => d['slot_id'] === answer.slot_id && d['customer_name'] === 'Maria Bianchi',
      );
      const again = await freeSlots(client, publicId, bath, day);
      expect(again.days[0]?.slots.map((s) => s.starts_at)).not.toContain(slot.starts_at);
      const stored = await call(client, getBookingSlotRpc, { ...scope(anna), slot_id: answer.slot_id }, anna.auth);
      expect(stored).toMatchObject({ status: 'pending', user_id: anna.userId, starts_at: slot.starts_at, fon: '+39 333 123 4567' });
      // R3.10 the treatments as a JSON list string and as a list
      expect(stored.treatment_ids).toBe(JSON.stringify([bath]));
      expect(stored.treatment_id_list).toEqual([bath]);
    });

    it('refuses a reused challenge, a token for other pets (another duration) and a forged token', async () => {
      const day = localDay(anna.timeZone, 5);
      const [first, second] = (await freeSlots(client, publicId, bath, day)).days[0]?.slots ?? [];
      if (!first || !second) throw new Error('no slots');
      const proof = await solvedChallenge(client, publicId);
      await call(client, createPublicBookingRequestRpc, requestOf(publicId, bath, first, proof), null);
      const reused = await failureOf(client, createPublicBookingRequestRpc, requestOf(publicId, bath, second, proof), null);
      expect(reused.code).toBe('token_invalid');
      const twoDogs = await failureOf(
        client,
        createPublicBookingRequestRpc,
        requestOf(publicId, bath, second, await solvedChallenge(client, publicId), { pets: [dog, { ...dog, name: 'Rex' }] }),
        null,
      );
      expect(twoDogs.fields).toHaveProperty('slot_token');
      const forged = await failureOf(
        client,
        createPublicBookingRequestRpc,
        requestOf(
          publicId,
          bath,
          { ...second, token: second.token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) },
          await solvedChallenge(client, publicId),
        ),
        null,
      );
      expect(forged.code).toBe('token_invalid');
    });

    it('50 requests for one slot sent at once: exactly one booked, 49 taken with fresh availability, one pending row', async () => {
      const day = localDay(anna.timeZone, 6);
      const slot = (await freeSlots(client, publicId, bath, day)).days[0]?.slots[20];
      if (!slot) throw new Error('no slot');
      const proofs = await Promise.all(Array.from({ length: 50 }, () => solvedChallenge(client, publicId)));
      const answers = await Promise.all(
        proofs.map((proof, i) =>
          call(client, createPublicBookingRequestRpc, requestOf(publicId, bath, slot, proof, { first_name: `Racer${i}` }), null),
        ),
      );
      expect(answers.filter((a) => a.outcome === 'booked')).toHaveLength(1);
      const taken = answers.filter((a) => a.outcome === 'taken');
      expect(taken).toHaveLength(49);
      for (const answer of taken) {
        if (answer.outcome !== 'taken') continue;
        expect(answer.availability.days[0]?.date).toBe(day);
        expect(answer.availability.days[0]?.slots.map((s) => s.starts_at)).not.toContain(slot.starts_at);
      }
      const rows = await env.query(
        `SELECT id FROM booking.booking_slot WHERE store_id = $1 AND user_id = $2 AND status = 'pending' AND lower(during) = $3`,
        [anna.storeId, anna.userId, slot.starts_at],
      );
      expect(rows).toHaveLength(1);
    });

    it('twelve rounds of 50 racing requests: every round one booked and 49 taken, never an error (no deadlock between holds)', async () => {
      // concurrent inserts that meet on the exclusion constraint can deadlock each other; Postgres then aborts one
      // of them with 40P01, which a customer would have seen as an internal error instead of "taken"
      const day = localDay(anna.timeZone, 9);
      // twelve times two hours apart, so no round's time overlaps another's (60 minutes and the buffer)
      const slots = ((await freeSlots(client, publicId, bath, day)).days[0]?.slots ?? []).filter(
        (s, _, all) => (Date.parse(s.starts_at) - Date.parse(all[0]?.starts_at ?? s.starts_at)) % (2 * 3_600_000) === 0,
      );
      const tally: Record<string, number> = {};
      for (let round = 0; round < 12; round++) {
        const slot = slots[round];
        if (!slot) throw new Error('no slot');
        const proofs = await Promise.all(Array.from({ length: 50 }, () => solvedChallenge(client, publicId)));
        const settled = await Promise.allSettled(
          proofs.map((proof, i) =>
            call(client, createPublicBookingRequestRpc, requestOf(publicId, bath, slot, proof, { first_name: `Round${round}x${i}` }), null),
          ),
        );
        for (const answer of settled) {
          const key = answer.status === 'fulfilled' ? answer.value.outcome : `error ${(answer.reason as { code?: string }).code}`;
          tally[key] = (tally[key] ?? 0) + 1;
        }
      }
      expect(tally).toEqual({ booked: 12, taken: 12 * 49 });
    });

    it('a slot the salon booked meanwhile in the calendar answers taken with fresh availability', async () => {
      const day = localDay(anna.timeZone, 15);
      const slot = (await freeSlots(client, publicId, bath, day)).days[0]?.slots[12];
      if (!slot) throw new Error('no slot');
      const customer = await call(client, createCustomerRpc, { ...scope(anna), first_name: 'Walk', last_name: 'In' }, anna.auth);
      const pet = await call(client, createPetRpc, { ...scope(anna), customer_id: customer.customer.id, name: 'Bobby' }, anna.auth);
      const [hour, min] = slot.time.split(':').map(Number);
      const made = await call(
        client,
        createAppointmentRpc,
        {
          ...scope(anna),
          appointment: { user_id: anna.userId, date: day, hour: hour ?? 0, min: min ?? 0, duration: 30, pet_ids: [pet.pet.id] },
        },
        anna.auth,
      );
      await until(
        () => env.query(`SELECT 1 FROM booking.booking_busy WHERE appointment_id = $1`, [made.items[0]?.id]),
        (rows) => rows.length === 1,
        'the appointment in booking',
      );
      const answer = await call(
        client,
        createPublicBookingRequestRpc,
        requestOf(publicId, bath, slot, await solvedChallenge(client, publicId)),
        null,
      );
      expect(answer.outcome).toBe('taken');
      if (answer.outcome !== 'taken') return;
      expect(answer.availability.days[0]?.slots.map((s) => s.starts_at)).not.toContain(slot.starts_at);
      expect(answer.availability.days[0]?.slots.length).toBeGreaterThan(0);
      // a fresh challenge for the next try: the customer's retry asks for none
      expect(answer.challenge).toMatchObject({ challenge: expect.any(String), difficulty: 4 });
      const next = answer.availability.days[0]?.slots[0];
      if (!next) throw new Error('no fresh slot');
      const retry = requestOf(publicId, bath, next, {
        challenge: answer.challenge.challenge,
        nonce: solveChallenge(answer.challenge.challenge, 4),
      });
      expect((await call(client, createPublicBookingRequestRpc, retry, null)).outcome).toBe('booked');
    });

    it('the database refuses a second overlapping pending request of one groomer (the exclusion constraint)', async () => {
      const [row] = await env.query<{ id: string }>(
        `SELECT id FROM booking.booking_slot WHERE store_id = $1 AND status = 'pending' LIMIT 1`,
        [anna.storeId],
      );
      await expect(
        env.query(
          `INSERT INTO booking.booking_slot (id, orga_id, store_id, created_time, user_id, during, local_date, hour, min, duration, treatment_ids,
             pets, first_name, last_name, fon, consent_messages, consent_reminders, consent_marketing, language)
           SELECT gen_random_uuid(), orga_id, store_id, created_time, user_id, during, local_date, hour, min, duration, treatment_ids, pets,
             first_name, last_name, fon, false, false, false, 'en' FROM booking.booking_slot WHERE id = $1`,
          [row?.id],
        ),
      ).rejects.toMatchObject({ code: '23P01' });
    });

    it('R7.06 R9.05 lists pending requests newest first, 100 a page after (created_time, last id)', async () => {
      const [template] = await env.query<{ id: string }>(`SELECT id FROM booking.booking_slot WHERE store_id = $1 LIMIT 1`, [anna.storeId]);
      // 120 more requests, each its own hour far ahead, two of them in one millisecond (the id breaks the tie)
      await env.query(
        `INSERT INTO booking.booking_slot (id, orga_id, store_id, created_time, user_id, during, local_date, hour, min, duration, treatment_ids,
           pets, first_name, last_name, fon, consent_messages, consent_reminders, consent_marketing, language)
         SELECT gen_random_uuid(), s.orga_id, s.store_id, 1700000000000 + least(n, 119), s.user_id,
           tstzrange(timestamptz '2031-01-01' + n * interval '1 hour', timestamptz '2031-01-01' + n * interval '1 hour' + interval '30 minutes'),
           date '2031-01-01', 0, 0, 30, s.treatment_ids, s.pets, 'Page' || n, 'Test', '000', false, false, false, 'en'
           FROM booking.booking_slot s, generate_series(1, 120) n WHERE s.id = $1`,
        [template?.id],
      );
      const pending = await env.query<{ id: string; created_time: string }>(
        `SELECT id, created_time FROM booking.booking_slot WHERE store_id = $1 AND status = 'pending' ORDER BY created_time DESC, id DESC`,
        [anna.storeId],
      );
      const first = await call(client, listBookingSlotsRpc, { ...scope(anna), created_time: 0, last_id: null }, anna.auth);
      expect(first.v).toHaveLength(100);
      expect(first.v.map((s) => s.id)).toEqual(pending.slice(0, 100).map((row) => row.id));
      const last = first.v[99];
      const second = await call(
        client,
        listBookingSlotsRpc,
        { ...scope(anna), created_time: last?.created_time ?? 0, last_id: last?.id ?? null },
        anna.auth,
      );
      expect(second.v.map((s) => s.id)).toEqual(pending.slice(100).map((row) => row.id));
      expect((await failureOf(client, listBookingSlotsRpc, { ...scope(anna), created_time: 0, last_id: null }, jurgen.auth)).code).toBe(
        'forbidden',
      );
      await env.query(`DELETE FROM booking.booking_slot WHERE store_id = $1 AND last_name = 'Test'`, [anna.storeId]);
    });

    it('R1.09 R4.19 deleting a request frees its time, publishes slot.deleted and leaves it out of the list', async () => {
      const day = localDay(anna.timeZone, 7);
      const slot = (await freeSlots(client, publicId, bath, day)).days[0]?.slots[5];
      if (!slot) throw new Error('no slot');
      const answer = await call(
        client,
        createPublicBookingRequestRpc,
        requestOf(publicId, bath, slot, await solvedChallenge(client, publicId)),
        null,
      );
      if (answer.outcome !== 'booked') throw new Error('not booked');
      expect((await failureOf(client, deleteBookingSlotRpc, { ...scope(jurgen), slot_id: answer.slot_id }, jurgen.auth)).code).toBe(
        'not_found',
      );
      expect((await failureOf(client, deleteBookingSlotRpc, { ...scope(anna), slot_id: answer.slot_id }, jurgen.auth)).code).toBe(
        'forbidden',
      );
      await call(client, deleteBookingSlotRpc, { ...scope(anna), slot_id: answer.slot_id }, anna.auth);
      await published('evt.booking.slot.deleted.v1', (d) => d['slot_id'] === answer.slot_id);
      expect((await freeSlots(client, publicId, bath, day)).days[0]?.slots.map((s) => s.starts_at)).toContain(slot.starts_at);
      const list = await call(client, listBookingSlotsRpc, { ...scope(anna), created_time: 0, last_id: null }, anna.auth);
      expect(list.v.map((s) => s.id)).not.toContain(answer.slot_id);
      expect((await failureOf(client, getBookingSlotRpc, { ...scope(anna), slot_id: answer.slot_id }, anna.auth)).code).toBe('not_found');
    });
  });

  describe('accepting', () => {
    let publicId: string;
    beforeAll(async () => {
      publicId = await enable(client, anna);
    });

    const book = async (days: number, index: number, extra: Parameters<typeof requestOf>[4] = {}) => {
      const slot = (await freeSlots(client, publicId, bath, localDay(anna.timeZone, days), { pets: extra.pets ?? [dog] })).days[0]?.slots[
        index
      ];
      if (!slot) throw new Error('no slot');
      const answer = await call(
        client,
        createPublicBookingRequestRpc,
        requestOf(publicId, bath, slot, await solvedChallenge(client, publicId), extra),
        null,
      );
      if (answer.outcome !== 'booked') throw new Error('not booked');
      return { slotId: answer.slot_id, slot };
    };

    it('R1.09 R4.19 creates the customer with the consents given, the new pet and the appointment; a retry makes no second one', async () => {
      const { slotId, slot } = await book(8, 3, { fon: '+39 347 000 1111', last_name: 'Verdi', email: 'verdi@example.com' });
      const accepted = await call(client, acceptBookingSlotRpc, { ...scope(anna), slot_id: slotId }, anna.auth);
      expect(accepted.slot).toMatchObject({
        status: 'accepted',
        appointment_id: accepted.appointment_id,
        customer_id: accepted.customer_id,
      });
      await published('evt.booking.slot.accepted.v1', (d) => d['slot_id'] === slotId && d['appointment_id'] === accepted.appointment_id);
      const [customer] = await env.query<Record<string, unknown>>(`SELECT * FROM crm.customer WHERE id = $1`, [accepted.customer_id]);
      expect(customer).toMatchObject({ last_name: 'Verdi', fon: '+39 347 000 1111', consent_reminders: true, consent_marketing: false });
      const pets = await env.query<Record<string, unknown>>(`SELECT name, size, hair FROM crm.pet WHERE customer_id = $1`, [
        accepted.customer_id,
      ]);
      expect(pets).toEqual([{ name: 'Fido', size: 'medium', hair: 'long' }]);
      const [appointment] = await env.query<{ user_id: string; starts_at: Date; duration: number }>(
        `SELECT user_id, starts_at, duration FROM scheduling.appointment WHERE id = $1`,
        [accepted.appointment_id],
      );
      expect(appointment).toMatchObject({ user_id: anna.userId, duration: 60 });
      expect(appointment?.starts_at.toISOString()).toBe(slot.starts_at);
      // the appointment's event releases the hold: the time stays busy through the busy projection
      await until(
        () => env.query(`SELECT released FROM booking.booking_slot WHERE id = $1`, [slotId]),
        (rows) => rows[0]?.['released'] === true,
        'the hold released',
      );
      const again = await call(client, acceptBookingSlotRpc, { ...scope(anna), slot_id: slotId }, anna.auth);
      expect(again.appointment_id).toBe(accepted.appointment_id);
      expect(
        await env.query(`SELECT id FROM scheduling.appointment WHERE id <> $1 AND starts_at = $2`, [
          accepted.appointment_id,
          slot.starts_at,
        ]),
      ).toEqual([]);
      const offered = await freeSlots(client, publicId, bath, localDay(anna.timeZone, 8));
      expect(offered.days[0]?.slots.map((s) => s.starts_at)).not.toContain(slot.starts_at);
    });

    it('matches an existing customer by phone digits and books their known pet, and the phone check names it', async () => {
      const existing = await call(
        client,
        createCustomerRpc,
        { ...scope(anna), first_name: 'Lucia', last_name: 'Neri', fon: '0039 348 222 3333' },
        anna.auth,
      );
      const rex = await call(
        client,
        createPetRpc,
        { ...scope(anna), customer_id: existing.customer.id, name: 'Rex', size: 'big' },
        anna.auth,
      );
      const check = await call(client, checkPublicCustomerRpc, { public_id: publicId, fon: '348 222 3333', last_name: 'neri' }, null);
      expect(check).toEqual({ known: true, pets: [expect.objectContaining({ pet_id: rex.pet.id, name: 'Rex', size: 'big' })] });
      expect(await call(client, checkPublicCustomerRpc, { public_id: publicId, fon: '348 222 3333', last_name: 'Rossi' }, null)).toEqual({
        known: false,
        pets: [],
      });
      const known = { ...dog, pet_id: rex.pet.id, name: 'Rex', size: 'big' as const };
      const { slotId } = await book(9, 2, { fon: '+39 348-222-3333', first_name: 'Lucia', last_name: 'Neri', pets: [known] });
      expect((await call(client, getBookingSlotRpc, { ...scope(anna), slot_id: slotId }, anna.auth)).customer_id).toBe(
        existing.customer.id,
      );
      const accepted = await call(client, acceptBookingSlotRpc, { ...scope(anna), slot_id: slotId }, anna.auth);
      expect(accepted.customer_id).toBe(existing.customer.id);
      expect(
        await env.query(`SELECT count(*)::int AS n FROM crm.customer WHERE orga_id = $1 AND last_name = 'Neri'`, [anna.orgaId]),
      ).toEqual([{ n: 1 }]);
      const pets = await env.query(`SELECT pet_id FROM scheduling.appointment_pet WHERE appointment_id = $1`, [accepted.appointment_id]);
      expect(pets).toEqual([{ pet_id: rex.pet.id }]);
    });

    it('crm matches customers for a service only, never for a signed-in user', async () => {
      const refused = await failureOf(client, matchCustomerRpc, { ...scope(anna), fon: '348 222 3333', email: null }, anna.auth);
      expect(refused.code).toBe('forbidden');
    });

    it('keeps the request pending and undoes the customer it made when scheduling refuses (a groomer who left)', async () => {
      const hired = await call(
        client,
        createMemberRpc,
        {
          orga_id: anna.orgaId,
          first_name: 'Bruno',
          last_name: 'Neri',
          email: `bruno.${randomUUID().slice(0, 8)}@example.com`,
          orga_rank: 3,
        },
        anna.auth,
      );
      const staff = await until(
        () =>
          env.query<{ first_name: string; active: boolean }>(
            `SELECT first_name, active FROM booking.booking_staff WHERE orga_id = $1 AND user_id = $2`,
            [anna.orgaId, hired.user_id],
          ),
        (rows) => rows.length === 1,
        'the new groomer in booking',
      );
      expect(staff).toEqual([{ first_name: 'Bruno', active: true }]);
      await call(client, createBookingRuleRpc, { ...scope(anna), user_id: hired.user_id, start_hour: 0, end_hour: 24 }, anna.auth);
      const { slotId } = await book(11, 6, { user_id: hired.user_id, last_name: 'Gialli', fon: '+39 349 555 0000' });
      expect((await call(client, getBookingSlotRpc, { ...scope(anna), slot_id: slotId }, anna.auth)).user_id).toBe(hired.user_id);
      await call(client, deactivateMemberRpc, { orga_id: anna.orgaId, user_id: hired.user_id }, anna.auth);
      const refused = await failureOf(client, acceptBookingSlotRpc, { ...scope(anna), slot_id: slotId }, anna.auth);
      expect(refused.code).toBe('unknown_reference');
      const [row] = await env.query(`SELECT status, accept_customer_id, appointment_id FROM booking.booking_slot WHERE id = $1`, [slotId]);
      expect(row).toEqual({ status: 'pending', accept_customer_id: null, appointment_id: null });
      expect(await env.query(`SELECT id FROM crm.customer WHERE orga_id = $1 AND last_name = 'Gialli'`, [anna.orgaId])).toEqual([]);
      await until(
        () => env.query(`SELECT active FROM booking.booking_staff WHERE user_id = $1`, [hired.user_id]),
        (rows) => rows[0]?.['active'] === false,
        'the groomer inactive in booking',
      );
    });

    it("a retry after scheduling's answer was lost adopts the appointment it made instead of booking a second", async () => {
      const { slotId, slot } = await book(14, 2, { last_name: 'Perso', fon: '+39 341 000 2222' });
      const made = await call(
        client,
        createCustomerRpc,
        { ...scope(anna), first_name: 'Maria', last_name: 'Perso', fon: '+39 341 000 2222' },
        anna.auth,
      );
      const pet = await call(client, createPetRpc, { ...scope(anna), customer_id: made.customer.id, name: 'Fido' }, anna.auth);
      // the first accept got this far (customer and pet on the row), and scheduling booked, but its answer never came
      await env.query(`UPDATE booking.booking_slot SET accept_customer_id = $2, accept_pet_ids = $3::jsonb WHERE id = $1`, [
        slotId,
        made.customer.id,
        JSON.stringify([pet.pet.id]),
      ]);
      const request = await call(client, getBookingSlotRpc, { ...scope(anna), slot_id: slotId }, anna.auth);
      const lost = await call(
        client,
        createAppointmentRpc,
        {
          ...scope(anna),
          appointment: {
            user_id: anna.userId,
            date: request.date,
            hour: request.hour,
            min: request.min,
            duration: request.duration,
            treatment_ids: [bath],
            pet_ids: [pet.pet.id],
          },
        },
        anna.auth,
      );
      const lostId = lost.items[0]?.id;
      await until(
        () => env.query(`SELECT 1 FROM booking.booking_busy WHERE appointment_id = $1`, [lostId]),
        (rows) => rows.length === 1,
        'the lost appointment in booking',
      );
      const accepted = await call(client, acceptBookingSlotRpc, { ...scope(anna), slot_id: slotId }, anna.auth);
      expect(accepted).toMatchObject({ appointment_id: lostId, customer_id: made.customer.id });
      expect(
        await env.query(`SELECT id FROM scheduling.appointment WHERE starts_at = $1 AND user_id = $2`, [slot.starts_at, anna.userId]),
      ).toEqual([{ id: lostId }]);
      expect(await env.query(`SELECT released FROM booking.booking_slot WHERE id = $1`, [slotId])).toEqual([{ released: true }]);
    });

    it('two accepts of one request at once make one appointment', async () => {
      const { slotId } = await book(12, 1, { last_name: 'Doppio', fon: '+39 340 777 8888' });
      const results = await Promise.allSettled([
        call(client, acceptBookingSlotRpc, { ...scope(anna), slot_id: slotId }, anna.auth),
        call(client, acceptBookingSlotRpc, { ...scope(anna), slot_id: slotId }, anna.auth),
      ]);
      const done = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.appointment_id] : []));
      const refused = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { code?: string }).code] : []));
      expect(done.length).toBeGreaterThanOrEqual(1);
      expect(new Set(done).size).toBe(1);
      expect(refused.every((code) => code === 'conflict')).toBe(true);
      const [customer] = await env.query<{ id: string }>(`SELECT id FROM crm.customer WHERE orga_id = $1 AND last_name = 'Doppio'`, [
        anna.orgaId,
      ]);
      expect(
        await env.query(`SELECT id FROM scheduling.appointment_pet ap JOIN crm.pet p ON p.id = ap.pet_id WHERE p.customer_id = $1`, [
          customer?.id,
        ]),
      ).toHaveLength(1);
    });

    it("'any groomer': two customers asking for one time at once get the two groomers free then", async () => {
      const carla = await call(
        client,
        createMemberRpc,
        {
          orga_id: anna.orgaId,
          first_name: 'Carla',
          last_name: 'Blu',
          email: `carla.${randomUUID().slice(0, 8)}@example.com`,
          orga_rank: 3,
        },
        anna.auth,
      );
      await until(
        () => env.query(`SELECT 1 FROM booking.booking_staff WHERE user_id = $1`, [carla.user_id]),
        (rows) => rows.length === 1,
        'Carla in booking',
      );
      await call(client, createBookingRuleRpc, { ...scope(anna), user_id: carla.user_id, start_hour: 0, end_hour: 24 }, anna.auth);
      const day = localDay(anna.timeZone, 13);
      const slot = (await freeSlots(client, publicId, bath, day)).days[0]?.slots[8];
      expect(slot?.user_ids.sort()).toEqual([anna.userId, carla.user_id].sort());
      if (!slot) throw new Error('no slot');
      const proofs = await Promise.all([1, 2, 3].map(() => solvedChallenge(client, publicId)));
      const answers = await Promise.all(
        proofs.map((proof) => call(client, createPublicBookingRequestRpc, requestOf(publicId, bath, slot, proof), null)),
      );
      expect(answers.map((a) => a.outcome).sort()).toEqual(['booked', 'booked', 'taken']);
      const holders = await env.query<{ user_id: string }>(
        `SELECT user_id FROM booking.booking_slot WHERE store_id = $1 AND status = 'pending' AND lower(during) = $2 ORDER BY user_id`,
        [anna.storeId, slot.starts_at],
      );
      expect(holders.map((h) => h.user_id)).toEqual([anna.userId, carla.user_id].sort());
    });

    it('identity answers a member to a service (booking) without a user', async () => {
      const member = await call(client, getMemberRpc, { orga_id: anna.orgaId, user_id: anna.userId }, null);
      expect(member).toMatchObject({ user_id: anna.userId, first_name: 'Anna', active: true });
    });

    it("another organization cannot accept a store's request", async () => {
      const { slotId } = await book(10, 4);
      expect((await failureOf(client, acceptBookingSlotRpc, { ...scope(anna), slot_id: slotId }, jurgen.auth)).code).toBe('forbidden');
      expect((await failureOf(client, acceptBookingSlotRpc, { ...scope(jurgen), slot_id: slotId }, jurgen.auth)).code).toBe('not_found');
      expect((await call(client, getBookingSlotRpc, { ...scope(anna), slot_id: slotId }, anna.auth)).status).toBe('pending');
    });
  });

  describe('capacity: the pool, unassigned appointments and pets (ADR 0044)', () => {
    let dora: Salon;
    let publicId: string;
    let wash: string;
    let petId: string;
    let eva = '';

    /** An appointment booked in the calendar, once booking's busy projection has it. */
    const newPet = async (name: string) => {
      const customer = await call(client, createCustomerRpc, { ...scope(dora), first_name: name, last_name: 'Russo' }, dora.auth);
      return (await call(client, createPetRpc, { ...scope(dora), customer_id: customer.customer.id, name }, dora.auth)).pet.id;
    };
    const booked = async (day: string, hour: number, userId: string | null, duration = 60, pet = petId) => {
      const made = await call(
        client,
        createAppointmentRpc,
        { ...scope(dora), appointment: { user_id: userId, date: day, hour, min: 0, duration, pet_ids: [pet] } },
        dora.auth,
      );
      await until(
        () => env.query(`SELECT 1 FROM booking.booking_busy WHERE appointment_id = $1`, [made.items[0]?.id]),
        (rows) => rows.length === 1,
        'the appointment in booking',
      );
    };
    const startsOf = async (day: string, extra: Parameters<typeof freeSlots>[4] = {}) =>
      ((await freeSlots(client, publicId, wash, day, extra)).days[0]?.slots ?? []).map((slot) => [slot.time, slot.user_ids.length]);
    const hireEva = async () => {
      const member = await call(
        client,
        createMemberRpc,
        { orga_id: dora.orgaId, first_name: 'Eva', last_name: 'Neri', email: `eva.${randomUUID().slice(0, 8)}@example.com`, orga_rank: 3 },
        dora.auth,
      );
      await until(
        () => env.query(`SELECT 1 FROM booking.booking_staff WHERE user_id = $1`, [member.user_id]),
        (rows) => rows.length === 1,
        'Eva in booking',
      );
      await call(client, createBookingRuleRpc, { ...scope(dora), user_id: member.user_id, start_hour: 9, end_hour: 17 }, dora.auth);
      return member.user_id;
    };

    beforeAll(async () => {
      dora = await salon(env, client, 'Dora');
      wash = await treatment(dora, 'Lavaggio', 60);
      await call(client, createBookingRuleRpc, { ...scope(dora), user_id: dora.userId, start_hour: 9, end_hour: 17 }, dora.auth);
      publicId = await enable(client, dora, { slot_step_minutes: 60 });
      petId = await newPet('Oliver');
    });

    it('an unassigned appointment takes the pool: the widget offers no such time, for any groomer or the chosen one', async () => {
      const day = localDay(dora.timeZone, 20);
      await booked(day, 10, null);
      // Dora is the whole pool: whoever does the unassigned appointment is her
      expect((await startsOf(day)).map(([time]) => time)).toEqual(['09:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
      expect((await startsOf(day, { user_id: dora.userId })).map(([time]) => time)).not.toContain('10:00');
      eva = await hireEva();
      // two groomers and one unassigned appointment: one place left at 10:00, offered with either
      expect(await startsOf(day)).toContainEqual(['10:00', 2]);
      await booked(day, 10, null, 60, await newPet('Pippo'));
      expect((await startsOf(day)).map(([time]) => time)).not.toContain('10:00');
      expect((await startsOf(day, { user_id: eva })).map(([time]) => time)).not.toContain('10:00');
    });

    it('a known pet already booked is not offered that time again', async () => {
      const day = localDay(dora.timeZone, 21);
      await booked(day, 12, eva);
      const oliver = { ...dog, pet_id: petId, name: 'Oliver' };
      expect((await startsOf(day, { pets: [oliver] })).map(([time]) => time)).not.toContain('12:00');
      // another dog may come at 12:00 with Dora
      expect(await startsOf(day)).toContainEqual(['12:00', 1]);
    });

    it('two customers asking at once for the last place of the pool with two groomers: one booked, one taken', async () => {
      const day = localDay(dora.timeZone, 22);
      await booked(day, 14, null);
      const slot = (await freeSlots(client, publicId, wash, day)).days[0]?.slots.find((s) => s.time === '14:00');
      expect(slot?.user_ids.length).toBe(2);
      if (!slot) throw new Error('no slot');
      const answers = await Promise.all(
        [dora.userId, eva].map(async (userId) =>
          call(
            client,
            createPublicBookingRequestRpc,
            requestOf(publicId, wash, slot, await solvedChallenge(client, publicId), { user_id: userId }),
            null,
          ),
        ),
      );
      expect(answers.map((answer) => answer.outcome).sort()).toEqual(['booked', 'taken']);
      expect((await startsOf(day)).map(([time]) => time)).not.toContain('14:00');
    });

    it('accepting a request whose time now collides answers 409 conflict with the collision, and books when allowed', async () => {
      const day = localDay(dora.timeZone, 23);
      const slot = (await freeSlots(client, publicId, wash, day, { user_id: dora.userId })).days[0]?.slots.find((s) => s.time === '15:00');
      if (!slot) throw new Error('no slot');
      const answer = await call(
        client,
        createPublicBookingRequestRpc,
        requestOf(publicId, wash, slot, await solvedChallenge(client, publicId), { user_id: dora.userId, fon: '+39 333 777 0001' }),
        null,
      );
      if (answer.outcome !== 'booked') throw new Error('not booked');
      // meanwhile the salon books Dora at that time in the calendar (scheduling does not see requests)
      await booked(day, 15, dora.userId, 30);
      const refused = await failureOf(client, acceptBookingSlotRpc, { ...scope(dora), slot_id: answer.slot_id }, dora.auth);
      expect(refused).toMatchObject({ code: 'conflict', extra: { collisions: [{ reason: 'staff', user_id: dora.userId }] } });
      expect(refused.text).toContain('collides');
      const pending = await call(client, getBookingSlotRpc, { ...scope(dora), slot_id: answer.slot_id }, dora.auth);
      expect(pending).toMatchObject({ status: 'pending', customer_id: null });
      const accepted = await call(
        client,
        acceptBookingSlotRpc,
        { ...scope(dora), slot_id: answer.slot_id, allow_conflict: true },
        dora.auth,
      );
      expect(accepted.slot.status).toBe('accepted');
    });
  });
});
