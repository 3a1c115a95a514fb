import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  appointmentDeletedEvent,
  customerCreatedEvent,
  customerDeletedEvent,
  customerUpdatedEvent,
  orgaCancelledEvent,
  petCreatedEvent,
  petDeletedEvent,
  petUpdatedEvent,
  isEvent,
  tagDeletedEvent,
  type AppointmentEventSnapshot,
  type CustomerEventSnapshot,
  type EventContract,
  type EventEnvelope,
} from '@pawline/contracts';
import { cityKey } from '@pawline/domain';
import { readEvent, safeJson, streamName } from '@pawline/nest-kit';
import type { DataSource, EntityManager } from 'typeorm';
import { tombstonedOrgas } from '../purge/orga-tombstone';
import { AUDIENCE_APPOINTMENT_EVENTS } from './audience-projection.handlers';

// The audience's backfill (docs/adr/0033): the EVENTS stream replayed from its first event into memory with
// the live consumer's rules (audience-projection.ts), then written over the four audience tables in one
// transaction. Customers, pets, tags, consents and visits that existed before marketing ran, or that its
// read model lost, come back as crm and scheduling announced them; marketing still reads no other service's
// tables.

export const REBUILD_EVENTS: readonly EventContract[] = [
  customerCreatedEvent,
  customerUpdatedEvent,
  customerDeletedEvent,
  tagDeletedEvent,
  petCreatedEvent,
  petUpdatedEvent,
  petDeletedEvent,
  ...AUDIENCE_APPOINTMENT_EVENTS,
  orgaCancelledEvent,
];

type CustomerRow = {
  id: string;
  orga_id: string;
  store_id: string;
  first_name: string;
  last_name: string;
  city_key: string;
  consent_marketing: boolean;
  tag_ids: string[];
  version: string;
  /** the newest snapshot came from before crm carried city and tags */
  without_audience_fields: boolean;
};
type AppointmentRow = {
  id: string;
  orga_id: string;
  starts_at: string;
  status: number;
  pet_ids: string[];
  version: string;
  deleted: boolean;
};
type VisitRow = { appointment_id: string; customer_id: string; orga_id: string; starts_at: string; status: number };

type Payload = {
  orga_id: string;
  store_id?: string | null;
  customer_id?: string;
  customer?: CustomerEventSnapshot;
  pet_id?: string;
  tag_id?: string;
  appointment_ids?: string[];
  appointments?: AppointmentEventSnapshot[];
};

/**
 * The audience read model in memory, event by event in the stream's order, with the same rules the live
 * handlers apply in SQL: the newest customer and appointment versions win, a deleted appointment stays a
 * tombstone, visits are each appointment's owners when it or a pet changes, and a cancelled organization's
 * later events are dropped (R1.17), as the live consumers drop those of a tombstoned organization
 * (purge/orga-tombstone.ts): a rebuild never brings back purged rows.
 */
export class AudienceFold {
  readonly customers = new Map<string, CustomerRow>();
  readonly pets = new Map<string, { orga_id: string; customer_id: string }>();
  readonly appointments = new Map<string, AppointmentRow>();
  readonly visits = new Map<string, Map<string, VisitRow>>();
  private readonly appointmentsOfPet = new Map<string, Set<string>>();
  private readonly cancelled = new Set<string>();
  events = 0;

  apply(envelope: Pick<EventEnvelope, 'subject' | 'occurredAt'> & { data: unknown }): void {
    const subject = envelope.subject;
    const data = envelope.data as Payload;
    if (this.cancelled.has(data.orga_id)) return;
    this.events += 1;
    if (isEvent(subject, orgaCancelledEvent)) {
      this.cancel(data.orga_id);
    } else if (isEvent(subject, tagDeletedEvent)) {
      for (const customer of this.customers.values()) {
        if (customer.orga_id === data.orga_id) customer.tag_ids = customer.tag_ids.filter((tag) => tag !== data.tag_id);
      }
    } else if (isEvent(subject, customerDeletedEvent)) {
      this.customers.delete(data.customer_id!);
      for (const byCustomer of this.visits.values()) byCustomer.delete(data.customer_id!);
    } else if (isEvent(subject, customerCreatedEvent) || isEvent(subject, customerUpdatedEvent)) {
      if (data.customer) this.customer(data.orga_id, data.store_id!, data.customer_id!, data.customer);
    } else if (isEvent(subject, petDeletedEvent)) {
      this.pets.delete(data.pet_id!);
    } else if (isEvent(subject, petCreatedEvent) || isEvent(subject, petUpdatedEvent)) {
      const old = this.pets.get(data.pet_id!);
      this.pets.set(data.pet_id!, { orga_id: old?.orga_id ?? data.orga_id, customer_id: data.customer_id! });
      this.rebuildVisits([...(this.appointmentsOfPet.get(data.pet_id!) ?? [])]);
    } else if (isEvent(subject, appointmentDeletedEvent)) {
      this.appointmentsDeleted(data.orga_id, data.appointment_ids ?? [], envelope.occurredAt);
    } else if (AUDIENCE_APPOINTMENT_EVENTS.some((contract) => isEvent(subject, contract))) {
      this.appointmentSnapshots(data.orga_id, data.appointments ?? []);
    }
  }

  private customer(orgaId: string, storeId: string, id: string, snapshot: CustomerEventSnapshot): void {
    const old = this.customers.get(id);
    if (old && old.version > snapshot.version) return;
    const carriesTags = snapshot.tag_ids !== undefined;
    this.customers.set(id, {
      id,
      orga_id: old?.orga_id ?? orgaId,
      store_id: storeId,
      first_name: snapshot.first_name.slice(0, 200),
      last_name: snapshot.last_name.slice(0, 200),
      city_key: cityKey(snapshot.city).slice(0, 200),
      consent_marketing: snapshot.consent_marketing,
      // an event written before crm carried the tags keeps the tags known
      tag_ids: carriesTags ? [...(snapshot.tag_ids ?? [])] : (old?.tag_ids ?? []),
      version: snapshot.version,
      without_audience_fields: !carriesTags && snapshot.city === undefined,
    });
  }

  private appointmentSnapshots(orgaId: string, snapshots: readonly AppointmentEventSnapshot[]): void {
    const changed: string[] = [];
    for (const snapshot of snapshots) {
      const old = this.appointments.get(snapshot.id);
      if (old && (old.deleted || old.version > snapshot.version)) continue;
      for (const pet of old?.pet_ids ?? []) this.appointmentsOfPet.get(pet)?.delete(snapshot.id);
      this.appointments.set(snapshot.id, {
        id: snapshot.id,
        orga_id: old?.orga_id ?? orgaId,
        starts_at: new Date(snapshot.starts_at).toISOString(),
        status: snapshot.status,
        pet_ids: [...snapshot.pet_ids],
        version: snapshot.version,
        deleted: false,
      });
      for (const pet of snapshot.pet_ids) {
        const ids = this.appointmentsOfPet.get(pet) ?? new Set<string>();
        ids.add(snapshot.id);
        this.appointmentsOfPet.set(pet, ids);
      }
      changed.push(snapshot.id);
    }
    this.rebuildVisits(changed);
  }

  private appointmentsDeleted(orgaId: string, ids: readonly string[], at: string): void {
    for (const id of ids) {
      const old = this.appointments.get(id);
      if (old) old.deleted = true;
      else this.appointments.set(id, { id, orga_id: orgaId, starts_at: at, status: 0, pet_ids: [], version: '', deleted: true });
      this.visits.delete(id);
    }
  }

  private rebuildVisits(ids: readonly string[]): void {
    for (const id of ids) {
      this.visits.delete(id);
      const appointment = this.appointments.get(id);
      if (!appointment || appointment.deleted) continue;
      const byCustomer = new Map<string, VisitRow>();
      for (const pet of appointment.pet_ids) {
        const owner = this.pets.get(pet);
        if (!owner) continue;
        byCustomer.set(owner.customer_id, {
          appointment_id: id,
          customer_id: owner.customer_id,
          orga_id: appointment.orga_id,
          starts_at: appointment.starts_at,
          status: appointment.status,
        });
      }
      if (byCustomer.size > 0) this.visits.set(id, byCustomer);
    }
  }

  /** R1.17 the organization's rows go and its later events are dropped, as the purge and its tombstone do live. */
  cancel(orgaId: string): void {
    this.cancelled.add(orgaId);
    for (const [id, row] of this.customers) if (row.orga_id === orgaId) this.customers.delete(id);
    for (const [id, row] of this.pets) if (row.orga_id === orgaId) this.pets.delete(id);
    for (const [id, row] of this.appointments) {
      if (row.orga_id !== orgaId) continue;
      this.appointments.delete(id);
      this.visits.delete(id);
      for (const pet of row.pet_ids) this.appointmentsOfPet.get(pet)?.delete(id);
    }
  }

  visitRows(): VisitRow[] {
    return [...this.visits.values()].flatMap((byCustomer) => [...byCustomer.values()]);
  }
}

/**
 * Reads the EVENTS stream from `fromSeq` to its end with an ordered consumer (this machine's NATS is older
 * than 2.10's filter_subjects, so every event passes by; the audience's are parsed against their contracts,
 * and one that does not parse is skipped, as the live consumer dead-letters it). Returns the last sequence read.
 */
export async function replayInto(
  nc: NatsConnection,
  config: { subjectPrefix: string },
  fold: AudienceFold,
  fromSeq = 1,
): Promise<{ lastSeq: number; skipped: number }> {
  const contracts = new Map(REBUILD_EVENTS.map((contract) => [`${config.subjectPrefix}${contract.subject}`, contract]));
  const consumer = await jetstream(nc).consumers.get(streamName(config, 'EVENTS'), {
    deliver_policy: DeliverPolicy.StartSequence,
    opt_start_seq: fromSeq,
  });
  let lastSeq = fromSeq - 1;
  let skipped = 0;
  if ((await consumer.info()).num_pending === 0) return { lastSeq, skipped };
  const messages = await consumer.consume({ max_messages: 5000 });
  for await (const message of messages) {
    lastSeq = message.seq;
    const contract = contracts.get(message.subject);
    if (contract) {
      const read = readEvent(contract, safeJson(message.string()));
      if (read.ok) fold.apply(read.event);
      else skipped += 1;
    }
    if (message.info.pending === 0) break;
  }
  await messages.close();
  return { lastSeq, skipped };
}

// the order the organization purge deletes in; a consumer waiting the other way round is a deadlock Postgres breaks
const TABLES = ['audience_visit', 'audience_appointment', 'audience_pet', 'audience_customer'];
const CHUNK = 5000;

async function insertChunks(manager: EntityManager, table: string, columns: string, rows: readonly object[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await manager.query(`INSERT INTO ${table} SELECT * FROM json_to_recordset($1::json) AS x(${columns})`, [
      JSON.stringify(rows.slice(start, start + CHUNK)),
    ]);
  }
}

async function writeFold(manager: EntityManager, fold: AudienceFold): Promise<void> {
  for (const table of TABLES) await manager.query(`DELETE FROM ${table}`);
  await insertChunks(
    manager,
    'audience_customer (id, orga_id, store_id, first_name, last_name, city_key, consent_marketing, tag_ids, version)',
    'id uuid, orga_id uuid, store_id uuid, first_name varchar, last_name varchar, city_key varchar, consent_marketing boolean, tag_ids uuid[], version varchar',
    [...fold.customers.values()].map(({ without_audience_fields: _, ...row }) => row),
  );
  await insertChunks(
    manager,
    'audience_pet (id, orga_id, customer_id)',
    'id uuid, orga_id uuid, customer_id uuid',
    [...fold.pets.entries()].map(([id, pet]) => ({ id, ...pet })),
  );
  await insertChunks(
    manager,
    'audience_appointment (id, orga_id, starts_at, status, pet_ids, version, deleted)',
    'id uuid, orga_id uuid, starts_at timestamptz, status smallint, pet_ids uuid[], version varchar, deleted boolean',
    [...fold.appointments.values()],
  );
  await insertChunks(
    manager,
    'audience_visit (appointment_id, customer_id, orga_id, starts_at, status)',
    'appointment_id uuid, customer_id uuid, orga_id uuid, starts_at timestamptz, status smallint',
    fold.visitRows(),
  );
}

export type AudienceRebuildReport = {
  events: number;
  skipped: number;
  customers: number;
  pets: number;
  appointments: number;
  visits: number;
  /** customers whose newest crm event predates city and tags in the snapshot: their city and tags are unknown here */
  customersWithoutCityOrTags: number;
  seconds: number;
};

const DEADLOCK = '40P01';

/**
 * Replays the stream and writes the result over the audience tables. The stream is read once without a lock;
 * then, holding the tables against writes (reads, the live count, go on), the events published meanwhile are
 * read too, so every event a live consumer has committed is in what is written: none of their work is undone,
 * and what they take after it they apply again idempotently. Running it twice writes the same rows.
 */
export async function rebuildAudience(
  db: DataSource,
  nc: NatsConnection,
  config: { subjectPrefix: string },
): Promise<AudienceRebuildReport> {
  const started = performance.now();
  const fold = new AudienceFold();
  const first = await replayInto(nc, config, fold);
  let skipped = first.skipped;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.transaction(async (manager) => {
        await manager.query(`LOCK TABLE ${TABLES.join(', ')} IN EXCLUSIVE MODE`);
        const tail = await replayInto(nc, config, fold, first.lastSeq + 1);
        first.lastSeq = tail.lastSeq;
        skipped += tail.skipped;
        // the organizations the purge consumer has tombstoned are gone whatever the stream still holds of them
        for (const orgaId of await tombstonedOrgas(manager)) fold.cancel(orgaId);
        await writeFold(manager, fold);
      });
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK || attempt >= 5) throw error;
    }
  }
  return {
    events: fold.events,
    skipped,
    customers: fold.customers.size,
    pets: fold.pets.size,
    appointments: [...fold.appointments.values()].filter((row) => !row.deleted).length,
    visits: fold.visitRows().length,
    customersWithoutCityOrTags: [...fold.customers.values()].filter((row) => row.without_audience_fields).length,
    seconds: (performance.now() - started) / 1000,
  };
}
