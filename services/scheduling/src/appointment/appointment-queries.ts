import { Injectable } from '@nestjs/common';
import { weekAnswerText, type Appointment, type AppointmentList, type AppointmentWeek } from '@pawline/contracts';
import { daysBetween, formatLocalDate, isRealDate, localDateOf, PAGE_SIZES } from '@pawline/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { RawJson, RpcError, planHistoryStart, type StoreScope } from '@pawline/nest-kit';
import { APPOINTMENT_COLUMNS, APPOINTMENT_JSON_COLUMNS, toAppointment, type AppointmentRow } from './appointment-rows';
import { WeekCache } from '../week-cache/week-cache';
import { RANGE_DAY_VERSIONS, rangeVersion } from '../week-cache/range-version';

export type SixDateParts = { y: number; m: number; d: number; y2: number; m2: number; d2: number };

/** A range longer than this is refused (the calendar asks for at most a year view plus padding). */
export const MAX_RANGE_DAYS = 400;

const EMPTY_LIST = '{"items":[],"treatments":[],"pets":[]}';

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

/** R7.05 the read side of appointments: the week range (with its cache), groups, a pet's history, one appointment. */
@Injectable()
export class AppointmentQueries {
  private readonly weeks = new WeekCache<RawJson<AppointmentWeek>>();

  constructor(private readonly db: DataSource) {}

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
   * `version` is SQL for the day versions the answer covers (RANGE_DAY_VERSIONS), read in the same
   * statement (same snapshot) as the answer, so an answer kept under it is never newer or older than it.
   * Treatments and pets are looked up by primary key with `= ANY (ARRAY(SELECT id FROM a))`: with
   * `IN (SELECT id FROM a)` or a LATERAL join Postgres misjudged the CTE and hash-joined every
   * appointment_pet row (5 to 15 ms of a week; this way the whole statement takes about 2.2 ms).
   */
  private async listWhere(
    where: string,
    params: unknown[],
    version = `''`,
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
    return { count: result?.count ?? 0, version: rangeVersion(result?.version ?? ''), list: new RawJson(result?.body ?? EMPTY_LIST) };
  }

  /** The version of the store's days from one date to another now (see WeekCache). */
  private async rangeVersion(storeId: string, from: string, to: string): Promise<string> {
    const [row] = await this.db.query<{ version: string }[]>(`SELECT ${RANGE_DAY_VERSIONS('$1', '$2::date', '$3::date')} AS version`, [
      storeId,
      from,
      to,
    ]);
    return rangeVersion(row?.version ?? '');
  }

  /** The days a range read covers: R1.20 without full history the calendar shows past days of the plan's window only. */
  private shownDays(scope: StoreScope, parts: SixDateParts): { from: string; to: string } {
    const asked = rangeOf(parts);
    const windowStart = planHistoryStart(scope.member);
    const earliest = windowStart ? localDateOf(windowStart, scope.timeZone) : null;
    return { from: earliest && earliest > asked.from ? earliest : asked.from, to: asked.to };
  }

  /** Issue 34: the version `range` would answer with now (the gateway's check of a week it keeps). */
  async rangeVersionNow(scope: StoreScope, parts: SixDateParts): Promise<string> {
    const { from, to } = this.shownDays(scope, parts);
    return from > to ? rangeVersion('') : this.rangeVersion(scope.storeId, from, to);
  }

  /** R7.05 the store's appointments of the local days from the first to the second date, both included. */
  async range(scope: StoreScope, parts: SixDateParts): Promise<RawJson<AppointmentWeek>> {
    const { from, to } = this.shownDays(scope, parts);
    if (from > to) return new RawJson(weekAnswerText(rangeVersion(''), EMPTY_LIST));
    // the calendar asks for the same weeks all day: a kept answer serves while none of its days changed
    const key = `${scope.orgaId}|${scope.storeId}|${from}|${to}`;
    if (this.weeks.has(key)) {
      const kept = this.weeks.get(key, await this.rangeVersion(scope.storeId, from, to));
      if (kept) return kept;
    }
    const read = await this.listWhere(
      `store_id = $1 AND orga_id = $2 AND local_date BETWEEN $3 AND $4`,
      [scope.storeId, scope.orgaId, from, to],
      RANGE_DAY_VERSIONS('$1', '$3::date', '$4::date'),
    );
    // issue 34: the version goes with the answer, the week's ETag at the gateway
    const week = new RawJson<AppointmentWeek>(weekAnswerText(read.version, read.list.text));
    this.weeks.set(key, read.version, week, week.text.length);
    return week;
  }

  /** R7.05 the members of a recurring group within a range. */
  async recurringGroup(scope: StoreScope, groupId: string, parts: SixDateParts): Promise<RawJson<AppointmentList>> {
    const { from, to } = rangeOf(parts);
    const where = `recurring_group_id = $1 AND store_id = $2 AND orga_id = $3 AND local_date BETWEEN $4 AND $5`;
    return (await this.listWhere(where, [groupId, scope.storeId, scope.orgaId, from, to])).list;
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
}
