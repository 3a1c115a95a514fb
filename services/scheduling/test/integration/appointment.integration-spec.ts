import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import {
  cancelOrgaRpc,
  checkOutAppointmentRpc,
  createAppointmentRpc,
  createTreatmentRpc,
  customerAppointmentStatusRpc,
  deleteAppointmentRpc,
  getAppointmentRpc,
  latestPetAppointmentRpc,
  listAppointmentRangeRpc,
  listPetAppointmentsRpc,
  listRecurringGroupRpc,
  listTreatmentsRpc,
  moveAppointmentRpc,
  readCalendarFeedRpc,
  regenerateCalendarFeedRpc,
  resizeAppointmentRpc,
  updateAppointmentNotesRpc,
  updateAppointmentRpc,
  updateAppointmentStatusRpc,
  updateTreatmentRpc,
  REMINDER_STATUS,
  reminderQueuedEvent,
  type Appointment,
  type EventEnvelope,
} from '@pawline/contracts';
import { MONEY_CENTS_MAX, PAGE_SIZES, calendarRange, calendarRangePathParts, isLastPage } from '@pawline/domain';
import type { NatsRpcClient } from '@pawline/nest-kit';
import { createTestEnv, emitEvent, until, type TestEnv } from '@pawline/nest-kit/testing';
import { identityService } from '../../../identity/src/identity.service-definition';
import { schedulingService } from '../../src/scheduling.service-definition';
import { TEST_SECRET, call, crmPetEvent, failureOf, petOf, signUp, type RpcInput, type Salon } from './scheduling-test-helpers';

jest.setTimeout(180_000);

const range = (y: number, m: number, d: number, y2: number, m2: number, d2: number) => ({ y, m, d, y2, m2, d2 });

describe('scheduling over NATS and Postgres', () => {
  let env: TestEnv;
  let client: NatsRpcClient;
  let anna: Salon;
  let jurgen: Salon;
  const petA = randomUUID();
  const petB = randomUUID();
  let treatmentId = '';
  const published: EventEnvelope[] = [];

  const scope = () => ({ orga_id: anna.orgaId, store_id: anna.storeId });
  const book = (
    fields: Partial<RpcInput<typeof createAppointmentRpc>['appointment']>,
    recurring: RpcInput<typeof createAppointmentRpc>['recurring'] = null,
    allowConflict = false,
  ) =>
    call(
      client,
      createAppointmentRpc,
      {
        ...scope(),
        appointment: { date: '2026-12-01', hour: 9, min: 0, duration: 60, pet_ids: [petA], ...fields },
        recurring,
        allow_conflict: allowConflict,
      },
      anna.auth,
    );
  const eventsFor = (id: string, subject: string, count = 1): Promise<EventEnvelope[]> =>
    until(
      () => {
        const found = published.filter((e) => e.subject.endsWith(subject) && JSON.stringify(e.data).includes(id));
        return found.length >= count && found;
      },
      { timeoutMs: 10_000, what: `${count} ${subject} event(s) for ${id}` },
    );

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(schedulingService);
    client = env.rpcClient();
    const sub = env.nats().subscribe(`${env.subjectPrefix}evt.scheduling.>`);
    void (async () => {
      for await (const msg of sub) published.push(JSON.parse(msg.string()) as EventEnvelope);
    })();
    anna = await signUp(env, client, 'Anna');
    jurgen = await signUp(env, client, 'Jurgen');
    await env.query(`UPDATE identity.store SET time_zone = 'Europe/Rome' WHERE id = $1`, [anna.storeId]);
    await petOf(env, anna, petA);
    await petOf(env, anna, petB);
  });

  afterAll(async () => {
    await env?.dispose();
  });

  describe('treatments', () => {
    it('R5.16 creates a treatment whose price is amount text in cents, lists and archives it', async () => {
      const created = await call(
        client,
        createTreatmentRpc,
        { orga_id: anna.orgaId, name: 'Bagno', default_duration: 45, default_price: '25,5' },
        anna.auth,
      );
      expect(created).toMatchObject({ name: 'Bagno', default_price: 2550, default_duration: 45, archive: false });
      treatmentId = created.id;
      const archived = await call(client, createTreatmentRpc, { orga_id: anna.orgaId, name: 'Vecchio', default_price: 1000 }, anna.auth);
      await call(client, updateTreatmentRpc, { orga_id: anna.orgaId, treatment_id: archived.id, archive: true }, anna.auth);
      expect((await call(client, listTreatmentsRpc, { orga_id: anna.orgaId }, anna.auth)).map((t) => t.name)).toEqual(['Bagno']);
      expect(await call(client, listTreatmentsRpc, { orga_id: anna.orgaId, include_archived: true }, anna.auth)).toHaveLength(2);
    });

    it('refuses another organization and unknown treatments', async () => {
      expect((await failureOf(client, listTreatmentsRpc, { orga_id: anna.orgaId }, jurgen.auth)).code).toBe('forbidden');
      expect(
        (await failureOf(client, updateTreatmentRpc, { orga_id: jurgen.orgaId, treatment_id: treatmentId, name: 'x' }, jurgen.auth)).code,
      ).toBe('not_found');
    });
  });

  describe('booking and reading', () => {
    let booked: Appointment;

    it('R3.07 R7.05 books an appointment and reads it by id and in the range with treatments and pets', async () => {
      const result = await book({
        date: '2026-12-01',
        hour: 9,
        min: 30,
        treatment_ids: [treatmentId],
        pet_ids: [petA, petB],
        notes: 'Nervoso',
      });
      booked = result.items[0];
      expect(booked).toMatchObject({
        date: '2026-12-01',
        hour: 9,
        min: 30,
        duration: 60,
        price: 2550,
        status: 0,
        checked_out: false,
        cashed_in: false,
        time_zone: 'Europe/Rome',
      });
      expect(booked.starts_at).toBe('2026-12-01T08:30:00.000Z');
      expect(booked.ends_at).toBe('2026-12-01T09:30:00.000Z');
      const byId = await call(client, getAppointmentRpc, { ...scope(), appointment_id: booked.id }, anna.auth);
      expect(byId.treatments).toEqual([{ appointment_id: booked.id, treatment_id: treatmentId, name: 'Bagno' }]);
      expect(byId.pets.map((p) => p.pet_id).sort()).toEqual([petA, petB].sort());
      const week = await call(client, listAppointmentRangeRpc, { ...scope(), ...range(2026, 11, 30, 2026, 12, 6) }, anna.auth);
      expect(week.items.map((a) => a.id)).toContain(booked.id);
      expect(week.pets.filter((p) => p.appointment_id === booked.id)).toHaveLength(2);
      const before = await call(client, listAppointmentRangeRpc, { ...scope(), ...range(2026, 11, 1, 2026, 11, 30) }, anna.auth);
      expect(before.items.map((a) => a.id)).not.toContain(booked.id);
    });

    it('R4.17 publishes the created event with the organization, store and appointment id', async () => {
      const [event] = await eventsFor(booked.id, 'evt.scheduling.appointment.created.v1');
      expect(event).toMatchObject({
        orgaId: anna.orgaId,
        storeId: anna.storeId,
        data: { appointment_id: booked.id, orga_id: anna.orgaId, store_id: anna.storeId },
      });
      expect(event?.actor?.userId).toBe(anna.userId);
    });

    it("R9.08 answers the calendar helper's range (6 days before the end of the previous month to 6 days after the start of the month after next)", async () => {
      const [y, m, d, y2, m2, d2] = calendarRangePathParts(calendarRange({ year: 2026, month: 12, day: 15 }));
      const early = (await book({ date: `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`, hour: 7, min: 0 })).items[0];
      const late = (await book({ date: `${y2}-${String(m2).padStart(2, '0')}-${String(d2).padStart(2, '0')}`, hour: 20, min: 0 })).items[0];
      const months = await call(client, listAppointmentRangeRpc, { ...scope(), y, m, d, y2, m2, d2 }, anna.auth);
      const ids = months.items.map((a) => a.id);
      expect(ids).toEqual(expect.arrayContaining([early.id, late.id, booked.id]));
      // the day before and after the range are left out
      const outside = await call(client, listAppointmentRangeRpc, { ...scope(), ...range(y, m, d + 1, y2, m2, d2 - 1) }, anna.auth);
      expect(outside.items.map((a) => a.id)).not.toContain(early.id);
      expect(outside.items.map((a) => a.id)).not.toContain(late.id);
      await call(client, deleteAppointmentRpc, { ...scope(), appointment_id: early.id }, anna.auth);
      await call(client, deleteAppointmentRpc, { ...scope(), appointment_id: late.id }, anna.auth);
    });

    it('refuses bad input', async () => {
      const bad = async (appointment: Record<string, unknown>) =>
        (
          await failureOf(
            client,
            createAppointmentRpc,
            { ...scope(), appointment: appointment as RpcInput<typeof createAppointmentRpc>['appointment'] },
            anna.auth,
          )
        ).code;
      expect(await bad({ date: '2026-02-30', hour: 9, min: 0, duration: 30, pet_ids: [petA] })).toBe('validation_failed');
      expect(await bad({ date: '2026-02-10', hour: 24, min: 0, duration: 30, pet_ids: [petA] })).toBe('validation_failed');
      expect(await bad({ date: '2026-02-10', hour: 9, min: 0, duration: 30, pet_ids: [] })).toBe('validation_failed');
      expect(await bad({ date: '2026-02-10', hour: 9, min: 0, duration: 30, pet_ids: [petA], treatment_ids: [randomUUID()] })).toBe(
        'validation_failed',
      );
      expect((await failureOf(client, listAppointmentRangeRpc, { ...scope(), ...range(2026, 12, 6, 2026, 12, 1) }, anna.auth)).code).toBe(
        'validation_failed',
      );
      expect((await failureOf(client, listAppointmentRangeRpc, { ...scope(), ...range(2026, 2, 31, 2026, 3, 1) }, anna.auth)).code).toBe(
        'validation_failed',
      );
      expect((await failureOf(client, getAppointmentRpc, { ...scope(), appointment_id: randomUUID() }, anna.auth)).code).toBe('not_found');
    });

    it('denies access across organizations', async () => {
      expect((await failureOf(client, listAppointmentRangeRpc, { ...scope(), ...range(2026, 12, 1, 2026, 12, 7) }, jurgen.auth)).code).toBe(
        'forbidden',
      );
      expect((await failureOf(client, getAppointmentRpc, { ...scope(), appointment_id: booked.id }, jurgen.auth)).code).toBe('forbidden');
      // jurgen's organization with anna's store, or his own store with anna's appointment
      expect(
        (
          await failureOf(
            client,
            listAppointmentRangeRpc,
            { orga_id: jurgen.orgaId, store_id: anna.storeId, ...range(2026, 12, 1, 2026, 12, 7) },
            jurgen.auth,
          )
        ).code,
      ).toBe('forbidden');
      expect(
        (
          await failureOf(
            client,
            getAppointmentRpc,
            { orga_id: jurgen.orgaId, store_id: jurgen.storeId, appointment_id: booked.id },
            jurgen.auth,
          )
        ).code,
      ).toBe('not_found');
      expect(
        (
          await failureOf(
            client,
            deleteAppointmentRpc,
            { orga_id: jurgen.orgaId, store_id: jurgen.storeId, appointment_id: booked.id },
            jurgen.auth,
          )
        ).code,
      ).toBe('not_found');
      expect((await failureOf(client, listAppointmentRangeRpc, { ...scope(), ...range(2026, 12, 1, 2026, 12, 7) }, null)).code).toBe(
        'unauthorized',
      );
      expect((await call(client, getAppointmentRpc, { ...scope(), appointment_id: booked.id }, anna.auth)).items).toHaveLength(1);
    });

    it('R4.11 R5.16 checks out with final price, discount, total and cashed in', async () => {
      const done = await call(
        client,
        checkOutAppointmentRpc,
        { ...scope(), appointment_id: booked.id, final_price: '40,00', discount: 500 },
        anna.auth,
      );
      expect(done).toMatchObject({ final_price: 4000, discount: 500, total: 3500, checked_out: true, cashed_in: true });
      await eventsFor(booked.id, 'evt.scheduling.appointment.done.v1');
      const over = await failureOf(
        client,
        checkOutAppointmentRpc,
        { ...scope(), appointment_id: booked.id, final_price: 100, discount: 500 },
        anna.auth,
      );
      expect(over.code).toBe('validation_failed');
    });

    it('R4.17 changes notes and status with their own events', async () => {
      expect(
        (await call(client, updateAppointmentNotesRpc, { ...scope(), appointment_id: booked.id, notes: 'Calmo' }, anna.auth)).notes,
      ).toBe('Calmo');
      expect((await call(client, updateAppointmentStatusRpc, { ...scope(), appointment_id: booked.id, status: 1 }, anna.auth)).status).toBe(
        1,
      );
      await eventsFor(booked.id, 'evt.scheduling.appointment.notes.v1');
      await eventsFor(booked.id, 'evt.scheduling.appointment.status.v1');
    });

    it('R3.07 R4.18 a customer declines: status 2 and a status_by_customer event with date and time (service callers only)', async () => {
      expect(
        (await failureOf(client, customerAppointmentStatusRpc, { orga_id: anna.orgaId, appointment_id: booked.id, status: 2 }, anna.auth))
          .code,
      ).toBe('forbidden');
      expect(
        (await failureOf(client, customerAppointmentStatusRpc, { orga_id: jurgen.orgaId, appointment_id: booked.id, status: 2 }, null))
          .code,
      ).toBe('not_found');
      const declined = await call(
        client,
        customerAppointmentStatusRpc,
        { orga_id: anna.orgaId, appointment_id: booked.id, status: 2 },
        null,
      );
      expect(declined.status).toBe(2);
      const [event] = await eventsFor(booked.id, 'evt.scheduling.appointment.status_by_customer.v1');
      expect(event?.data).toMatchObject({ status: 2, date: '2026-12-01', hour: 9, min: 30, appointment_id: booked.id });
      expect((event?.data as { pet_ids: string[] }).pet_ids.sort()).toEqual([petA, petB].sort());
    });

    it("shows a new reminder as 'in the process of sending' on the card, and keeps a status the worker reported first", async () => {
      const waiting = (await book({ date: '2026-12-04', hour: 9, min: 0 })).items[0];
      const alreadyRead = (await book({ date: '2026-12-04', hour: 11, min: 0 })).items[0];
      await env.query(`UPDATE scheduling.appointment SET reminder_status = $2 WHERE id = $1`, [alreadyRead.id, REMINDER_STATUS.read]);
      await emitEvent(env, reminderQueuedEvent, {
        orga_id: anna.orgaId,
        store_id: anna.storeId,
        reminders: [waiting, alreadyRead].map((a) => ({
          appointment_id: a.id,
          outbound_id: randomUUID(),
          reminder_status: REMINDER_STATUS.in_process,
        })),
      });
      const [event] = await eventsFor(waiting.id, 'evt.scheduling.appointment.updated.v1');
      expect(event?.data).toMatchObject({ appointment_id: waiting.id });
      const statusOf = async (id: string) =>
        (await call(client, getAppointmentRpc, { ...scope(), appointment_id: id }, anna.auth)).items[0]?.reminder_status;
      expect(await statusOf(waiting.id)).toBe(REMINDER_STATUS.in_process);
      expect(await statusOf(alreadyRead.id)).toBe(REMINDER_STATUS.read);
      // another organization's event changes none of anna's appointments
      await emitEvent(env, reminderQueuedEvent, {
        orga_id: jurgen.orgaId,
        store_id: jurgen.storeId,
        reminders: [{ appointment_id: alreadyRead.id, outbound_id: randomUUID(), reminder_status: REMINDER_STATUS.failed }],
      });
      await eventsFor(waiting.id, 'evt.scheduling.appointment.updated.v1');
      expect(await statusOf(alreadyRead.id)).toBe(REMINDER_STATUS.read);
    });

    it('R4.17 moves, resizes and deletes with events', async () => {
      const single = (await book({ date: '2026-12-02', hour: 11, min: 0 })).items[0];
      const moved = await call(
        client,
        moveAppointmentRpc,
        { ...scope(), appointment_id: single.id, date: '2026-12-03', hour: 15, min: 15 },
        anna.auth,
      );
      expect(moved.appointment).toMatchObject({ date: '2026-12-03', hour: 15, min: 15, starts_at: '2026-12-03T14:15:00.000Z' });
      const resized = await call(client, resizeAppointmentRpc, { ...scope(), appointment_id: single.id, duration: 90 }, anna.auth);
      expect(resized.appointment.ends_at).toBe('2026-12-03T15:45:00.000Z');
      expect(await call(client, deleteAppointmentRpc, { ...scope(), appointment_id: single.id }, anna.auth)).toEqual({
        deleted_ids: [single.id],
        change_id: expect.any(String),
      });
      await eventsFor(single.id, 'evt.scheduling.appointment.updated.v1', 2);
      const [deleted] = await eventsFor(single.id, 'evt.scheduling.appointment.deleted.v1');
      expect(deleted?.data).toMatchObject({ pet_ids: [petA] });
      expect((await failureOf(client, getAppointmentRpc, { ...scope(), appointment_id: single.id }, anna.auth)).code).toBe('not_found');
    });
  });

  describe('the JSON Postgres writes for the read paths (docs/adr/0004)', () => {
    it('R7.05 gives for every kind of appointment exactly what the service maps in Node', async () => {
      // Node's mapping (toAppointment) answers the writes; Postgres's projection answers range, group and get; a past
      // week (only a past or today's appointment is checked out) with the clock change of 2026-10-25 in Rome
      const plain = (await book({ date: '2026-10-19', hour: 8, min: 15, pet_ids: [petA] })).items[0];
      const full = (
        await book({
          date: '2026-10-25',
          hour: 0,
          min: 0,
          full_day: true,
          timed: false,
          color: '#ff8800',
          app_name: 'Giornata',
          notes: 'Tutto il giorno',
          pet_ids: [petA, petB],
          treatment_ids: [treatmentId],
        })
      ).items[0];
      const series = await book(
        { date: '2026-10-20', hour: 18, min: 45, sec: 30, duration: 90, price: '35,50', discount: 250, pet_ids: [petB] },
        { unit: 'week', every: 1, count: 3, end: null },
      );
      const main = series.items.find((item) => item.recurring_group_main);
      if (!plain || !full || !main) throw new Error('booking answered no appointment');
      const done = await call(
        client,
        checkOutAppointmentRpc,
        { ...scope(), appointment_id: plain.id, final_price: 4000, discount: 500, cashed_in: false },
        anna.auth,
      );

      const week = await call(client, listAppointmentRangeRpc, { ...scope(), ...range(2026, 10, 19, 2026, 10, 25) }, anna.auth);
      expect(week.items).toEqual([done, main, full]);
      expect(week.treatments).toEqual([{ appointment_id: full.id, treatment_id: treatmentId, name: 'Bagno' }]);
      expect(week.pets).toEqual(
        [
          { appointment_id: full.id, pet_id: petA },
          { appointment_id: full.id, pet_id: petB },
          { appointment_id: main.id, pet_id: petB },
          { appointment_id: plain.id, pet_id: petA },
        ].sort((a, b) => (a.appointment_id + a.pet_id).localeCompare(b.appointment_id + b.pet_id)),
      );
      expect((await call(client, getAppointmentRpc, { ...scope(), appointment_id: full.id }, anna.auth)).items).toEqual([full]);
      const group = await call(
        client,
        listRecurringGroupRpc,
        { ...scope(), group_id: main.recurring_group_id ?? '', ...range(2026, 1, 1, 2026, 12, 31) },
        anna.auth,
      );
      expect(group.items).toEqual(series.items);
    });

    it('R7.05 a kept week is never served after a change: every write, and one made by another process straight in SQL', async () => {
      const week = () => call(client, listAppointmentRangeRpc, { ...scope(), ...range(2026, 11, 9, 2026, 11, 15) }, anna.auth);
      const booked = (await book({ date: '2026-11-10', hour: 10, min: 0, pet_ids: [petA] })).items[0];
      if (!booked) throw new Error('booking answered no appointment');
      expect((await week()).items.map((item) => item.id)).toEqual([booked.id]);
      expect(await week()).toEqual(await week()); // kept, and the same answer

      const steps: [string, () => Promise<unknown>, (w: Awaited<ReturnType<typeof week>>) => unknown][] = [
        [
          'notes',
          () => call(client, updateAppointmentNotesRpc, { ...scope(), appointment_id: booked.id, notes: 'Nuovo' }, anna.auth),
          (w) => w.items[0]?.notes,
        ],
        [
          'status',
          () => call(client, updateAppointmentStatusRpc, { ...scope(), appointment_id: booked.id, status: 1 }, anna.auth),
          (w) => w.items[0]?.status,
        ],
        [
          'move',
          () =>
            call(client, moveAppointmentRpc, { ...scope(), appointment_id: booked.id, date: '2026-11-11', hour: 16, min: 30 }, anna.auth),
          (w) => w.items[0]?.date,
        ],
        [
          'pets only',
          () =>
            call(
              client,
              updateAppointmentRpc,
              {
                ...scope(),
                appointment_id: booked.id,
                appointment: { date: '2026-11-11', hour: 16, min: 30, duration: 60, pet_ids: [petA, petB] },
              },
              anna.auth,
            ),
          (w) => w.pets.length,
        ],
        [
          'check-out',
          () => call(client, checkOutAppointmentRpc, { ...scope(), appointment_id: booked.id, final_price: 3000 }, anna.auth),
          (w) => w.items[0]?.checked_out,
        ],
        [
          'another process',
          () =>
            env.query(`UPDATE scheduling.appointment_pet SET pet_id = $2 WHERE appointment_id = $1 AND pet_id = $3`, [
              booked.id,
              randomUUID(),
              petB,
            ]),
          (w) => w.pets.some((p) => p.pet_id === petB),
        ],
        ['delete', () => call(client, deleteAppointmentRpc, { ...scope(), appointment_id: booked.id }, anna.auth), (w) => w.items.length],
      ];
      const seen: Record<string, unknown> = {};
      for (const [name, write, read] of steps) {
        await week(); // kept before the write
        await write();
        seen[name] = read(await week());
      }
      expect(seen).toEqual({
        notes: 'Nuovo',
        status: 1,
        move: '2026-11-11',
        'pets only': 2,
        'check-out': true,
        'another process': false,
        delete: 0,
      });

      // a move to another week changes both weeks, each kept before
      const nextWeek = () => call(client, listAppointmentRangeRpc, { ...scope(), ...range(2026, 11, 16, 2026, 11, 22) }, anna.auth);
      const travelling = (await book({ date: '2026-11-12', hour: 9, min: 0, pet_ids: [petA] })).items[0];
      expect([(await week()).items.length, (await nextWeek()).items.length]).toEqual([1, 0]);
      await call(
        client,
        moveAppointmentRpc,
        { ...scope(), appointment_id: travelling?.id ?? '', date: '2026-11-17', hour: 9, min: 0 },
        anna.auth,
      );
      expect([(await week()).items.length, (await nextWeek()).items.map((item) => item.id)]).toEqual([0, [travelling?.id]]);
    });

    it('issue 34 a write that took its version first and commits last is seen (the highest day version would not change)', async () => {
      const week = () => call(client, listAppointmentRangeRpc, { ...scope(), ...range(2026, 11, 23, 2026, 11, 29) }, anna.auth);
      const monday = (await book({ date: '2026-11-23', hour: 9, min: 0, pet_ids: [petA] })).items[0];
      const tuesday = (await book({ date: '2026-11-24', hour: 9, min: 0, pet_ids: [petA] })).items[0];
      if (!monday || !tuesday) throw new Error('booking answered no appointment');
      const first = await week();
      const [a, b] = [new Client({ connectionString: env.databaseUrl }), new Client({ connectionString: env.databaseUrl })];
      await Promise.all([a.connect(), b.connect()]);
      try {
        // A takes the lower number (Monday), B the higher (Tuesday) and commits first
        await a.query('BEGIN');
        await a.query(`UPDATE scheduling.appointment SET notes = 'A' WHERE id = $1`, [monday.id]);
        await b.query('BEGIN');
        await b.query(`UPDATE scheduling.appointment SET notes = 'B' WHERE id = $1`, [tuesday.id]);
        await b.query('COMMIT');
        const afterB = await week();
        expect(afterB.items.map((item) => item.notes)).toEqual([monday.notes, 'B']);
        expect(afterB.version).not.toBe(first.version);
        await a.query('COMMIT');
        const afterA = await week();
        expect(afterA.items.map((item) => item.notes)).toEqual(['A', 'B']);
        expect(afterA.version).not.toBe(afterB.version);
        // unchanged since: the same version (the gateway's ETag)
        expect((await week()).version).toBe(afterA.version);
      } finally {
        await Promise.all([a.end(), b.end()]);
      }
    });

    it('answers an empty week as empty lists', async () => {
      expect(await call(client, listAppointmentRangeRpc, { ...scope(), ...range(2031, 1, 6, 2031, 1, 12) }, anna.auth)).toEqual({
        version: '0',
        items: [],
        treatments: [],
        pets: [],
      });
    });
  });

  describe('daylight-saving days in Europe/Rome', () => {
    it('R3.07 appointments on the change days keep their local time', async () => {
      // a pet of its own: the change days hold other tests' appointments
      const pet_ids = [await petOf(env, anna)];
      const spring = (await book({ date: '2026-03-29', hour: 10, min: 0, pet_ids })).items[0];
      expect(spring).toMatchObject({ hour: 10, min: 0, starts_at: '2026-03-29T08:00:00.000Z' });
      const dayBefore = (await book({ date: '2026-03-28', hour: 10, min: 0, pet_ids })).items[0];
      expect(dayBefore.starts_at).toBe('2026-03-28T09:00:00.000Z');
      const autumn = (await book({ date: '2026-10-25', hour: 2, min: 30, pet_ids })).items[0];
      expect(autumn.starts_at).toBe('2026-10-25T00:30:00.000Z');
      // moving across the change keeps 10:00 on the wall
      const moved = await call(
        client,
        moveAppointmentRpc,
        { ...scope(), appointment_id: dayBefore.id, date: '2026-03-30', hour: 10, min: 0 },
        anna.auth,
      );
      expect(moved.appointment.starts_at).toBe('2026-03-30T08:00:00.000Z');
    });

    it('R3.07 a weekly group across the March change stays at 10:00 local', async () => {
      const group = await book({ date: '2026-03-22', hour: 10, min: 0, pet_ids: [petB] }, { unit: 'week', every: 1, count: 3 });
      expect(group.items.map((a) => [a.date, a.hour, a.starts_at])).toEqual([
        ['2026-03-22', 10, '2026-03-22T09:00:00.000Z'],
        ['2026-03-29', 10, '2026-03-29T08:00:00.000Z'],
        ['2026-04-05', 10, '2026-04-05T08:00:00.000Z'],
      ]);
    });
  });

  describe('recurring groups', () => {
    const dates = (items: Appointment[]) => items.map((a) => a.date);
    const groupOf = async (groupId: string) =>
      (await call(client, listRecurringGroupRpc, { ...scope(), group_id: groupId, ...range(2027, 1, 1, 2027, 12, 31) }, anna.auth)).items;

    it('R3.07 R4.11 books a weekly group with a main member and reads it by group id', async () => {
      const group = await book({ date: '2027-01-04', hour: 9, min: 0 }, { unit: 'week', every: 1, count: 5 });
      expect(dates(group.items)).toEqual(['2027-01-04', '2027-01-11', '2027-01-18', '2027-01-25', '2027-02-01']);
      const groupId = group.items[0]?.recurring_group_id ?? '';
      expect(group.items.map((a) => a.recurring_group_main)).toEqual([true, false, false, false, false]);
      expect(group.items[0]?.recurring_data).toEqual({ unit: 'week', every: 1, count: 5 });
      expect(dates(await groupOf(groupId))).toHaveLength(5);
      const [created] = await eventsFor(group.items[0]?.id ?? '', 'evt.scheduling.appointment.created.v1');
      expect(created?.data).toMatchObject({ recurring_group_main: true, recurring_group_id: groupId });
      expect((created?.data as { appointment_ids: string[] }).appointment_ids).toHaveLength(5);
    });

    it('R3.07 changes one, this and the following (a new group), or all', async () => {
      const group = (await book({ date: '2027-03-01', hour: 9, min: 0, app_name: 'Weekly' }, { unit: 'week', every: 1, count: 5 })).items;
      const groupId = group[0]?.recurring_group_id ?? '';
      const fields = (over: Record<string, unknown>) => ({
        date: '2027-03-01',
        hour: 9,
        min: 0,
        duration: 60,
        pet_ids: [petA],
        app_name: 'Weekly',
        ...over,
      });
      const one = await call(
        client,
        updateAppointmentRpc,
        {
          ...scope(),
          appointment_id: group[1]?.id ?? '',
          scope: 'one',
          appointment: fields({ date: '2027-03-08', app_name: 'Only this' }),
        },
        anna.auth,
      );
      expect(one.affected_ids).toEqual([group[1]?.id]);
      const following = await call(
        client,
        updateAppointmentRpc,
        {
          ...scope(),
          appointment_id: group[2]?.id ?? '',
          scope: 'following',
          appointment: fields({ date: '2027-03-15', hour: 14, app_name: 'Afternoon' }),
        },
        anna.auth,
      );
      expect(following.affected_ids).toHaveLength(3);
      expect(following.appointment).toMatchObject({ hour: 14, recurring_group_main: true });
      const newGroupId = following.appointment.recurring_group_id ?? '';
      expect(newGroupId).not.toBe(groupId);
      const oldGroup = await groupOf(groupId);
      expect(oldGroup.map((a) => [a.date, a.hour, a.app_name])).toEqual([
        ['2027-03-01', 9, 'Weekly'],
        ['2027-03-08', 9, 'Only this'],
      ]);
      expect(oldGroup.map((a) => a.recurring_end)).toEqual(['2027-03-14', '2027-03-14']);
      expect((await groupOf(newGroupId)).map((a) => [a.date, a.hour, a.app_name])).toEqual([
        ['2027-03-15', 14, 'Afternoon'],
        ['2027-03-22', 14, 'Afternoon'],
        ['2027-03-29', 14, 'Afternoon'],
      ]);
      // all: moving the main member one day later moves every member by one day
      const all = await call(
        client,
        moveAppointmentRpc,
        { ...scope(), appointment_id: following.appointment.id, scope: 'all', date: '2027-03-16', hour: 8, min: 0 },
        anna.auth,
      );
      expect(all.affected_ids).toHaveLength(3);
      expect((await groupOf(newGroupId)).map((a) => [a.date, a.hour])).toEqual([
        ['2027-03-16', 8],
        ['2027-03-23', 8],
        ['2027-03-30', 8],
      ]);
      const resized = await call(
        client,
        resizeAppointmentRpc,
        { ...scope(), appointment_id: group[0]?.id ?? '', scope: 'all', duration: 30 },
        anna.auth,
      );
      expect(resized.affected_ids.sort()).toEqual([group[0]?.id, group[1]?.id].sort());
    });

    it('R3.07 deletes one (the main passes on), this and the following, or all', async () => {
      const group = (await book({ date: '2027-06-01', hour: 9, min: 0 }, { unit: 'day', every: 2, count: 5 })).items;
      const groupId = group[0]?.recurring_group_id ?? '';
      expect(dates(group)).toEqual(['2027-06-01', '2027-06-03', '2027-06-05', '2027-06-07', '2027-06-09']);
      await call(client, deleteAppointmentRpc, { ...scope(), appointment_id: group[0]?.id ?? '', scope: 'one' }, anna.auth);
      let left = await groupOf(groupId);
      expect(left.map((a) => [a.date, a.recurring_group_main])).toEqual([
        ['2027-06-03', true],
        ['2027-06-05', false],
        ['2027-06-07', false],
        ['2027-06-09', false],
      ]);
      const following = await call(
        client,
        deleteAppointmentRpc,
        { ...scope(), appointment_id: group[3]?.id ?? '', scope: 'following' },
        anna.auth,
      );
      expect(following.deleted_ids.sort()).toEqual([group[3]?.id, group[4]?.id].sort());
      left = await groupOf(groupId);
      expect(dates(left)).toEqual(['2027-06-03', '2027-06-05']);
      expect(left.map((a) => a.recurring_end)).toEqual(['2027-06-06', '2027-06-06']);
      const all = await call(client, deleteAppointmentRpc, { ...scope(), appointment_id: group[2]?.id ?? '', scope: 'all' }, anna.auth);
      expect(all.deleted_ids).toHaveLength(2);
      expect(await groupOf(groupId)).toEqual([]);
      const [event] = await eventsFor(group[2]?.id ?? '', 'evt.scheduling.appointment.deleted.v1');
      expect((event?.data as { appointment_ids: string[] }).appointment_ids).toHaveLength(2);
    });

    it('R3.07 an unlimited monthly group is booked a year ahead and never past its end', async () => {
      const unlimited = (await book({ date: '2027-01-31', hour: 9, min: 0 }, { unit: 'month', every: 1, count: null })).items;
      expect(unlimited.length).toBe(13);
      expect(dates(unlimited).slice(0, 3)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
      expect(unlimited[0]?.recurring_data?.count).toBeNull();
      // the same pet at the same times as the group above: booked anyway
      const ended = (await book({ date: '2027-01-31', hour: 9, min: 0 }, { unit: 'month', every: 1, count: null, end: '2027-04-15' }, true))
        .items;
      expect(dates(ended)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
    });
  });

  describe('pet history', () => {
    it("R4.22 R9.05 R7.05 pages a pet's appointments by 50, newest first, after the last date and id; latest is the newest", async () => {
      const pet = await petOf(env, anna);
      await book({ date: '2028-01-01', hour: 9, min: 0, pet_ids: [pet] }, { unit: 'day', every: 1, count: 54 });
      // two on the same instant (booked anyway): the id breaks the tie
      await book({ date: '2028-01-01', hour: 9, min: 0, pet_ids: [pet] }, null, true);
      const page1 = await call(client, listPetAppointmentsRpc, { ...scope(), pet_id: pet }, anna.auth);
      expect(page1.items).toHaveLength(PAGE_SIZES.pet_appointments);
      expect(isLastPage('pet_appointments', page1.items.length)).toBe(false);
      expect(page1.items[0]?.date).toBe('2028-02-23');
      const last = page1.items[page1.items.length - 1];
      const page2 = await call(
        client,
        listPetAppointmentsRpc,
        { ...scope(), pet_id: pet, last_date: last.starts_at, last_id: last.id },
        anna.auth,
      );
      expect(page2.items).toHaveLength(5);
      expect(isLastPage('pet_appointments', page2.items.length)).toBe(true);
      const all = [...page1.items, ...page2.items];
      expect(new Set(all.map((a) => a.id)).size).toBe(55);
      for (let i = 1; i < all.length; i += 1) expect(Date.parse(all[i - 1].starts_at)).toBeGreaterThanOrEqual(Date.parse(all[i].starts_at));
      const latest = await call(client, latestPetAppointmentRpc, { ...scope(), pet_id: pet }, anna.auth);
      expect(latest.item?.date).toBe('2028-02-23');
      expect(latest.pets).toEqual([{ appointment_id: latest.item?.id, pet_id: pet }]);
      expect((await call(client, latestPetAppointmentRpc, { ...scope(), pet_id: randomUUID() }, anna.auth)).item).toBeNull();
      expect((await failureOf(client, listPetAppointmentsRpc, { ...scope(), pet_id: pet }, jurgen.auth)).code).toBe('forbidden');
    });
  });

  describe('referenced ids belong to the organization', () => {
    const appointmentRows = async () =>
      Number(
        (await env.query<{ n: number }>(`SELECT count(*)::int AS n FROM scheduling.appointment WHERE orga_id = $1`, [anna.orgaId]))[0]?.n,
      );

    it("refuses another organization's pet, an unknown pet and a deleted pet with unknown_reference, writing nothing", async () => {
      const jurgensPet = await petOf(env, jurgen);
      const before = await appointmentRows();
      for (const petIds of [[jurgensPet], [petA, jurgensPet], [randomUUID()]]) {
        const failure = await failureOf(
          client,
          createAppointmentRpc,
          { ...scope(), appointment: { date: '2027-05-03', hour: 9, min: 0, duration: 30, pet_ids: petIds } },
          anna.auth,
        );
        expect(failure.code).toBe('unknown_reference');
        expect(failure.fields).toEqual({ pet_ids: 'Unknown pet' });
      }
      const gone = await petOf(env, anna);
      await crmPetEvent(env, 'deleted', { orgaId: anna.orgaId, storeId: anna.storeId, petId: gone });
      expect(
        (
          await failureOf(
            client,
            createAppointmentRpc,
            { ...scope(), appointment: { date: '2027-05-03', hour: 9, min: 0, duration: 30, pet_ids: [gone] } },
            anna.auth,
          )
        ).code,
      ).toBe('unknown_reference');
      expect(await appointmentRows()).toBe(before);

      const booked = (await book({ date: '2027-05-04', pet_ids: [petA] })).items[0];
      const update = { date: '2027-05-04', hour: 9, min: 0, duration: 30, pet_ids: [jurgensPet] };
      expect(
        (await failureOf(client, updateAppointmentRpc, { ...scope(), appointment_id: booked.id, appointment: update }, anna.auth)).code,
      ).toBe('unknown_reference');
      const pets = await env.query<{ pet_id: string }>(`SELECT pet_id FROM scheduling.appointment_pet WHERE appointment_id = $1`, [
        booked.id,
      ]);
      expect(pets.map((p) => p.pet_id)).toEqual([petA]);
    });

    it("refuses another organization's staff member on create, update, move and a personal calendar feed", async () => {
      const before = await appointmentRows();
      const stranger = jurgen.userId;
      const create = await failureOf(
        client,
        createAppointmentRpc,
        { ...scope(), appointment: { date: '2027-05-05', hour: 9, min: 0, duration: 30, pet_ids: [petA], user_id: stranger } },
        anna.auth,
      );
      expect(create.code).toBe('unknown_reference');
      expect(create.fields).toEqual({ user_id: 'Unknown staff member' });
      expect(
        (
          await failureOf(
            client,
            createAppointmentRpc,
            { ...scope(), appointment: { date: '2027-05-05', hour: 9, min: 0, duration: 30, pet_ids: [petA], user_id: randomUUID() } },
            anna.auth,
          )
        ).code,
      ).toBe('unknown_reference');
      expect(await appointmentRows()).toBe(before);

      const booked = (await book({ date: '2027-05-06', pet_ids: [petA], user_id: anna.userId })).items[0];
      const update = { date: '2027-05-06', hour: 9, min: 0, duration: 30, pet_ids: [petA], user_id: stranger };
      expect(
        (await failureOf(client, updateAppointmentRpc, { ...scope(), appointment_id: booked.id, appointment: update }, anna.auth)).code,
      ).toBe('unknown_reference');
      expect(
        (
          await failureOf(
            client,
            moveAppointmentRpc,
            { ...scope(), appointment_id: booked.id, date: '2027-05-07', hour: 10, min: 0, user_id: stranger },
            anna.auth,
          )
        ).code,
      ).toBe('unknown_reference');
      const [row] = await env.query<{ user_id: string; local_date: string }>(
        `SELECT user_id, local_date::text AS local_date FROM scheduling.appointment WHERE id = $1`,
        [booked.id],
      );
      expect(row).toEqual({ user_id: anna.userId, local_date: '2027-05-06' });

      expect((await failureOf(client, regenerateCalendarFeedRpc, { ...scope(), user_id: stranger }, anna.auth)).code).toBe(
        'unknown_reference',
      );
      expect(await env.query(`SELECT 1 FROM scheduling.calendar_feed WHERE user_id = $1`, [stranger])).toHaveLength(0);
    });
  });

  describe('calendar export', () => {
    it('R1.15 a secret iCal feed per store and per staff member, regenerated on demand', async () => {
      const now = new Date();
      const soon = new Date(now.getTime() + 3 * 86_400_000);
      const date = soon.toISOString().slice(0, 10);
      const mine = (await book({ date, hour: 10, min: 0, app_name: 'Fido; taglio, bagno', user_id: anna.userId })).items[0];
      const other = (await book({ date, hour: 12, min: 0, app_name: 'Rex' })).items[0];
      const store = await call(client, regenerateCalendarFeedRpc, { ...scope() }, anna.auth);
      expect(store.path).toBe(`/api/v1/public/calendar/${store.token}.ics`);
      const [stored] = await env.query<{ token_hash: string }>(
        `SELECT token_hash FROM scheduling.calendar_feed WHERE store_id = $1 AND user_id IS NULL`,
        [anna.storeId],
      );
      expect(stored?.token_hash).not.toContain(store.token);
      const feed = await call(client, readCalendarFeedRpc, { token: store.token }, null);
      expect(feed.content_type).toBe('text/calendar; charset=utf-8');
      expect(feed.body).toContain(`UID:${mine.id}@pawline`);
      expect(feed.body).toContain(`UID:${other.id}@pawline`);
      // local time of the store with its zone (TZID) and that zone's VTIMEZONE (ADR 0013)
      const zone = mine.time_zone;
      expect(feed.body).toContain(`\r\nBEGIN:VTIMEZONE\r\nTZID:${zone}\r\n`);
      expect(feed.body).toContain(`\r\nDTSTART;TZID=${zone}:${date.replace(/-/g, '')}T100000\r\n`);
      expect(feed.body).toContain('SUMMARY:Fido\\; taglio\\, bagno');
      for (const line of feed.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

      const personal = await call(client, regenerateCalendarFeedRpc, { ...scope(), user_id: anna.userId }, anna.auth);
      const personalFeed = await call(client, readCalendarFeedRpc, { token: personal.token }, null);
      expect(personalFeed.body).toContain(`UID:${mine.id}@pawline`);
      expect(personalFeed.body).not.toContain(`UID:${other.id}@pawline`);

      const again = await call(client, regenerateCalendarFeedRpc, { ...scope() }, anna.auth);
      expect(again.token).not.toBe(store.token);
      expect((await failureOf(client, readCalendarFeedRpc, { token: store.token }, null)).code).toBe('not_found');
      expect((await call(client, readCalendarFeedRpc, { token: again.token }, null)).body).toContain(`UID:${mine.id}@pawline`);
      expect((await failureOf(client, regenerateCalendarFeedRpc, { ...scope() }, jurgen.auth)).code).toBe('forbidden');
    });
  });

  describe('money columns', () => {
    it("refuses a booking whose treatments' prices add up to more than one amount holds, instead of overflowing the price column (issue 11)", async () => {
      const dear = await Promise.all(
        Array.from({ length: 22 }, (_, i) =>
          call(client, createTreatmentRpc, { orga_id: anna.orgaId, name: `Oro ${i}`, default_price: MONEY_CENTS_MAX }, anna.auth),
        ),
      );
      const failure = await failureOf(
        client,
        createAppointmentRpc,
        {
          ...scope(),
          appointment: { date: '2026-12-20', hour: 9, min: 0, duration: 30, pet_ids: [petA], treatment_ids: dear.map((t) => t.id) },
        },
        anna.auth,
      );
      expect({ code: failure.code, fields: Object.keys(failure.fields ?? {}) }).toEqual({ code: 'validation_failed', fields: ['price'] });
      // with a price of its own the booking stands
      const booked = await book({ date: '2026-12-20', treatment_ids: dear.map((t) => t.id), price: '120,00' });
      expect(booked.items[0]?.price).toBe(12000);
      for (const treatment of dear)
        await call(client, updateTreatmentRpc, { orga_id: anna.orgaId, treatment_id: treatment.id, archive: true }, anna.auth);
    });
  });

  describe('organization cancelled', () => {
    it("R1.17 purges the organization's appointments, treatments, feeds and calendar day versions", async () => {
      const jurgenScope = { orga_id: jurgen.orgaId, store_id: jurgen.storeId };
      await call(client, createTreatmentRpc, { orga_id: jurgen.orgaId, name: 'Taglio' }, jurgen.auth);
      await call(
        client,
        createAppointmentRpc,
        { ...jurgenScope, appointment: { date: '2026-12-10', hour: 9, min: 0, duration: 30, pet_ids: [await petOf(env, jurgen)] } },
        jurgen.auth,
      );
      await call(client, regenerateCalendarFeedRpc, jurgenScope, jurgen.auth);
      const count = async () =>
        (
          await env.query<{ n: number }>(
            `SELECT (SELECT count(*) FROM scheduling.appointment WHERE orga_id = $1) + (SELECT count(*) FROM scheduling.treatment WHERE orga_id = $1)
                  + (SELECT count(*) FROM scheduling.calendar_feed WHERE orga_id = $1) + (SELECT count(*) FROM scheduling.calendar_day_version WHERE store_id = $2) AS n`,
            [jurgen.orgaId, jurgen.storeId],
          )
        )[0]?.n;
      expect(Number(await count())).toBe(4);
      await call(client, cancelOrgaRpc, { orga_id: jurgen.orgaId, confirm_name: jurgen.orgaName }, jurgen.auth);
      await until(async () => Number(await count()) === 0, { timeoutMs: 10_000, what: "the cancelled organization's rows purged" });
      // anna's rows stay
      expect((await env.query(`SELECT id FROM scheduling.appointment WHERE orga_id = $1`, [anna.orgaId])).length).toBeGreaterThan(10);
    });
  });
});
