import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  appointmentCreatedEvent,
  appointmentDeletedEvent,
  appointmentDoneEvent,
  appointmentNotesEvent,
  appointmentStatusByCustomerEvent,
  appointmentStatusEvent,
  appointmentUpdatedEvent,
  type Appointment,
  type AppointmentEventSnapshot,
  type AppointmentList,
  type EventContract,
  type RecurringInput,
  type RecurringScope,
  type RpcRequest,
  type appointmentEventPayloadSchema,
  type appointmentFieldsSchema,
  type checkOutAppointmentRpc,
} from '@pawline/contracts';
import { MONEY_CENTS_MAX, PAGE_SIZES } from '@pawline/domain';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import { type OutboxMeta, OutboxService, RawJson, RpcError, planHistoryStart, type StoreScope } from '@pawline/nest-kit';
import {
  APPOINTMENT_COLUMNS,
  APPOINTMENT_JSON_COLUMNS,
  centsOf,
  instantsOf,
  returnedRows,
  toAppointment,
  type AppointmentRow,
} from './appointment-rows';
import { WeekCache } from '../week-cache/week-cache';
import {
  addDays,
  daysBetween,
  formatLocalDate,
  isRealDate,
  isValidTimeZone,
  localDateOf,
  parseLocalDate,
  type LocalDate,
} from '@pawline/domain';
import { occurrences } from './recurrence';

export type AppointmentFields = z.output<typeof appointmentFieldsSchema>;
type EventPayloadBase = z.infer<typeof appointmentEventPayloadSchema>;
export type SixDateParts = { y: number; m: number; d: number; y2: number; m2: number; d2: number };

/** A range longer than this is refused (the calendar asks for at most a year view plus padding). */
export const MAX_RANGE_DAYS = 400;

/** What a change does to one row of its scope; the day shift moves the others of a group alike. */
type RowPatch = (row: AppointmentRow, dayShift: number) => Partial<AppointmentRow>;

function realDate(text: string, field: string): LocalDate {
  const date = parseLocalDate(text);
  if (!isRealDate(date)) throw new RpcError('validation_failed', { fields: { [field]: 'Invalid date' } });
  return date;
}

function rangeOf(parts: SixDateParts): { from: string; to: string } {
  const from = { year: parts.y, month: parts.m, day: parts.d };
  const to = { year: parts.y2, month: parts.m2, day: parts.d2 };
  if (!isRealDate(from)) throw new RpcError('validation_failed', { fields: { d: 'Invalid date' } });
  if (!isRealDate(to)) throw new RpcError('validation_failed', { fields: { d2: 'Invalid date' } });
  const days = daysBetween(from, to);
  if (days < 0) throw new RpcError('validation_failed', { fields: { d2: 'The end is before the start' } });
  if (days > MAX_RANGE_DAYS) throw new RpcError('validation_failed', { fields: { d2: `At most ${MAX_RANGE_DAYS} days` } });
  return { from: formatLocalDate(from), to: formatLocalDate(to) };
}

/** The version of a store's local days from one date to another in SQL: the highest of theirs ('0' before any appointment). */
const RANGE_VERSION = (store: string, from: string, to: string) =>
  `coalesce((SELECT max(version)::text FROM calendar_day_version WHERE store_id = ${store} AND local_date BETWEEN ${from} AND ${to}), '0')`;

/** R3.07 R4.11 appointments of a store: booking, recurring groups, changes by scope, check-out, decline. */
@Injectable()
export class AppointmentService {
  private readonly weeks = new WeekCache<RawJson<AppointmentList>>();

  constructor(
    private readonly db: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  // ---- reading

  /** Items with their treatments and pets (spec §7 shape). */
  async withRelations(rows: AppointmentRow[], manager: EntityManager | DataSource = this.db): Promise<AppointmentList> {
    if (rows.length === 0) return { items: [], treatments: [], pets: [] };
    const ids = rows.map((row) => row.id);
    const [treatments, pets] = await Promise.all([
      manager.query<AppointmentList['treatments']>(
        `SELECT appointment_id, treatment_id, name FROM appointment_treatment WHERE appointment_id = ANY($1::uuid[]) ORDER BY appointment_id, name`,
        [ids],
      ),
      manager.query<AppointmentList['pets']>(
        `SELECT appointment_id, pet_id FROM appointment_pet WHERE appointment_id = ANY($1::uuid[]) ORDER BY appointment_id, pet_id`,
        [ids],
      ),
    ]);
    return { items: rows.map(toAppointment), treatments, pets };
  }

  /**
   * Items, treatments and pets of the appointments matching `where` as the JSON text of an
   * AppointmentList, written by Postgres in one round trip: the week view asks for this all day
   * long (issue 5 wants p95 under 20 ms at 200 requests/s with 50,000 appointments), and no row is
   * then parsed, mapped, checked or serialized again in Node or the gateway (docs/adr/0004).
   * `version` is SQL for the version of the days the answer covers, read in the same statement
   * (same snapshot) as the answer, so an answer kept under it is never newer or older than it.
   * Treatments and pets are looked up by primary key with `= ANY (ARRAY(SELECT id FROM a))`: with
   * `IN (SELECT id FROM a)` or a LATERAL join Postgres misjudged the CTE and hash-joined every
   * appointment_pet row (5 to 15 ms of a week; this way the whole statement takes about 2.2 ms).
   */
  private async listWhere(
    where: string,
    params: unknown[],
    version = `'0'`,
  ): Promise<{ count: number; version: string; list: RawJson<AppointmentList> }> {
    const [result] = await this.db.query<{ count: number; version: string; body: string }[]>(
      `WITH a AS MATERIALIZED (SELECT * FROM appointment WHERE ${where})
       SELECT (SELECT count(*) FROM a)::int AS count,
              ${version} AS version,
              json_build_object(
                'items', (SELECT coalesce(json_agg(i ORDER BY i.date, i.hour, i.min, i.id), '[]'::json) FROM (SELECT ${APPOINTMENT_JSON_COLUMNS} FROM a) i),
                'treatments', (SELECT coalesce(json_agg(t ORDER BY t.appointment_id, t.name), '[]'::json)
                                 FROM (SELECT appointment_id, treatment_id, name FROM appointment_treatment WHERE appointment_id = ANY (ARRAY(SELECT id FROM a))) t),
                'pets', (SELECT coalesce(json_agg(p ORDER BY p.appointment_id, p.pet_id), '[]'::json)
                           FROM (SELECT appointment_id, pet_id FROM appointment_pet WHERE appointment_id = ANY (ARRAY(SELECT id FROM a))) p)
              )::text AS body`,
      params,
    );
    return {
      count: result?.count ?? 0,
      version: result?.version ?? '0',
      list: new RawJson(result?.body ?? '{"items":[],"treatments":[],"pets":[]}'),
    };
  }

  /** The version of the store's days from one date to another now (see WeekCache). */
  private async rangeVersion(storeId: string, from: string, to: string): Promise<string> {
    const [row] = await this.db.query<{ version: string }[]>(`SELECT ${RANGE_VERSION('$1', '$2::date', '$3::date')} AS version`, [
      storeId,
      from,
      to,
    ]);
    return row?.version ?? '0';
  }

  /** R7.05 the store's appointments of the local days from the first to the second date, both included. */
  async range(scope: StoreScope, parts: SixDateParts): Promise<RawJson<AppointmentList>> {
    const asked = rangeOf(parts);
    // R1.20 without full history the calendar shows past days of the plan's window only
    const windowStart = planHistoryStart(scope.member);
    const earliest = windowStart ? localDateOf(windowStart, scope.timeZone) : null;
    const from = earliest && earliest > asked.from ? earliest : asked.from;
    const to = asked.to;
    if (from > to) return new RawJson('{"items":[],"treatments":[],"pets":[]}');
    // the calendar asks for the same weeks all day: a kept answer serves while none of its days changed
    const key = `${scope.orgaId}|${scope.storeId}|${from}|${to}`;
    if (this.weeks.has(key)) {
      const kept = this.weeks.get(key, await this.rangeVersion(scope.storeId, from, to));
      if (kept) return kept;
    }
    const read = await this.listWhere(
      `store_id = $1 AND orga_id = $2 AND local_date BETWEEN $3 AND $4`,
      [scope.storeId, scope.orgaId, from, to],
      RANGE_VERSION('$1', '$3::date', '$4::date'),
    );
    this.weeks.set(key, read.version, read.list, read.list.text.length);
    return read.list;
  }

  /** R7.05 the members of a recurring group within a range. */
  async recurringGroup(scope: StoreScope, groupId: string, parts: SixDateParts): Promise<RawJson<AppointmentList>> {
    const { from, to } = rangeOf(parts);
    return (
      await this.listWhere(`recurring_group_id = $1 AND store_id = $2 AND orga_id = $3 AND local_date BETWEEN $4 AND $5`, [
        groupId,
        scope.storeId,
        scope.orgaId,
        from,
        to,
      ])
    ).list;
  }

  /** R7.05 R9.05 a pet's appointments in this store, newest first, 50 a page after (last date, last id). */
  async petHistory(scope: StoreScope, petId: string, lastDate: string | null, lastId: string | null): Promise<AppointmentList> {
    // R1.20 without full history a pet's past reaches back the plan's window only
    const windowStart = planHistoryStart(scope.member);
    const rows: AppointmentRow[] = await this.db.query(
      `WITH page AS (
         SELECT p.appointment_id FROM appointment_pet p JOIN appointment a ON a.id = p.appointment_id
         WHERE p.pet_id = $1 AND a.store_id = $2 AND a.orga_id = $3
           AND ($4::timestamptz IS NULL OR p.starts_at < $4 OR (p.starts_at = $4 AND $5::uuid IS NOT NULL AND p.appointment_id < $5))
           AND ($7::timestamptz IS NULL OR p.starts_at >= $7)
         ORDER BY p.starts_at DESC, p.appointment_id DESC LIMIT $6)
       SELECT ${APPOINTMENT_COLUMNS} FROM appointment WHERE id IN (SELECT appointment_id FROM page) ORDER BY starts_at DESC, id DESC`,
      [petId, scope.storeId, scope.orgaId, lastDate, lastId, PAGE_SIZES.pet_appointments, windowStart?.toISOString() ?? null],
    );
    return this.withRelations(rows);
  }

  /** R7.05 the pet's most recent appointment in this store (item null when it has none). */
  async latest(scope: StoreScope, petId: string): Promise<{ item: Appointment | null } & Omit<AppointmentList, 'items'>> {
    const page = await this.petHistory(scope, petId, null, null);
    const item = page.items[0] ?? null;
    if (!item) return { item: null, treatments: [], pets: [] };
    return {
      item,
      treatments: page.treatments.filter((t) => t.appointment_id === item.id),
      pets: page.pets.filter((p) => p.appointment_id === item.id),
    };
  }

  async get(scope: StoreScope, appointmentId: string): Promise<RawJson<AppointmentList>> {
    const { count, list } = await this.listWhere(`id = $1 AND store_id = $2 AND orga_id = $3`, [
      appointmentId,
      scope.storeId,
      scope.orgaId,
    ]);
    if (count === 0) throw new RpcError('not_found');
    return list;
  }

  private async row(
    manager: EntityManager | DataSource,
    scope: Pick<StoreScope, 'orgaId' | 'storeId'>,
    appointmentId: string,
    lock = false,
  ): Promise<AppointmentRow> {
    const rows: AppointmentRow[] = await manager.query(
      `SELECT ${APPOINTMENT_COLUMNS} FROM appointment WHERE id = $1 AND store_id = $2 AND orga_id = $3${lock ? ' FOR UPDATE' : ''}`,
      [appointmentId, scope.storeId, scope.orgaId],
    );
    if (!rows[0]) throw new RpcError('not_found');
    return rows[0];
  }

  // ---- writing

  private async treatmentNames(
    manager: EntityManager,
    orgaId: string,
    ids: string[],
  ): Promise<Map<string, { name: string; price: number }>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows: { id: string; name: string; default_price: number; archive: boolean }[] = await manager.query(
      `SELECT id, name, default_price, archive FROM treatment WHERE orga_id = $1 AND id = ANY($2::uuid[])`,
      [orgaId, unique],
    );
    if (rows.length !== unique.length) throw new RpcError('validation_failed', { fields: { treatment_ids: 'Unknown treatment' } });
    return new Map(rows.map((row) => [row.id, { name: row.name, price: row.default_price }]));
  }

  private async writeRelations(
    manager: EntityManager,
    appointmentIds: string[],
    fields: Pick<AppointmentFields, 'treatment_ids' | 'pet_ids'>,
    orgaId: string,
  ): Promise<void> {
    const treatments = await this.treatmentNames(manager, orgaId, fields.treatment_ids);
    await manager.query(`DELETE FROM appointment_treatment WHERE appointment_id = ANY($1::uuid[])`, [appointmentIds]);
    await manager.query(`DELETE FROM appointment_pet WHERE appointment_id = ANY($1::uuid[])`, [appointmentIds]);
    const treatmentIds = [...treatments.keys()];
    await manager.query(
      `INSERT INTO appointment_treatment (appointment_id, treatment_id, name)
       SELECT a, t.id, t.name FROM unnest($1::uuid[]) a, unnest($2::uuid[], $3::text[]) AS t(id, name)`,
      [appointmentIds, treatmentIds, treatmentIds.map((id) => treatments.get(id)?.name ?? '')],
    );
    await manager.query(
      `INSERT INTO appointment_pet (appointment_id, pet_id, starts_at)
       SELECT a.id, p, a.starts_at FROM appointment a, unnest($2::uuid[]) p WHERE a.id = ANY($1::uuid[])`,
      [appointmentIds, [...new Set(fields.pet_ids)]],
    );
  }

  private timeZoneOf(scope: StoreScope): string {
    if (!isValidTimeZone(scope.timeZone)) throw new RpcError('internal');
    return scope.timeZone;
  }

  /** Books an appointment or, with recurring data, a group whose first member is the main one (R3.07). */
  async create(scope: StoreScope, fields: AppointmentFields, recurring: RecurringInput | null): Promise<AppointmentList> {
    const timeZone = this.timeZoneOf(scope);
    const start = realDate(fields.date, 'appointment.date');
    const end = recurring?.end ? realDate(recurring.end, 'recurring.end') : null;
    if (end && daysBetween(start, end) < 0)
      throw new RpcError('validation_failed', { fields: { 'recurring.end': 'The end is before the start' } });
    const dates = recurring ? occurrences(start, { unit: recurring.unit, every: recurring.every, count: recurring.count, end }) : [start];
    const groupId = recurring ? randomUUID() : null;
    const ids = dates.map(() => randomUUID());
    return this.db.transaction(async (m) => {
      const treatments = await this.treatmentNames(m, scope.orgaId, fields.treatment_ids);
      // without a price the treatments' default prices add up to the estimate
      const price =
        fields.price !== undefined ? centsOf(fields.price, 'price') : [...treatments.values()].reduce((sum, t) => sum + t.price, 0);
      // each price is at most MONEY_CENTS_MAX, but 22 of them overflow the integer column (issue 11)
      if (price > MONEY_CENTS_MAX)
        throw new RpcError('validation_failed', { fields: { price: `The treatments add up to more than ${MONEY_CENTS_MAX / 100}` } });
      const time = {
        hour: fields.full_day ? 0 : fields.hour,
        min: fields.full_day ? 0 : fields.min,
        sec: fields.full_day ? 0 : fields.sec,
      };
      for (const [index, date] of dates.entries()) {
        const { startsAt, endsAt } = instantsOf(date, time, fields.duration, fields.full_day, timeZone);
        await m.query(
          `INSERT INTO appointment (id, orga_id, store_id, user_id, local_date, hour, min, sec, time_zone, starts_at, ends_at, duration, color, timed, full_day,
             app_name, notes, discount, price, recurring_unit, recurring_every, recurring_count, recurring_end, recurring_group_id, recurring_group_main)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25)`,
          [
            ids[index],
            scope.orgaId,
            scope.storeId,
            fields.user_id ?? null,
            formatLocalDate(date),
            time.hour,
            time.min,
            time.sec,
            timeZone,
            startsAt,
            endsAt,
            fields.duration,
            fields.color ?? null,
            fields.timed,
            fields.full_day,
            fields.app_name ?? null,
            fields.notes ?? null,
            fields.discount !== undefined ? centsOf(fields.discount, 'discount') : 0,
            price,
            recurring?.unit ?? null,
            recurring?.every ?? null,
            recurring?.count ?? null,
            recurring?.end ?? null,
            groupId,
            groupId !== null && index === 0,
          ],
        );
      }
      await this.writeRelations(m, ids, fields, scope.orgaId);
      const rows: AppointmentRow[] = await m.query(
        `SELECT ${APPOINTMENT_COLUMNS} FROM appointment WHERE id = ANY($1::uuid[]) ORDER BY local_date`,
        [ids],
      );
      const main = rows[0];
      if (!main) throw new RpcError('internal');
      await this.publish(m, appointmentCreatedEvent, main, ids, fields.pet_ids, scope.meta);
      return this.withRelations(rows, m);
    });
  }

  /** The rows a change of `recurringScope` touches, starting with the one asked for (locked). */
  private async rowsInScope(
    m: EntityManager,
    scope: StoreScope,
    target: AppointmentRow,
    recurringScope: RecurringScope,
  ): Promise<AppointmentRow[]> {
    if (recurringScope === 'one' || target.recurring_group_id === null) return [target];
    const rows: AppointmentRow[] = await m.query(
      `SELECT ${APPOINTMENT_COLUMNS} FROM appointment WHERE recurring_group_id = $1 AND store_id = $2 AND orga_id = $3
         AND ($4::date IS NULL OR local_date >= $4) ORDER BY local_date, id FOR UPDATE`,
      [target.recurring_group_id, scope.storeId, scope.orgaId, recurringScope === 'following' ? target.local_date : null],
    );
    return [target, ...rows.filter((row) => row.id !== target.id)];
  }

  /**
   * "This and the following" of a group that started earlier splits it: the target becomes the main
   * member of a new group, and the earlier members' group ends the day before.
   */
  private async splitIfFollowing(
    m: EntityManager,
    target: AppointmentRow,
    rows: AppointmentRow[],
    recurringScope: RecurringScope,
  ): Promise<void> {
    if (recurringScope !== 'following' || target.recurring_group_id === null || target.recurring_group_main) return;
    const earlier: { n: number }[] = await m.query(
      `SELECT count(*)::int AS n FROM appointment WHERE recurring_group_id = $1 AND local_date < $2`,
      [target.recurring_group_id, target.local_date],
    );
    if ((earlier[0]?.n ?? 0) === 0) return;
    const newGroup = randomUUID();
    const dayBefore = formatLocalDate(addDays(parseLocalDate(target.local_date), -1));
    await m.query(`UPDATE appointment SET recurring_end = $3 WHERE recurring_group_id = $1 AND local_date < $2`, [
      target.recurring_group_id,
      target.local_date,
      dayBefore,
    ]);
    await m.query(`UPDATE appointment SET recurring_group_id = $2, recurring_group_main = (id = $3) WHERE id = ANY($1::uuid[])`, [
      rows.map((r) => r.id),
      newGroup,
      target.id,
    ]);
    for (const row of rows) {
      row.recurring_group_id = newGroup;
      row.recurring_group_main = row.id === target.id;
    }
  }

  /** Applies a patch to every row of the scope, recomputing the instants from the local time. */
  private async change(
    scope: StoreScope,
    appointmentId: string,
    recurringScope: RecurringScope,
    newDate: LocalDate | null,
    patch: RowPatch,
    relations: Pick<AppointmentFields, 'treatment_ids' | 'pet_ids'> | null,
  ): Promise<{ appointment: Appointment; affected_ids: string[] }> {
    const timeZone = this.timeZoneOf(scope);
    return this.db.transaction(async (m) => {
      const target = await this.row(m, scope, appointmentId, true);
      const rows = await this.rowsInScope(m, scope, target, recurringScope);
      await this.splitIfFollowing(m, target, rows, recurringScope);
      const dayShift = newDate ? daysBetween(parseLocalDate(target.local_date), newDate) : 0;
      for (const row of rows) {
        const next: AppointmentRow = { ...row, ...patch(row, dayShift) };
        next.local_date = formatLocalDate(addDays(parseLocalDate(row.local_date), dayShift));
        // the local time is what was booked; the instant follows in the store's zone (DST-safe)
        const { startsAt, endsAt } = instantsOf(parseLocalDate(next.local_date), next, next.duration, next.full_day, timeZone);
        await m.query(
          `UPDATE appointment SET user_id = $2, local_date = $3, hour = $4, min = $5, sec = $6, time_zone = $7, starts_at = $8, ends_at = $9, duration = $10,
             color = $11, timed = $12, full_day = $13, app_name = $14, notes = $15, discount = $16, price = $17, updated_at = now() WHERE id = $1`,
          [
            row.id,
            next.user_id,
            next.local_date,
            next.hour,
            next.min,
            next.sec,
            timeZone,
            startsAt,
            endsAt,
            next.duration,
            next.color,
            next.timed,
            next.full_day,
            next.app_name,
            next.notes,
            next.discount,
            next.price,
          ],
        );
        await m.query(`UPDATE appointment_pet SET starts_at = $2 WHERE appointment_id = $1`, [row.id, startsAt]);
      }
      const ids = rows.map((row) => row.id);
      if (relations) await this.writeRelations(m, ids, relations, scope.orgaId);
      const updated = await this.row(m, scope, appointmentId);
      await this.publish(m, appointmentUpdatedEvent, updated, ids, await this.petIds(m, ids), scope.meta);
      return { appointment: toAppointment(updated), affected_ids: ids };
    });
  }

  async update(scope: StoreScope, appointmentId: string, recurringScope: RecurringScope, fields: AppointmentFields) {
    const date = realDate(fields.date, 'appointment.date');
    return this.change(
      scope,
      appointmentId,
      recurringScope,
      date,
      (row) => ({
        user_id: fields.user_id === undefined ? row.user_id : fields.user_id,
        hour: fields.full_day ? 0 : fields.hour,
        min: fields.full_day ? 0 : fields.min,
        sec: fields.full_day ? 0 : fields.sec,
        duration: fields.duration,
        color: fields.color === undefined ? row.color : fields.color,
        timed: fields.timed,
        full_day: fields.full_day,
        app_name: fields.app_name === undefined ? row.app_name : fields.app_name,
        notes: fields.notes === undefined ? row.notes : fields.notes,
        discount: fields.discount === undefined ? row.discount : centsOf(fields.discount, 'discount'),
        price: fields.price === undefined ? row.price : centsOf(fields.price, 'price'),
      }),
      fields,
    );
  }

  async move(
    scope: StoreScope,
    appointmentId: string,
    recurringScope: RecurringScope,
    to: { date: string; hour: number; min: number; user_id?: string | null | undefined },
  ) {
    const date = realDate(to.date, 'date');
    return this.change(
      scope,
      appointmentId,
      recurringScope,
      date,
      (row) => ({ hour: to.hour, min: to.min, sec: 0, user_id: to.user_id === undefined ? row.user_id : to.user_id }),
      null,
    );
  }

  async resize(scope: StoreScope, appointmentId: string, recurringScope: RecurringScope, duration: number) {
    return this.change(scope, appointmentId, recurringScope, null, () => ({ duration }), null);
  }

  /** R4.11 check-out: not cashed in → checked out, with final price, discount, total and cashed in. */
  async checkOut(scope: StoreScope, input: RpcRequest<typeof checkOutAppointmentRpc>): Promise<Appointment> {
    const finalPrice = centsOf(input.final_price, 'final_price');
    const discount = centsOf(input.discount, 'discount');
    if (discount > finalPrice) throw new RpcError('validation_failed', { fields: { discount: 'The discount is more than the price' } });
    const total = input.total !== undefined ? centsOf(input.total, 'total') : finalPrice - discount;
    return this.single(
      scope,
      input.appointment_id,
      appointmentDoneEvent,
      `final_price = $2, discount = $3, total = $4, cashed_in = $5, checked_out = true`,
      [finalPrice, discount, total, input.cashed_in],
    );
  }

  async notes(scope: StoreScope, appointmentId: string, notes: string | null): Promise<Appointment> {
    return this.single(scope, appointmentId, appointmentNotesEvent, `notes = $2`, [notes]);
  }

  async status(scope: StoreScope, appointmentId: string, status: number): Promise<Appointment> {
    return this.single(scope, appointmentId, appointmentStatusEvent, `status = $2`, [status]);
  }

  /** R4.18 a customer's reply (messaging): status 1 confirmed or 2 declined, with date and time for the clients' notification. */
  async statusByCustomer(orgaId: string, appointmentId: string, status: number): Promise<Appointment> {
    return this.db.transaction(async (m) => {
      const rows = returnedRows<{ id: string }>(
        await m.query(`UPDATE appointment SET status = $3, updated_at = now() WHERE id = $1 AND orga_id = $2 RETURNING id`, [
          appointmentId,
          orgaId,
          status,
        ]),
      );
      if (!rows[0]) throw new RpcError('not_found');
      const [row] = await m.query<AppointmentRow[]>(`SELECT ${APPOINTMENT_COLUMNS} FROM appointment WHERE id = $1`, [appointmentId]);
      if (!row) throw new RpcError('not_found');
      const item = toAppointment(row);
      const meta: OutboxMeta = { orgaId, storeId: row.store_id, actor: null };
      await this.outbox.add(
        m,
        appointmentStatusByCustomerEvent,
        {
          ...this.payloadOf(row, [row.id], await this.petIds(m, [row.id])),
          appointments: await this.snapshots(m, [row.id]),
          status,
          date: item.date,
          hour: item.hour,
          min: item.min,
        },
        meta,
      );
      return item;
    });
  }

  /**
   * spec §4 the WhatsApp reminder status on the card (messaging's event, in the consumer's transaction):
   * an updated event only when it changed, so the calendars of the organization refetch the appointment.
   */
  async reminderStatus(m: EntityManager, orgaId: string, appointmentId: string, reminderStatus: number): Promise<void> {
    const rows = returnedRows<{ id: string }>(
      await m.query(
        `UPDATE appointment SET reminder_status = $3, updated_at = now()
          WHERE id = $1 AND orga_id = $2 AND reminder_status IS DISTINCT FROM $3 RETURNING id`,
        [appointmentId, orgaId, reminderStatus],
      ),
    );
    // deleted since the reminder went out, or already showing this status
    if (!rows[0]) return;
    const [row] = await m.query<AppointmentRow[]>(`SELECT ${APPOINTMENT_COLUMNS} FROM appointment WHERE id = $1`, [appointmentId]);
    if (!row) return;
    await this.publish(m, appointmentUpdatedEvent, row, [row.id], await this.petIds(m, [row.id]), {
      orgaId,
      storeId: row.store_id,
      actor: null,
    });
  }

  /** The first status of new reminders (spec §4), on the appointments that show none yet; one event each that changed. */
  async reminderQueued(
    m: EntityManager,
    orgaId: string,
    reminders: readonly { appointment_id: string; reminder_status: number }[],
  ): Promise<void> {
    const changed = returnedRows<{ id: string }>(
      await m.query(
        `UPDATE appointment a SET reminder_status = x.reminder_status, updated_at = now()
           FROM unnest($2::uuid[], $3::smallint[]) AS x(appointment_id, reminder_status)
          WHERE a.id = x.appointment_id AND a.orga_id = $1 AND a.reminder_status IS NULL
          RETURNING a.id`,
        [orgaId, reminders.map((r) => r.appointment_id), reminders.map((r) => r.reminder_status)],
      ),
    );
    if (changed.length === 0) return;
    const rows = await m.query<AppointmentRow[]>(`SELECT ${APPOINTMENT_COLUMNS} FROM appointment WHERE id = ANY($1::uuid[]) ORDER BY id`, [
      changed.map((row) => row.id),
    ]);
    for (const row of rows) {
      await this.publish(m, appointmentUpdatedEvent, row, [row.id], await this.petIds(m, [row.id]), {
        orgaId,
        storeId: row.store_id,
        actor: null,
      });
    }
  }

  private async single(
    scope: StoreScope,
    appointmentId: string,
    event: EventContract,
    set: string,
    values: unknown[],
  ): Promise<Appointment> {
    return this.db.transaction(async (m) => {
      const found = returnedRows<{ id: string }>(
        await m.query(
          `UPDATE appointment SET ${set}, updated_at = now() WHERE id = $1 AND store_id = $${values.length + 2} AND orga_id = $${values.length + 3} RETURNING id`,
          [appointmentId, ...values, scope.storeId, scope.orgaId],
        ),
      );
      if (!found[0]) throw new RpcError('not_found');
      const row = await this.row(m, scope, appointmentId);
      await this.publish(m, event, row, [row.id], await this.petIds(m, [row.id]), scope.meta);
      return toAppointment(row);
    });
  }

  /** Deletes one, this and the following, or all of a group; a group that loses its main member gets the earliest left. */
  async delete(scope: StoreScope, appointmentId: string, recurringScope: RecurringScope): Promise<{ deleted_ids: string[] }> {
    return this.db.transaction(async (m) => {
      const target = await this.row(m, scope, appointmentId, true);
      const rows = await this.rowsInScope(m, scope, target, recurringScope);
      const ids = rows.map((row) => row.id);
      const petIds = await this.petIds(m, ids);
      await m.query(`DELETE FROM appointment WHERE id = ANY($1::uuid[])`, [ids]);
      if (target.recurring_group_id !== null) {
        if (recurringScope === 'following') {
          const dayBefore = formatLocalDate(addDays(parseLocalDate(target.local_date), -1));
          await m.query(`UPDATE appointment SET recurring_end = $2 WHERE recurring_group_id = $1`, [target.recurring_group_id, dayBefore]);
        }
        await m.query(
          `UPDATE appointment SET recurring_group_main = true WHERE id = (
             SELECT id FROM appointment WHERE recurring_group_id = $1 ORDER BY local_date, id LIMIT 1)
           AND NOT EXISTS (SELECT 1 FROM appointment WHERE recurring_group_id = $1 AND recurring_group_main)`,
          [target.recurring_group_id],
        );
      }
      await this.publish(m, appointmentDeletedEvent, target, ids, petIds, scope.meta);
      return { deleted_ids: ids };
    });
  }

  private async petIds(m: EntityManager, appointmentIds: string[]): Promise<string[]> {
    const rows: { pet_id: string }[] = await m.query(
      `SELECT DISTINCT pet_id FROM appointment_pet WHERE appointment_id = ANY($1::uuid[]) ORDER BY pet_id`,
      [appointmentIds],
    );
    return rows.map((row) => row.pet_id);
  }

  private payloadOf(row: AppointmentRow, ids: string[], petIds: string[]): EventPayloadBase {
    return {
      orga_id: row.orga_id,
      store_id: row.store_id,
      appointment_id: row.id,
      appointment_ids: ids,
      recurring_group_id: row.recurring_group_id,
      recurring_group_main: row.recurring_group_main,
      pet_ids: petIds,
    };
  }

  /**
   * Each appointment of `ids` as it is now, for the services that keep a copy (messaging's reminders;
   * booking's busy times per groomer, from user_id, starts_at and ends_at). The
   * version is clock_timestamp(), read after this transaction changed (and locked) the rows: a later change
   * waits for our commit and so reads a later clock, whatever the transactions' start times (now()).
   */
  private async snapshots(m: EntityManager, ids: string[]): Promise<AppointmentEventSnapshot[]> {
    if (ids.length === 0) return [];
    return m.query<AppointmentEventSnapshot[]>(
      `SELECT a.id, a.local_date::text AS date, a.hour, a.min, to_char(a.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS starts_at,
              a.full_day, a.status, a.user_id,
              to_char(a.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ends_at,
              a.duration, a.price, a.discount, a.final_price, a.total, a.checked_out,
              coalesce((SELECT array_agg(t.treatment_id ORDER BY t.treatment_id) FROM appointment_treatment t WHERE t.appointment_id = a.id), '{}')::text[] AS treatment_ids,
              coalesce((SELECT array_agg(p.pet_id ORDER BY p.pet_id) FROM appointment_pet p WHERE p.appointment_id = a.id), '{}')::text[] AS pet_ids,
              to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS version
         FROM appointment a WHERE a.id = ANY($1::uuid[]) ORDER BY a.local_date, a.id`,
      [ids],
    );
  }

  /** R4.17 one event per change, through the outbox in the same transaction. */
  private async publish(
    m: EntityManager,
    event: EventContract,
    row: AppointmentRow,
    ids: string[],
    petIds: string[],
    meta: OutboxMeta,
  ): Promise<void> {
    const gone = event === appointmentDeletedEvent;
    await this.outbox.add(
      m,
      event,
      { ...this.payloadOf(row, ids, petIds), ...(gone ? {} : { appointments: await this.snapshots(m, ids) }) },
      meta,
    );
  }
}
