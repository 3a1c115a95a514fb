import { randomUUID } from 'node:crypto';
import {
  appointmentEventPayloadSchema,
  createAppointmentRpc,
  createTreatmentRpc,
  customerAppointmentStatusRpc,
  listTreatmentsRpc,
  moveAppointmentRpc,
  resizeAppointmentRpc,
  treatmentCreatedEvent,
  treatmentUpdatedEvent,
  updateAppointmentStatusRpc,
  updateTreatmentRpc,
  type EventEnvelope,
} from '@pawline/contracts';
import type { NatsRpcClient } from '@pawline/nest-kit';
import type { z } from 'zod';
import { createTestEnv, until, type TestEnv } from '@pawline/nest-kit/testing';
import { identityService } from '../../../identity/src/identity.service-definition';
import { schedulingService } from '../../src/scheduling.service-definition';
import { TEST_SECRET, call, failureOf, petOf, signUp, type Salon } from './scheduling-test-helpers';

jest.setTimeout(180_000);

type TreatmentPayload = z.infer<typeof treatmentCreatedEvent.payload>;

describe('treatment colours and events, appointment snapshots for booking (issue 13)', () => {
  let env: TestEnv;
  let client: NatsRpcClient;
  let anna: Salon;
  let jurgen: Salon;
  const pet = randomUUID();
  const published: EventEnvelope[] = [];

  const scope = () => ({ orga_id: anna.orgaId, store_id: anna.storeId });
  const eventsOf = (subject: string, id: string) =>
    published.filter((e) => e.subject.endsWith(subject) && JSON.stringify(e.data).includes(id));
  const waitFor = (subject: string, id: string, count = 1): Promise<EventEnvelope[]> =>
    until(
      () => {
        const found = eventsOf(subject, id);
        return found.length >= count && found;
      },
      { timeoutMs: 10_000, what: `${count} ${subject} event(s) for ${id}` },
    );
  const treatmentRow = async (id: string) =>
    (await env.query<{ name: string; color: string | null }>(`SELECT name, color FROM scheduling.treatment WHERE id = $1`, [id]))[0];

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
    await petOf(env, anna, pet);
  });

  afterAll(async () => {
    await env?.dispose();
  });

  describe('treatments', () => {
    it('keeps a colour as lower-case #rrggbb and publishes the created treatment with it', async () => {
      const created = await call(
        client,
        createTreatmentRpc,
        { orga_id: anna.orgaId, name: 'Tosatura', default_duration: 90, default_price: '40', color: '#C2185B' },
        anna.auth,
      );
      expect(created).toMatchObject({ name: 'Tosatura', default_duration: 90, default_price: 4000, color: '#c2185b', archive: false });
      const [event] = await waitFor(treatmentCreatedEvent.subject, created.id);
      expect(treatmentCreatedEvent.payload.parse(event?.data)).toEqual({
        orga_id: anna.orgaId,
        treatment_id: created.id,
        treatment: { id: created.id, name: 'Tosatura', archive: false, default_duration: 90, default_price: 4000, color: '#c2185b' },
      });
      expect(event).toMatchObject({ orgaId: anna.orgaId, storeId: null, actor: { userId: anna.userId } });
    });

    it('creates without a colour as before (null), and the list answers the colour of each', async () => {
      const plain = await call(client, createTreatmentRpc, { orga_id: anna.orgaId, name: 'Bagno' }, anna.auth);
      expect(plain).toMatchObject({ color: null, default_duration: 60, default_price: 0 });
      const [event] = await waitFor(treatmentCreatedEvent.subject, plain.id);
      expect((event?.data as TreatmentPayload).treatment.color).toBeNull();
      const list = await call(client, listTreatmentsRpc, { orga_id: anna.orgaId }, anna.auth);
      expect(list.map((t) => [t.name, t.color])).toEqual([
        ['Bagno', null],
        ['Tosatura', '#c2185b'],
      ]);
    });

    it('publishes every change (colour, removed colour, archive, restore) and nothing for a change that changes nothing', async () => {
      const t = await call(client, createTreatmentRpc, { orga_id: anna.orgaId, name: 'Unghie', color: '#1565c0' }, anna.auth);
      const recolour = await call(client, updateTreatmentRpc, { orga_id: anna.orgaId, treatment_id: t.id, color: '#2E7D32' }, anna.auth);
      expect(recolour.color).toBe('#2e7d32');
      // the same colour, other case: no change, no event
      await call(client, updateTreatmentRpc, { orga_id: anna.orgaId, treatment_id: t.id, color: '#2e7d32' }, anna.auth);
      await call(client, updateTreatmentRpc, { orga_id: anna.orgaId, treatment_id: t.id }, anna.auth);
      // a name change leaves the colour
      expect(
        await call(client, updateTreatmentRpc, { orga_id: anna.orgaId, treatment_id: t.id, name: 'Unghie e zampe' }, anna.auth),
      ).toMatchObject({ name: 'Unghie e zampe', color: '#2e7d32' });
      expect(await call(client, updateTreatmentRpc, { orga_id: anna.orgaId, treatment_id: t.id, color: null }, anna.auth)).toMatchObject({
        color: null,
      });
      await call(client, updateTreatmentRpc, { orga_id: anna.orgaId, treatment_id: t.id, archive: true }, anna.auth);
      const restored = await call(client, updateTreatmentRpc, { orga_id: anna.orgaId, treatment_id: t.id, archive: false }, anna.auth);
      expect(restored).toMatchObject({ archive: false, color: null, name: 'Unghie e zampe' });

      const updates = await waitFor(treatmentUpdatedEvent.subject, t.id, 5);
      expect(updates.map((e) => treatmentUpdatedEvent.payload.parse(e.data).treatment)).toEqual([
        expect.objectContaining({ name: 'Unghie', color: '#2e7d32', archive: false }),
        expect.objectContaining({ name: 'Unghie e zampe', color: '#2e7d32' }),
        expect.objectContaining({ name: 'Unghie e zampe', color: null, archive: false }),
        expect.objectContaining({ archive: true }),
        expect.objectContaining({ archive: false, color: null }),
      ]);
      // later events arrive after these: none came for the two changes that changed nothing
      const probe = await call(client, createTreatmentRpc, { orga_id: anna.orgaId, name: 'Sonda' }, anna.auth);
      await waitFor(treatmentCreatedEvent.subject, probe.id);
      expect(eventsOf(treatmentUpdatedEvent.subject, t.id)).toHaveLength(5);
    });

    it('refuses a colour that is not #rrggbb and changes nothing', async () => {
      const t = await call(client, createTreatmentRpc, { orga_id: anna.orgaId, name: 'Spazzolatura', color: '#00796b' }, anna.auth);
      for (const color of ['red', '#abc', '#12345g', '#1234567', '00796b'])
        expect(
          (await failureOf(client, updateTreatmentRpc, { orga_id: anna.orgaId, treatment_id: t.id, name: 'Altro', color }, anna.auth)).code,
        ).toBe('validation_failed');
      expect((await failureOf(client, createTreatmentRpc, { orga_id: anna.orgaId, name: 'Rosso', color: 'red' }, anna.auth)).code).toBe(
        'validation_failed',
      );
      expect(await treatmentRow(t.id)).toEqual({ name: 'Spazzolatura', color: '#00796b' });
      expect((await call(client, listTreatmentsRpc, { orga_id: anna.orgaId }, anna.auth)).map((x) => x.name)).not.toContain('Rosso');
    });

    it("does not let another organization's administrator change or see a treatment, and sends no event for the try", async () => {
      const t = await call(client, createTreatmentRpc, { orga_id: anna.orgaId, name: 'Privato', color: '#6a1b9a' }, anna.auth);
      expect(
        (await failureOf(client, updateTreatmentRpc, { orga_id: jurgen.orgaId, treatment_id: t.id, color: '#000000' }, jurgen.auth)).code,
      ).toBe('not_found');
      expect(
        (await failureOf(client, updateTreatmentRpc, { orga_id: anna.orgaId, treatment_id: t.id, color: '#000000' }, jurgen.auth)).code,
      ).toBe('forbidden');
      expect(await call(client, listTreatmentsRpc, { orga_id: jurgen.orgaId, include_archived: true }, jurgen.auth)).toEqual([]);
      expect(await treatmentRow(t.id)).toEqual({ name: 'Privato', color: '#6a1b9a' });
      const probe = await call(client, createTreatmentRpc, { orga_id: anna.orgaId, name: 'Sonda 2' }, anna.auth);
      await waitFor(treatmentCreatedEvent.subject, probe.id);
      expect(eventsOf(treatmentUpdatedEvent.subject, t.id)).toHaveLength(0);
    });

    it('two administrators changing one treatment at once: both changes stay, and the last event carries both', async () => {
      const t = await call(client, createTreatmentRpc, { orga_id: anna.orgaId, name: 'Doccia', default_duration: 30 }, anna.auth);
      await Promise.all([
        call(client, updateTreatmentRpc, { orga_id: anna.orgaId, treatment_id: t.id, name: 'Doccia calda' }, anna.auth),
        call(client, updateTreatmentRpc, { orga_id: anna.orgaId, treatment_id: t.id, color: '#b35900' }, anna.auth),
        call(client, updateTreatmentRpc, { orga_id: anna.orgaId, treatment_id: t.id, default_duration: 45 }, anna.auth),
      ]);
      const updates = await waitFor(treatmentUpdatedEvent.subject, t.id, 3);
      const last = treatmentUpdatedEvent.payload.parse(updates.at(-1)?.data).treatment;
      expect(last).toMatchObject({ name: 'Doccia calda', color: '#b35900', default_duration: 45 });
      expect(await treatmentRow(t.id)).toEqual({ name: 'Doccia calda', color: '#b35900' });
    });
  });

  describe('appointment snapshots carry the groomer and the end', () => {
    const snapshotsOf = (event: EventEnvelope | undefined) => appointmentEventPayloadSchema.parse(event?.data).appointments ?? [];

    it('on creation, move, resize, status and the customer reply', async () => {
      const booked = (
        await call(
          client,
          createAppointmentRpc,
          { ...scope(), appointment: { date: '2027-03-10', hour: 9, min: 0, duration: 45, pet_ids: [pet], user_id: anna.userId } },
          anna.auth,
        )
      ).items[0];
      if (!booked) throw new Error('nothing booked');
      const [created] = await waitFor('evt.scheduling.appointment.created.v1', booked.id);
      expect(snapshotsOf(created)).toEqual([
        expect.objectContaining({ id: booked.id, user_id: anna.userId, starts_at: booked.starts_at, ends_at: booked.ends_at }),
      ]);
      // Europe/Rome in March before the change of time: UTC+1
      expect(booked.ends_at).toBe('2027-03-10T08:45:00.000Z');

      await call(client, moveAppointmentRpc, { ...scope(), appointment_id: booked.id, date: '2027-03-11', hour: 14, min: 30 }, anna.auth);
      await call(client, resizeAppointmentRpc, { ...scope(), appointment_id: booked.id, duration: 90 }, anna.auth);
      const updated = await waitFor('evt.scheduling.appointment.updated.v1', booked.id, 2);
      expect(updated.map((e) => snapshotsOf(e)[0])).toEqual([
        expect.objectContaining({ user_id: anna.userId, starts_at: '2027-03-11T13:30:00.000Z', ends_at: '2027-03-11T14:15:00.000Z' }),
        expect.objectContaining({ user_id: anna.userId, starts_at: '2027-03-11T13:30:00.000Z', ends_at: '2027-03-11T15:00:00.000Z' }),
      ]);

      await call(client, updateAppointmentStatusRpc, { ...scope(), appointment_id: booked.id, status: 1 }, anna.auth);
      const [status] = await waitFor('evt.scheduling.appointment.status.v1', booked.id);
      expect(snapshotsOf(status)[0]).toMatchObject({ user_id: anna.userId, ends_at: '2027-03-11T15:00:00.000Z' });

      await call(client, customerAppointmentStatusRpc, { orga_id: anna.orgaId, appointment_id: booked.id, status: 2 }, null);
      const [reply] = await waitFor('evt.scheduling.appointment.status_by_customer.v1', booked.id);
      expect(snapshotsOf(reply)[0]).toMatchObject({ user_id: anna.userId, ends_at: '2027-03-11T15:00:00.000Z', status: 2 });
    });

    it('an appointment of no groomer says so (user_id null); each member of a recurring group has its own end', async () => {
      const group = await call(
        client,
        createAppointmentRpc,
        {
          ...scope(),
          appointment: { date: '2027-03-22', hour: 10, min: 0, duration: 30, pet_ids: [pet] },
          recurring: { unit: 'week', every: 1, count: 3 },
        },
        anna.auth,
      );
      const first = group.items[0];
      if (!first) throw new Error('nothing booked');
      const [created] = await waitFor('evt.scheduling.appointment.created.v1', first.id);
      // the change of time (28 March 2027) moves the UTC end of the last two
      expect(snapshotsOf(created).map((s) => [s.user_id, s.starts_at, s.ends_at])).toEqual([
        [null, '2027-03-22T09:00:00.000Z', '2027-03-22T09:30:00.000Z'],
        [null, '2027-03-29T08:00:00.000Z', '2027-03-29T08:30:00.000Z'],
        [null, '2027-04-05T08:00:00.000Z', '2027-04-05T08:30:00.000Z'],
      ]);
    });
  });
});
