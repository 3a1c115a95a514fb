// `npm run bench -- analytics-rebuild [--appointments=100000] [--pets=20000]`: how fast analytics' read model is
// rebuilt from the event stream (issue 15 goal: at least 20,000 events/s). In a fresh test env (its own database
// and subject prefix on this machine's Postgres and NATS) it publishes what a salon's history leaves on the
// EVENTS stream: crm's pet events, scheduling's created and checked-out snapshots, some deletions and accepted
// bookings, messaging's reminder statuses (two or three per appointment) and campaigns with their messages; then replays the stream into emptied tables (services/analytics/src/projection/rebuild.ts, what
// rebuild.cli.ts runs) and prints events, seconds and events/s, with the replay and the writing apart.
import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import {
  appointmentCreatedEvent,
  appointmentDeletedEvent,
  appointmentDoneEvent,
  bookingSlotAcceptedEvent,
  campaignMessageStatusEvent,
  campaignSentEvent,
  petCreatedEvent,
  reminderStatusChangedEvent,
  type EventContract,
  type EventEnvelope,
} from '@pawline/contracts';
import { dataSourceOptions } from '@pawline/nest-kit';
import { createTestEnv } from '@pawline/nest-kit/testing';
import { DataSource } from 'typeorm';
import { analyticsService } from '../../../services/analytics/src/analytics.service-definition';
import { ProjectionFold, replayStream, writeProjection } from '../../../services/analytics/src/projection/rebuild';

function arg(name: string, fallback: number): number {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = hit ? Number(hit.split('=')[1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} takes a positive number`);
  return value;
}

async function main(): Promise<void> {
  const appointments = arg('appointments', 100_000);
  const petCount = arg('pets', 20_000);
  const env = await createTestEnv();
  try {
    // the service once, for its tables (migrations) and the streams; closed so its consumer does not race the rebuild
    await (await env.start(analyticsService)).close();
    const js = jetstream(env.nats());
    const orga = randomUUID();
    const store = randomUUID();
    const envelopes: EventEnvelope[] = [];
    const event = (contract: EventContract, data: Record<string, unknown>, occurredAt = new Date().toISOString()) =>
      envelopes.push({
        id: randomUUID(),
        subject: contract.subject,
        occurredAt,
        orgaId: orga,
        storeId: store,
        actor: null,
        data,
      });
    const pets = Array.from({ length: petCount }, () => randomUUID());
    const customers = Array.from({ length: Math.ceil(petCount / 2) }, () => randomUUID());
    pets.forEach((pet, i) =>
      event(petCreatedEvent, { orga_id: orga, store_id: store, pet_id: pet, customer_id: customers[i % customers.length] }),
    );
    const treatments = Array.from({ length: 8 }, () => randomUUID());
    const staff = Array.from({ length: 5 }, () => randomUUID());
    const today = Date.now();
    for (let i = 0; i < appointments; i += 1) {
      const id = randomUUID();
      const day = new Date(today - (i % 1826) * 86_400_000).toISOString().slice(0, 10);
      const snapshot = {
        id,
        date: day,
        hour: 8 + (i % 11),
        min: 0,
        starts_at: `${day}T09:00:00.000Z`,
        ends_at: `${day}T10:00:00.000Z`,
        full_day: false,
        status: i % 10 === 0 ? 2 : 0,
        pet_ids: [pets[i % pets.length]],
        user_id: staff[i % staff.length],
        duration: 60,
        price: 4500,
        discount: 0,
        final_price: null,
        total: null,
        checked_out: false,
        treatment_ids: [treatments[i % treatments.length]],
        version: `2026-01-01T00:00:00.${String(i % 1000).padStart(3, '0')}001Z`,
      };
      const base = {
        orga_id: orga,
        store_id: store,
        appointment_id: id,
        appointment_ids: [id],
        recurring_group_id: null,
        recurring_group_main: false,
        pet_ids: snapshot.pet_ids,
      };
      event(appointmentCreatedEvent, { ...base, appointments: [snapshot] });
      if (i % 5 !== 0)
        event(appointmentDoneEvent, {
          ...base,
          appointments: [{ ...snapshot, checked_out: true, discount: 500, total: 4000, version: snapshot.version.replace('001Z', '002Z') }],
        });
      if (i % 20 === 0) event(bookingSlotAcceptedEvent, { orga_id: orga, store_id: store, slot_id: randomUUID(), appointment_id: id });
      // its WhatsApp reminder the day before: sent, delivered, and read for two in three
      const remindedAt = new Date(Date.parse(`${day}T11:00:00.000Z`) - 86_400_000).toISOString();
      const outbound = randomUUID();
      for (const status of i % 3 === 0 ? [1, 2] : [1, 2, 3])
        event(
          reminderStatusChangedEvent,
          { orga_id: orga, store_id: store, appointment_id: id, outbound_id: outbound, reminder_status: status },
          remindedAt,
        );
      // a campaign to 100 customers every 500 appointments, each message sent, read and answered by some
      if (i % 500 === 0) {
        const campaign = randomUUID();
        event(campaignSentEvent, { orga_id: orga, store_id: store, campaign_id: campaign, customers: 100 }, remindedAt);
        for (let k = 0; k < 100; k += 1) {
          const message = {
            orga_id: orga,
            store_id: store,
            campaign_id: campaign,
            customer_id: customers[(i + k) % customers.length],
            outbound_id: randomUUID(),
          };
          event(campaignMessageStatusEvent, { ...message, status: 1 }, remindedAt);
          if (k % 2 === 0) event(campaignMessageStatusEvent, { ...message, status: 3 }, remindedAt);
          if (k % 10 === 0) event(campaignMessageStatusEvent, { ...message, status: 4, confirmed: k % 20 === 0 }, remindedAt);
        }
      }
      if (i % 50 === 0) event(appointmentDeletedEvent, base);
    }
    const publishing = Date.now();
    for (let start = 0; start < envelopes.length; start += 2000) {
      await Promise.all(
        envelopes.slice(start, start + 2000).map((e) => js.publish(`${env.subjectPrefix}${e.subject}`, JSON.stringify(e), { msgID: e.id })),
      );
    }
    console.log(`published ${envelopes.length} events in ${((Date.now() - publishing) / 1000).toFixed(1)} s`);

    const db = new DataSource(dataSourceOptions(analyticsService, env.config('analytics')));
    await db.initialize();
    try {
      const started = performance.now();
      const fold = new ProjectionFold();
      await replayStream(env.nats(), { subjectPrefix: env.subjectPrefix }, fold);
      const replayed = performance.now();
      const { appointments: kept } = await writeProjection(db, fold);
      const done = performance.now();
      const seconds = (done - started) / 1000;
      console.log(
        `replayed ${fold.events} events in ${((replayed - started) / 1000).toFixed(2)} s, wrote ${kept} appointments' read model in ${((done - replayed) / 1000).toFixed(2)} s`,
      );
      console.log(
        `rebuild: ${fold.events} events in ${seconds.toFixed(2)} s = ${Math.round(fold.events / seconds)} events/s (goal at least 20,000)`,
      );
      const [check] = await env.query<{ n: string }>(`SELECT sum(count) AS n FROM analytics.stat_cell WHERE kind = 'appointments'`);
      console.log(`counted appointments after the rebuild: ${check?.n}`);
    } finally {
      await db.destroy();
    }
  } finally {
    await env.dispose();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
