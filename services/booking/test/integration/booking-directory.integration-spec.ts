import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import {
  appointmentDeletedEvent,
  appointmentUpdatedEvent,
  orgaCancelledEvent,
  storeCreatedEvent,
  storeUpdatedEvent,
  treatmentCreatedEvent,
  treatmentUpdatedEvent,
  type EventContract,
} from '@pawline/contracts';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { bookingService } from '../../src/booking.service-definition';
import { ORGA_TABLES } from '../../src/purge/orga-purge.handlers';
import { until } from './booking-test-helpers';

jest.setTimeout(120_000);

/** Booking's copies of other services' rows, fed with their events as JetStream carries them (booking alone). */
describe('booking directory (real Postgres and NATS)', () => {
  let env: TestEnv;
  const orgaId = randomUUID();
  const storeId = randomUUID();
  const groomer = randomUUID();

  const publish = async (contract: EventContract, data: Record<string, unknown>, occurredAt = new Date().toISOString()) => {
    const id = randomUUID();
    const envelope = { id, subject: contract.subject, occurredAt, orgaId, storeId, actor: null, data };
    await jetstream(env.nats()).publish(`${env.subjectPrefix}${contract.subject}`, JSON.stringify(envelope), { msgID: id });
  };
  const snapshot = (id: string, startsAt: string, endsAt: string, version: string, status = 0) => ({
    id,
    date: startsAt.slice(0, 10),
    hour: 9,
    min: 0,
    starts_at: startsAt,
    ends_at: endsAt,
    full_day: false,
    status,
    pet_ids: [],
    version,
    user_id: groomer,
  });
  const appointmentEvent = (contract: EventContract, id: string, snapshots: ReturnType<typeof snapshot>[] | undefined) =>
    publish(contract, {
      orga_id: orgaId,
      store_id: storeId,
      appointment_id: id,
      appointment_ids: [id],
      recurring_group_id: null,
      recurring_group_main: false,
      pet_ids: [],
      ...(snapshots ? { appointments: snapshots } : {}),
    });
  const busy = (id: string) =>
    env.query<{ during: string | null; status: number; deleted: boolean }>(
      `SELECT during::text, status, deleted FROM booking.booking_busy WHERE appointment_id = $1`,
      [id],
    );

  beforeAll(async () => {
    env = await createTestEnv();
    await env.start(bookingService, { httpPort: 0 });
  });

  afterAll(async () => {
    await env?.dispose();
  });

  it('keeps the newest appointment version whatever order events arrive in, frees declined time, and never revives a deleted one', async () => {
    const id = randomUUID();
    await appointmentEvent(appointmentUpdatedEvent, id, [
      snapshot(id, '2030-05-06T09:00:00.000Z', '2030-05-06T10:00:00.000Z', '2030-01-01T10:00:02.000Z'),
    ]);
    // an older version arriving later changes nothing
    await appointmentEvent(appointmentUpdatedEvent, id, [
      snapshot(id, '2030-05-06T07:00:00.000Z', '2030-05-06T08:00:00.000Z', '2030-01-01T10:00:01.000Z'),
    ]);
    await until(
      () => busy(id),
      (rows) => rows.length === 1,
      'the appointment',
    );
    const marker = randomUUID();
    await appointmentEvent(appointmentUpdatedEvent, marker, [
      snapshot(marker, '2030-05-07T09:00:00.000Z', '2030-05-07T10:00:00.000Z', '2030-01-01T10:00:00.000Z'),
    ]);
    await until(
      () => busy(marker),
      (rows) => rows.length === 1,
      'the marker after the older version',
    );
    expect(await busy(id)).toEqual([{ during: '["2030-05-06 09:00:00+00","2030-05-06 10:00:00+00")', status: 0, deleted: false }]);
    await appointmentEvent(appointmentUpdatedEvent, id, [
      snapshot(id, '2030-05-06T09:00:00.000Z', '2030-05-06T10:00:00.000Z', '2030-01-01T10:00:03.000Z', 2),
    ]);
    await until(
      () => busy(id),
      (rows) => rows[0]?.status === 2,
      'declined',
    );
    await appointmentEvent(appointmentDeletedEvent, id, undefined);
    await until(
      () => busy(id),
      (rows) => rows[0]?.deleted === true,
      'deleted',
    );
    await appointmentEvent(appointmentUpdatedEvent, id, [
      snapshot(id, '2030-05-06T09:00:00.000Z', '2030-05-06T10:00:00.000Z', '2030-01-01T10:00:09.000Z'),
    ]);
    const later = randomUUID();
    await appointmentEvent(appointmentUpdatedEvent, later, [
      snapshot(later, '2030-05-08T09:00:00.000Z', '2030-05-08T10:00:00.000Z', '2030-01-01T10:00:00.000Z'),
    ]);
    await until(
      () => busy(later),
      (rows) => rows.length === 1,
      'the marker after the late update',
    );
    expect(await busy(id)).toEqual([{ during: null, status: 2, deleted: true }]);
  });

  it('keeps the newer treatment and store event, and the store keeps its booking setup across updates', async () => {
    const treatmentId = randomUUID();
    const treatment = (name: string, minutes: number) => ({
      orga_id: orgaId,
      treatment_id: treatmentId,
      treatment: { id: treatmentId, name, archive: false, default_duration: minutes, default_price: 0, color: null },
    });
    await publish(treatmentUpdatedEvent, treatment('Taglio lungo', 90), '2030-01-01T10:00:02.000Z');
    await publish(treatmentCreatedEvent, treatment('Taglio', 60), '2030-01-01T10:00:01.000Z');
    await publish(
      storeCreatedEvent,
      { orga_id: orgaId, store_id: storeId, name: 'Salone', time_zone: 'Europe/Rome' },
      '2030-01-01T10:00:01.000Z',
    );
    await until(
      () => env.query(`SELECT name FROM booking.booking_store WHERE store_id = $1`, [storeId]),
      (rows) => rows.length === 1,
      'the store',
    );
    await env.query(`UPDATE booking.booking_store SET enabled = true, buffer_minutes = 10 WHERE store_id = $1`, [storeId]);
    await publish(
      storeUpdatedEvent,
      { orga_id: orgaId, store_id: storeId, name: 'Salone Bella', time_zone: 'Europe/Rome' },
      '2030-01-01T10:00:02.000Z',
    );
    const store = await until(
      () =>
        env.query<{ name: string; enabled: boolean; buffer_minutes: number; public_id: string }>(
          `SELECT name, enabled, buffer_minutes, public_id FROM booking.booking_store WHERE store_id = $1`,
          [storeId],
        ),
      (rows) => rows[0]?.name === 'Salone Bella',
      'the store update',
    );
    expect(store[0]).toMatchObject({ enabled: true, buffer_minutes: 10, public_id: expect.stringMatching(/^[a-z0-9]{16}$/) });
    expect(await env.query(`SELECT name, default_duration FROM booking.booking_treatment WHERE treatment_id = $1`, [treatmentId])).toEqual([
      { name: 'Taglio lungo', default_duration: 90 },
    ]);
  });

  it('R1.17 a cancelled organization leaves no row in any booking table, another organization keeps its own', async () => {
    const other = randomUUID();
    await env.query(
      `INSERT INTO booking.booking_rule (id, orga_id, store_id, kind, date_start, date_end, start_hour, start_min, start_sec, end_hour, end_min, end_sec)
       VALUES ($1, $2, $3, 'open', 0, 0, 9, 0, 0, 18, 0, 0), ($4, $5, $6, 'open', 0, 0, 9, 0, 0, 18, 0, 0)`,
      [randomUUID(), orgaId, storeId, randomUUID(), other, randomUUID()],
    );
    await env.query(`INSERT INTO booking.booking_staff (orga_id, user_id, first_name, active) VALUES ($1, $2, 'Anna', true)`, [
      orgaId,
      groomer,
    ]);
    await env.query(`INSERT INTO booking.service_time (id, orga_id, treatment_id, pet_type, minutes) VALUES ($1, $2, $3, 0, 30)`, [
      randomUUID(),
      orgaId,
      randomUUID(),
    ]);
    const count = async (orga: string) => {
      let n = 0;
      for (const table of ORGA_TABLES) {
        const [row] = await env.query<{ n: number }>(`SELECT count(*)::int AS n FROM booking.${table} WHERE orga_id = $1`, [orga]);
        n += row?.n ?? 0;
      }
      return n;
    };
    expect(await count(orgaId)).toBeGreaterThan(4);
    await publish(orgaCancelledEvent, { orga_id: orgaId });
    await until(
      () => count(orgaId),
      (n) => n === 0,
      'the purge',
    );
    expect(await count(other)).toBe(1);
  });
});
