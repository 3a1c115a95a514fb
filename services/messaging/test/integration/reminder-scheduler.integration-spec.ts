import { randomUUID } from 'node:crypto';
import {
  appointmentDeletedEvent,
  appointmentStatusEvent,
  appointmentUpdatedEvent,
  customerDeletedEvent,
  customerUpdatedEvent,
  orgaCancelledEvent,
  REMINDER_STATUS,
} from '@pawline/contracts';
import type { RunningService } from '@pawline/nest-kit';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { DIRECTORY, type Directory } from '../../src/ports';
import { ReminderScheduler } from '../../src/reminder/reminder-scheduler.service';
import {
  appointment,
  appointmentSnapshot,
  consenting,
  customerWithPet,
  emit,
  eventually,
  ManualClock,
  messagingWithScheduler,
  nextVersion,
  store,
  takeJobs,
  TEST_PORT_TABLES,
  type Job,
} from './reminder-test-kit';

jest.setTimeout(180_000);

type Outbound = {
  id: string;
  orga_id: string;
  store_id: string;
  template_type: number;
  appointment_id: string | null;
  customer_id: string;
  pet_id: string | null;
  dedupe_key: string;
  to_phone: string;
  status: number;
  last_error: string | null;
  enqueued_at: Date | null;
  content: { kind: string; to: string; buttonPayloads: string[] };
};

describe('reminder scheduler (real Postgres and NATS; directory from events)', () => {
  const clock = new ManualClock('2027-01-15T09:00:00Z');
  let env: TestEnv;
  let first: RunningService;
  let second: RunningService;
  let schedulerA: ReminderScheduler;
  let schedulerB: ReminderScheduler;
  const jobs: Job[] = [];

  const outboundOf = (orgaId: string) =>
    env.query<Outbound>(`SELECT * FROM messaging.outbound_message WHERE orga_id = $1 ORDER BY dedupe_key`, [orgaId]);
  const jobsOf = async (orgaId: string) => {
    jobs.push(...(await takeJobs(env)));
    return jobs.filter((job) => job.envelope.orgaId === orgaId);
  };
  const tickAt = async (iso: string) => {
    clock.set(iso);
    return schedulerA.tick();
  };
  /** waits until the directory holds these appointments (events are consumed asynchronously) */
  /** waits until the directory holds these appointments, their pets and the pets' owners (one durable each, so any order) */
  const settled = (appointmentIds: string[]) =>
    eventually(
      env,
      `SELECT a.appointment_id FROM messaging.dir_appointment a
        WHERE a.appointment_id = ANY($1::uuid[])
          AND (a.deleted OR NOT EXISTS (
            SELECT 1 FROM messaging.dir_appointment_pet ap LEFT JOIN messaging.dir_pet p ON p.pet_id = ap.pet_id
              LEFT JOIN messaging.dir_customer c ON c.customer_id = p.customer_id
             WHERE ap.appointment_id = a.appointment_id AND c.customer_id IS NULL))`,
      [appointmentIds],
      (rows) => rows.length === appointmentIds.length,
    );
  const settledCustomers = (customerIds: string[]) =>
    eventually(
      env,
      `SELECT 1 FROM messaging.dir_customer WHERE customer_id = ANY($1::uuid[])`,
      [customerIds],
      (rows) => rows.length === customerIds.length,
    );

  beforeAll(async () => {
    env = await createTestEnv();
    first = await env.start(messagingWithScheduler(clock));
    second = await env.start(messagingWithScheduler(clock));
    await env.query(TEST_PORT_TABLES);
    schedulerA = first.app.get(ReminderScheduler, { strict: false });
    schedulerB = second.app.get(ReminderScheduler, { strict: false });
  });

  afterAll(async () => {
    await env.dispose();
  });

  describe('the day before at noon, in each store time zone (R1.06, R9.03)', () => {
    const orgaId = randomUUID();
    let rome = '';
    let newYork = '';
    const expected: Record<string, string> = {};
    let moved = '';

    beforeAll(async () => {
      rome = await store(env, orgaId, 'Europe/Rome', 'IT');
      newYork = await store(env, orgaId, 'America/New_York', 'US');
      const inRome = { orgaId, storeId: rome };
      const ok = await customerWithPet(env, inRome, { first_name: 'Anna' });
      const noReminders = await customerWithPet(env, inRome, { consent_reminders: false });
      const noMessages = await customerWithPet(env, inRome, { consent_messages: false });
      const landline = await customerWithPet(env, inRome, { fon: '06 1234567' });
      const declined = await customerWithPet(env, inRome);
      const gone = await customerWithPet(env, inRome);
      const goneCustomer = await customerWithPet(env, inRome);
      const late = await customerWithPet(env, inRome);
      const movedOwner = await customerWithPet(env, inRome, { first_name: 'Mario' });
      const ny = await customerWithPet(env, { orgaId, storeId: newYork }, { fon: '+1 212 555 0100' });

      expected['ok'] = await appointment(env, inRome, '2027-01-16', [ok.petId]);
      const ids = [
        expected['ok'],
        await appointment(env, inRome, '2027-01-16', [noReminders.petId]),
        await appointment(env, inRome, '2027-01-16', [noMessages.petId]),
        await appointment(env, inRome, '2027-01-16', [landline.petId]),
        await appointment(env, inRome, '2027-01-16', [declined.petId], { status: 2 }),
      ];
      // deleted after booking, and a customer deleted with their pets
      const deleted = await appointment(env, inRome, '2027-01-16', [gone.petId]);
      await emit(env, appointmentDeletedEvent, {
        orga_id: orgaId,
        store_id: rome,
        appointment_id: deleted,
        appointment_ids: [deleted],
        recurring_group_id: null,
        recurring_group_main: false,
        pet_ids: [gone.petId],
      });
      ids.push(await appointment(env, inRome, '2027-01-16', [goneCustomer.petId]));
      await emit(env, customerDeletedEvent, { orga_id: orgaId, store_id: rome, customer_id: goneCustomer.customerId });
      // declined, and then an older copy of the appointment arrives late: the newer status stands
      const lateId = await appointment(env, inRome, '2027-01-16', [late.petId]);
      const older = appointmentSnapshot(lateId, '2027-01-16', [late.petId]);
      await emit(env, appointmentStatusEvent, {
        orga_id: orgaId,
        store_id: rome,
        appointment_id: lateId,
        appointment_ids: [lateId],
        recurring_group_id: null,
        recurring_group_main: false,
        pet_ids: [late.petId],
        appointments: [appointmentSnapshot(lateId, '2027-01-16', [late.petId], { status: 2 })],
      });
      await emit(env, appointmentUpdatedEvent, {
        orga_id: orgaId,
        store_id: rome,
        appointment_id: lateId,
        appointment_ids: [lateId],
        recurring_group_id: null,
        recurring_group_main: false,
        pet_ids: [late.petId],
        appointments: [older],
      });
      ids.push(lateId);
      // moved from the 16th to the 17th before the slot
      moved = await appointment(env, inRome, '2027-01-16', [movedOwner.petId]);
      await emit(env, appointmentUpdatedEvent, {
        orga_id: orgaId,
        store_id: rome,
        appointment_id: moved,
        appointment_ids: [moved],
        recurring_group_id: null,
        recurring_group_main: false,
        pet_ids: [movedOwner.petId],
        appointments: [appointmentSnapshot(moved, '2027-01-17', [movedOwner.petId])],
      });
      ids.push(moved);
      expected['ny'] = await appointment(env, { orgaId, storeId: newYork }, '2027-01-16', [ny.petId], {
        starts_at: '2027-01-16T15:00:00.000Z',
      });
      ids.push(expected['ny']);
      await settled(ids);
      await eventually(env, `SELECT 1 FROM messaging.dir_appointment WHERE appointment_id = $1 AND deleted`, [deleted]);
      await eventually(env, `SELECT 1 FROM messaging.dir_customer WHERE customer_id = $1 AND deleted`, [goneCustomer.customerId]);
      await eventually(env, `SELECT 1 FROM messaging.dir_appointment WHERE appointment_id = $1 AND local_date = '2027-01-17'`, [moved]);
      await eventually(
        env,
        `SELECT 1 FROM messaging.dir_appointment WHERE appointment_id = $1 AND version = $2`,
        [lateId, older.version],
        () => true,
      );
    });

    it('R9.03 sends nothing before 12:00 in Rome (11:59) nor in New York (05:59)', async () => {
      expect(await tickAt('2027-01-15T10:59:00Z')).not.toBeNull();
      expect(await outboundOf(orgaId)).toEqual([]);
      expect(await jobsOf(orgaId)).toEqual([]);
    });

    it("R1.06 at Rome's noon enqueues one job for the next day's appointment of the customer who consented and has a mobile, and none for the others", async () => {
      await tickAt('2027-01-15T11:00:00Z');
      const rows = await outboundOf(orgaId);
      expect(rows).toHaveLength(1);
      const [row] = rows;
      expect(row).toMatchObject({
        store_id: rome,
        template_type: 0,
        appointment_id: expected['ok'],
        dedupe_key: `reminder:0:${expected['ok']}:2027-01-16`,
        to_phone: '393471111111',
        status: REMINDER_STATUS.in_process,
        last_error: null,
      });
      expect(row?.enqueued_at).not.toBeNull();
      // the buttons of the template name this message, so the customer's confirm or decline finds it
      expect(row?.content).toMatchObject({
        kind: 'template',
        to: '393471111111',
        buttonPayloads: [`confirm:${row?.id}`, `decline:${row?.id}`],
      });
      const sent = await jobsOf(orgaId);
      expect(sent.map((job) => [job.msgId, job.envelope.data.outbound_id, job.envelope.subject])).toEqual([
        [row?.id, row?.id, 'work.messaging.send'],
      ]);
    });

    it('does not send again later that day (the run is done; a re-run finds the keys taken)', async () => {
      await tickAt('2027-01-15T11:30:00Z');
      await env.query(`DELETE FROM messaging.reminder_run WHERE orga_id = $1`, [orgaId]);
      await tickAt('2027-01-15T11:31:00Z');
      expect(await outboundOf(orgaId)).toHaveLength(1);
      expect(await jobsOf(orgaId)).toHaveLength(1);
    });

    it("R1.06 at New York's noon (17:00 UTC) enqueues the New York store's reminder", async () => {
      await tickAt('2027-01-15T16:59:00Z');
      expect(await outboundOf(orgaId)).toHaveLength(1);
      await tickAt('2027-01-15T17:00:00Z');
      const rows = await outboundOf(orgaId);
      expect(rows.map((row) => [row.appointment_id, row.store_id, row.to_phone])).toEqual(
        expect.arrayContaining([[expected['ny'], newYork, '12125550100']]),
      );
      expect(rows).toHaveLength(2);
      expect(await jobsOf(orgaId)).toHaveLength(2);
    });

    it('sends nothing for the day an appointment was moved away from, and reminds on the day before its new date', async () => {
      expect((await outboundOf(orgaId)).some((row) => row.appointment_id === moved)).toBe(false);
      await tickAt('2027-01-16T11:00:00Z');
      const rows = (await outboundOf(orgaId)).filter((row) => row.appointment_id === moved);
      expect(rows.map((row) => row.dedupe_key)).toEqual([`reminder:0:${moved}:2027-01-17`]);
    });

    it('R1.06 reminds an appointment for tomorrow booked after the noon run, at the next tick, and once', async () => {
      const owner = await customerWithPet(env, { orgaId, storeId: rome }, { first_name: 'Lucia' });
      const booked = await appointment(env, { orgaId, storeId: rome }, '2027-01-17', [owner.petId], {
        version: '2027-01-16T14:59:00.000Z',
      });
      await settled([booked]);
      await tickAt('2027-01-16T15:00:00Z');
      await tickAt('2027-01-16T15:01:00Z');
      const rows = (await outboundOf(orgaId)).filter((row) => row.appointment_id === booked);
      expect(rows.map((row) => row.dedupe_key)).toEqual([`reminder:0:${booked}:2027-01-17`]);
    });
  });

  describe('two schedulers at once', () => {
    const orgaId = randomUUID();
    let storeId = '';
    const dayOne: string[] = [];
    const dayTwo: string[] = [];

    beforeAll(async () => {
      storeId = await store(env, orgaId, 'Europe/Rome');
      const customers = [];
      for (let i = 0; i < 12; i += 1)
        customers.push(await customerWithPet(env, { orgaId, storeId }, { fon: `347 200 ${String(1000 + i)}` }));
      for (const customer of customers) dayOne.push(await appointment(env, { orgaId, storeId }, '2027-01-21', [customer.petId]));
      for (const customer of customers) dayTwo.push(await appointment(env, { orgaId, storeId }, '2027-01-22', [customer.petId]));
      await settled([...dayOne, ...dayTwo]);
    });

    it('two replicas ticking at the same moment: one leads, each reminder is enqueued once', async () => {
      clock.set('2027-01-20T11:00:00Z');
      const results = await Promise.all([schedulerA.tick(), schedulerB.tick()]);
      expect(results.filter((result) => result === null)).toHaveLength(1);
      const rows = await outboundOf(orgaId);
      expect(rows.map((row) => row.appointment_id).sort()).toEqual([...dayOne].sort());
      const sent = await jobsOf(orgaId);
      expect(sent.map((job) => job.msgId).sort()).toEqual(rows.map((row) => row.id).sort());
    });

    it('two leaders for a moment (both run the same slot at once): the keys still write and enqueue each reminder once', async () => {
      clock.set('2027-01-21T11:00:00Z');
      const results = await Promise.all([schedulerA.runDue(), schedulerB.runDue()]);
      expect(results.reduce((sum, result) => sum + result.queued, 0)).toBe(dayTwo.length);
      const rows = (await outboundOf(orgaId)).filter((row) => row.dedupe_key.endsWith(':2027-01-22'));
      expect(rows.map((row) => row.appointment_id).sort()).toEqual([...dayTwo].sort());
      const sent = (await jobsOf(orgaId)).filter((job) => rows.some((row) => row.id === job.msgId));
      expect(sent).toHaveLength(dayTwo.length);
      expect(new Set(sent.map((job) => job.msgId)).size).toBe(dayTwo.length);
    });
  });

  describe("the organization's message quota", () => {
    const orgaId = randomUUID();
    let storeId = '';

    beforeAll(async () => {
      storeId = await store(env, orgaId, 'Europe/Rome');
      await env.query(`INSERT INTO messaging.test_quota (orga_id, msg_left) VALUES ($1, 2)`, [orgaId]);
      const ids = [];
      for (let hour = 9; hour < 14; hour += 1) {
        const customer = await customerWithPet(env, { orgaId, storeId });
        ids.push(
          await appointment(env, { orgaId, storeId }, '2027-02-02', [customer.petId], {
            hour,
            starts_at: `2027-02-02T${String(hour - 1).padStart(2, '0')}:00:00.000Z`,
          }),
        );
      }
      await settled(ids);
    });

    it('with 2 messages left of 5 due, enqueues the 2 earliest and records the other 3 as not sent for the plan', async () => {
      clock.set('2027-02-01T11:00:00Z');
      await schedulerA.tick();
      const rows = await outboundOf(orgaId);
      expect(rows).toHaveLength(5);
      const sent = rows.filter((row) => row.status === REMINDER_STATUS.in_process);
      const refused = rows.filter((row) => row.status === REMINDER_STATUS.failed);
      expect(sent).toHaveLength(2);
      expect(refused.map((row) => [row.last_error, row.enqueued_at])).toEqual([
        ['plan_limit', null],
        ['plan_limit', null],
        ['plan_limit', null],
      ]);
      const jobsSent = await jobsOf(orgaId);
      expect(jobsSent.map((job) => job.msgId).sort()).toEqual(sent.map((row) => row.id).sort());
      expect(await env.query(`SELECT queued, over_quota FROM messaging.reminder_run WHERE orga_id = $1`, [orgaId])).toEqual([
        { queued: 2, over_quota: 3 },
      ]);
      expect(await env.query(`SELECT msg_left FROM messaging.test_quota WHERE orga_id = $1`, [orgaId])).toEqual([{ msg_left: 0 }]);
      // spec §4: in the transaction that wrote them, one reminder.queued event tells scheduling each card's first status
      const announced = await env.query<{ envelope: { orgaId: string; data: { store_id: string; reminders: unknown[] } } }>(
        `SELECT envelope FROM messaging.outbox_event WHERE subject = $1 AND envelope->>'orgaId' = $2`,
        ['evt.messaging.reminder.queued.v1', orgaId],
      );
      expect(announced).toHaveLength(1);
      expect(announced[0]?.envelope.data.reminders).toEqual(
        expect.arrayContaining([
          ...sent.map((row) => ({ appointment_id: row.appointment_id, outbound_id: row.id, reminder_status: REMINDER_STATUS.in_process })),
          ...refused.map((row) => ({ appointment_id: row.appointment_id, outbound_id: row.id, reminder_status: REMINDER_STATUS.failed })),
        ]),
      );
      expect(announced[0]?.envelope.data.reminders).toHaveLength(5);
    });

    it('the sweep does not send the refused ones later', async () => {
      clock.set('2027-02-01T12:00:00Z');
      await schedulerA.tick();
      expect((await outboundOf(orgaId)).filter((row) => row.status === REMINDER_STATUS.in_process)).toHaveLength(2);
      expect(await jobsOf(orgaId)).toHaveLength(2);
    });
  });

  describe('pre-appointment, pet birthday and reminder to book, at their own slots', () => {
    const orgaId = randomUUID();
    let storeId = '';
    let pre = '';
    let birthdayPet = '';
    let lapsed = '';
    let lapsedPet = '';

    beforeAll(async () => {
      storeId = await store(env, orgaId, 'Europe/Rome');
      await env.query(
        `INSERT INTO messaging.test_timing (orga_id, template_type, slot, "offset") VALUES ($1, 4, '09:00', 3), ($1, 1, '10:00', 0), ($1, 2, '10:30', 3)`,
        [orgaId],
      );
      const ids = { orgaId, storeId };
      const a = await customerWithPet(env, ids);
      pre = await appointment(env, ids, '2027-03-04', [a.petId]);
      const tomorrow = await appointment(env, ids, '2027-03-02', [a.petId]);
      const b = await customerWithPet(env, ids, {}, '2020-03-01');
      birthdayPet = b.petId;
      await customerWithPet(env, ids, {}, '2020-03-02');
      const c = await customerWithPet(env, ids);
      lapsed = c.customerId;
      lapsedPet = c.petId;
      const visit = await appointment(env, ids, '2026-12-01', [c.petId]);
      // the same last visit, but a booking ahead: no reminder to book
      const d = await customerWithPet(env, ids);
      const visitD = await appointment(env, ids, '2026-12-01', [d.petId]);
      const ahead = await appointment(env, ids, '2027-03-10', [d.petId]);
      await settled([pre, tomorrow, visit, visitD, ahead]);
      await eventually(env, `SELECT 1 FROM messaging.dir_pet WHERE pet_id = $1`, [birthdayPet]);
    });

    it('R9.03 goes out at each type slot in Rome: pre-appointment 3 days before at 09:00, birthday at 10:00, reminder to book at 10:30; no day-before reminder when it is off', async () => {
      clock.set('2027-03-01T07:59:00Z');
      await schedulerA.tick();
      expect(await outboundOf(orgaId)).toEqual([]);
      clock.set('2027-03-01T08:00:00Z');
      await schedulerA.tick();
      expect((await outboundOf(orgaId)).map((row) => [row.template_type, row.appointment_id])).toEqual([[4, pre]]);
      clock.set('2027-03-01T09:00:00Z');
      await schedulerA.tick();
      expect((await outboundOf(orgaId)).map((row) => row.dedupe_key)).toEqual([
        `reminder:1:${birthdayPet}:2027-03-01`,
        `reminder:4:${pre}:2027-03-04`,
      ]);
      clock.set('2027-03-01T09:30:00Z');
      await schedulerA.tick();
      const rows = await outboundOf(orgaId);
      expect(rows.map((row) => [row.template_type, row.customer_id, row.pet_id, row.dedupe_key])).toEqual(
        expect.arrayContaining([[2, lapsed, lapsedPet, `reminder:2:${lapsed}:2026-12-01`]]),
      );
      expect(rows).toHaveLength(3);
      expect(await jobsOf(orgaId)).toHaveLength(3);
    });
  });

  describe('types switched off and the sweep', () => {
    const orgaId = randomUUID();
    let storeId = '';

    beforeAll(async () => {
      storeId = await store(env, orgaId, 'Europe/Rome');
      await env.query(`INSERT INTO messaging.test_type_off (orga_id, template_type) VALUES ($1, 0)`, [orgaId]);
      const customer = await customerWithPet(env, { orgaId, storeId });
      await settled([await appointment(env, { orgaId, storeId }, '2027-04-02', [customer.petId])]);
    });

    it('writes nothing when the organization has the reminder switched off (the composer answers null)', async () => {
      clock.set('2027-04-01T10:00:00Z');
      const result = await schedulerA.tick();
      expect(result?.switchedOff).toBeGreaterThanOrEqual(1);
      expect(await outboundOf(orgaId)).toEqual([]);
    });

    it('enqueues a reminder written but never enqueued (a crash between the two) once it is 5 minutes old', async () => {
      const id = randomUUID();
      await env.query(
        `INSERT INTO messaging.outbound_message (id, orga_id, store_id, kind, template_type, customer_id, dedupe_key, to_phone, content, status, created_at)
         VALUES ($1, $2, $3, 'reminder', 0, $4, $5, '393471111111', '{"kind":"template"}', 0, $6)`,
        [id, orgaId, storeId, randomUUID(), `reminder:0:${randomUUID()}:2027-04-02`, '2027-04-01T10:00:00Z'],
      );
      clock.set('2027-04-01T10:04:00Z');
      expect((await schedulerA.tick())?.swept).toBe(0);
      clock.set('2027-04-01T10:05:01Z');
      expect((await schedulerA.tick())?.swept).toBe(1);
      expect((await jobsOf(orgaId)).map((job) => job.msgId)).toEqual([id]);
      expect((await schedulerA.tick())?.swept).toBe(0);
    });
  });

  describe('the directory (the DIRECTORY port)', () => {
    const orgaId = randomUUID();
    let storeId = '';

    beforeAll(async () => {
      storeId = await store(env, orgaId, 'Europe/Rome', 'IT');
    });

    it('keeps the newest copy of a customer whatever order the events arrive in, and finds them by number', async () => {
      const directory = first.app.get<Directory>(DIRECTORY, { strict: false });
      const { customerId } = await customerWithPet(env, { orgaId, storeId }, { first_name: 'Old', fon: '+39 347 999 0000' });
      const newer = { ...consenting, first_name: 'Lucia', fon: '348 555 1234', version: nextVersion() };
      const older = { ...consenting, first_name: 'Stale', fon: '349 000 0000', version: '2026-06-01T00:00:00.000001Z' };
      await emit(env, customerUpdatedEvent, { orga_id: orgaId, store_id: storeId, customer_id: customerId, customer: newer });
      await emit(env, customerUpdatedEvent, { orga_id: orgaId, store_id: storeId, customer_id: customerId, customer: older });
      await emit(env, customerUpdatedEvent, { orga_id: orgaId, store_id: storeId, customer_id: customerId, customer: newer });
      await eventually(env, `SELECT 1 FROM messaging.dir_customer WHERE customer_id = $1 AND first_name = 'Lucia'`, [customerId]);
      // the stale copy was consumed after (one durable keeps the order) and changed nothing
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await directory.customer(orgaId, customerId)).toMatchObject({ firstName: 'Lucia', phone: '393485551234', storeId });
      expect((await directory.customersByPhone(orgaId, '393485551234')).map((c) => c.customerId)).toEqual([customerId]);
      expect(await directory.customer(randomUUID(), customerId)).toBeNull();
      await emit(env, customerDeletedEvent, { orga_id: orgaId, store_id: storeId, customer_id: customerId });
      await emit(env, customerUpdatedEvent, {
        orga_id: orgaId,
        store_id: storeId,
        customer_id: customerId,
        customer: { ...newer, version: nextVersion() },
      });
      await eventually(env, `SELECT 1 FROM messaging.dir_customer WHERE customer_id = $1 AND deleted`, [customerId]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await directory.customer(orgaId, customerId)).toBeNull();
      expect(await directory.customersByPhone(orgaId, '393485551234')).toEqual([]);
      await settledCustomers([customerId]);
    });
  });
  describe('a day the scheduler missed (down from the slot until midnight)', () => {
    const orgaId = randomUUID();
    let rome = '';
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      rome = await store(env, orgaId, 'Europe/Rome');
      await eventually(env, `SELECT 1 FROM messaging.dir_store WHERE store_id = $1`, [rome], (rows) => rows.length === 1);
      // Rome is served on Monday 7 June 2027 at its noon (10:00 UTC, summer time)
      await tickAt('2027-06-07T10:00:00Z');
      // then nobody ticks on the 8th; these appointments on the 9th were due in the 8th's run
      const ahead = await customerWithPet(env, { orgaId, storeId: rome }, { first_name: 'Giulia' });
      const begun = await customerWithPet(env, { orgaId, storeId: rome });
      ids['ahead'] = await appointment(env, { orgaId, storeId: rome }, '2027-06-09', [ahead.petId], {
        starts_at: '2027-06-09T13:00:00.000Z',
      });
      ids['begun'] = await appointment(env, { orgaId, storeId: rome }, '2027-06-09', [begun.petId], {
        starts_at: '2027-06-09T06:00:00.000Z',
      });
      // a store opened meanwhile, never served: nothing is caught up for it
      ids['newStore'] = await store(env, orgaId, 'Europe/Rome');
      const fresh = await customerWithPet(env, { orgaId, storeId: ids['newStore'] });
      ids['fresh'] = await appointment(env, { orgaId, storeId: ids['newStore'] }, '2027-06-09', [fresh.petId], {
        starts_at: '2027-06-09T13:00:00.000Z',
      });
      await settled([ids['ahead'], ids['begun'], ids['fresh']]);
      await eventually(env, `SELECT 1 FROM messaging.dir_store WHERE store_id = $1`, [ids['newStore']], (rows) => rows.length === 1);
    });

    it("the next morning, before that day's own slot, runs the missed day: reminds what is still ahead, not what has begun, and once", async () => {
      await tickAt('2027-06-09T07:00:00Z');
      await tickAt('2027-06-09T07:01:00Z');
      const rows = await outboundOf(orgaId);
      expect(rows.map((row) => [row.appointment_id, row.dedupe_key])).toEqual([[ids['ahead'], `reminder:0:${ids['ahead']}:2027-06-09`]]);
      const runs = await env.query<{ store_id: string; local_date: string }>(
        `SELECT store_id, local_date::text AS local_date FROM messaging.reminder_run WHERE orga_id = $1 AND template_type = 0 ORDER BY local_date`,
        [orgaId],
      );
      expect(runs).toEqual([
        { store_id: rome, local_date: '2027-06-07' },
        { store_id: rome, local_date: '2027-06-08' },
      ]);
      expect((await jobsOf(orgaId)).map((job) => job.envelope.data.outbound_id)).toEqual(rows.map((row) => row.id));
    });
  });

  describe('a cancelled organization and a leader that stops', () => {
    it("R1.17 a cancelled organization's directory and runs are deleted", async () => {
      const orgaId = randomUUID();
      const storeId = await store(env, orgaId, 'Europe/Rome');
      const { petId } = await customerWithPet(env, { orgaId, storeId });
      await settled([await appointment(env, { orgaId, storeId }, '2027-05-02', [petId])]);
      clock.set('2027-05-01T10:00:00Z');
      await schedulerA.tick();
      await emit(env, orgaCancelledEvent, { orga_id: orgaId });
      const tables = ['dir_store', 'dir_customer', 'dir_pet', 'dir_appointment', 'reminder_run'];
      await eventually(
        env,
        tables.map((table) => `SELECT '${table}' AS t FROM messaging.${table} WHERE orga_id = $1`).join(' UNION ALL '),
        [orgaId],
        (rows) => rows.length === 0,
      );
      expect(await env.query(`SELECT 1 FROM messaging.dir_appointment_pet WHERE pet_id = $1`, [petId])).toEqual([]);
    });

    it('when the leading replica stops, the other one leads from its next tick', async () => {
      clock.set('2027-05-02T10:00:00Z');
      const leader = (await schedulerA.tick()) !== null ? first : second;
      const other = leader === first ? schedulerB : schedulerA;
      expect(await other.tick()).toBeNull();
      await leader.close();
      expect(await other.tick()).not.toBeNull();
    });
  });
});
