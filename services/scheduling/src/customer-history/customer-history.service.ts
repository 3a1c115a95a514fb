import { Injectable } from '@nestjs/common';
import {
  APPOINTMENT_STATUS,
  NO_SHOW_STATUS,
  type AppointmentList,
  type CustomerAppointmentSummary,
  type CustomerHistoryWhen,
} from '@pawline/contracts';
import { PAGE_SIZES, RISK_RECENT_DAYS, type CustomerAttendance } from '@pawline/domain';
import { planHistoryStart, type StoreScope } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { APPOINTMENT_COLUMNS, toAppointment, type AppointmentRow } from '../appointment/appointment-rows';
import { customerSummaryOf, type SummaryRow } from './customer-summary';

type AttendanceRow = Record<
  'no_shows' | 'no_shows_recent' | 'late' | 'late_recent' | 'declines' | 'declines_recent' | 'kept' | 'kept_recent' | 'kept_since',
  number
>;

export type CustomerHistoryPage = { when: CustomerHistoryWhen; last_date: string | null; last_id: string | null };

/**
 * Issue 29 a customer's appointments in a store, found by the customer's pets (crm's ids, which the gateway
 * reads: ADR 0052). Past ones reach back the plan's history only (R1.20), like a pet's history.
 */
@Injectable()
export class CustomerHistoryService {
  constructor(private readonly db: DataSource) {}

  /** R9.05 50 a page: past newest first, upcoming soonest first, each after the cursor (start and id). */
  async list(scope: StoreScope, petIds: readonly string[], page: CustomerHistoryPage, now = new Date()): Promise<AppointmentList> {
    if (petIds.length === 0) return { items: [], treatments: [], pets: [] };
    const past = page.when === 'past';
    const [after, order] = past ? ['<', 'DESC'] : ['>', 'ASC'];
    const params: unknown[] = [petIds, scope.storeId, scope.orgaId, now.toISOString(), PAGE_SIZES.pet_appointments];
    const where = [`p.pet_id = ANY($1::uuid[])`, `a.store_id = $2`, `a.orga_id = $3`, past ? `p.starts_at < $4` : `p.starts_at >= $4`];
    // R1.20 without full history the past reaches back the plan's window only
    const windowStart = past ? planHistoryStart(scope.member, now) : null;
    if (windowStart) {
      params.push(windowStart.toISOString());
      where.push(`p.starts_at >= $${params.length}`);
    }
    if (page.last_date) {
      params.push(page.last_date, page.last_id);
      const [date, id] = [`$${params.length - 1}::timestamptz`, `$${params.length}::uuid`];
      where.push(`(p.starts_at ${after} ${date} OR (p.starts_at = ${date} AND ${id} IS NOT NULL AND p.appointment_id ${after} ${id}))`);
    }
    const rows: AppointmentRow[] = await this.db.query(
      `WITH page AS (
         SELECT DISTINCT p.appointment_id, p.starts_at FROM appointment_pet p JOIN appointment a ON a.id = p.appointment_id
         WHERE ${where.join(' AND ')}
         ORDER BY p.starts_at ${order}, p.appointment_id ${order} LIMIT $5)
       SELECT ${APPOINTMENT_COLUMNS} FROM appointment WHERE id IN (SELECT appointment_id FROM page) ORDER BY starts_at ${order}, id ${order}`,
      params,
    );
    return this.withRelations(rows);
  }

  /** What the customer's appointments in this store tell at a glance (customerSummaryOf). */
  async summary(scope: StoreScope, petIds: readonly string[], now = new Date()): Promise<CustomerAppointmentSummary> {
    const historyFrom = planHistoryStart(scope.member, now);
    const rows: SummaryRow[] =
      petIds.length === 0
        ? []
        : await this.db.query(
            `SELECT a.id, a.local_date::text AS local_date, a.starts_at, a.status, a.checked_out, a.price, a.discount, a.final_price, a.total
             FROM appointment a
             WHERE a.store_id = $2 AND a.orga_id = $3 AND ($4::timestamptz IS NULL OR a.starts_at >= $4)
               AND a.id IN (SELECT p.appointment_id FROM appointment_pet p WHERE p.pet_id = ANY($1::uuid[]))`,
            [petIds, scope.storeId, scope.orgaId, historyFrom?.toISOString() ?? null],
          );
    return customerSummaryOf(rows, { now, noShowStatus: NO_SHOW_STATUS, historyFrom });
  }

  /**
   * Issue 30 what the no-show risk rule reads, in one statement over the pets' index (ADR 0060): the customer's
   * appointments in the organization (a miss at another of its stores counts too), not limited by the plan's
   * history window, which limits what staff browse, not what the rule weighs.
   */
  async attendance(orgaId: string, petIds: readonly string[], windowHours: number, now = new Date()): Promise<CustomerAttendance> {
    const [row] =
      petIds.length === 0
        ? []
        : await this.db.query<AttendanceRow[]>(
            `WITH marked AS (
               SELECT a.starts_at,
                 a.status = $4 AS no_show,
                 a.status = $5 AND a.declined_at > a.starts_at - make_interval(hours => $6) AS late,
                 a.status = $5 AND (a.declined_at IS NULL OR a.declined_at <= a.starts_at - make_interval(hours => $6)) AS declined,
                 a.status NOT IN ($4, $5) AND a.starts_at < $3 AS kept,
                 a.starts_at >= $3::timestamptz - make_interval(days => $7) AS recent
               FROM appointment a
               WHERE a.orga_id = $2 AND a.id IN (SELECT p.appointment_id FROM appointment_pet p WHERE p.pet_id = ANY($1::uuid[]))),
             last_miss AS (SELECT max(starts_at) AS at FROM marked WHERE no_show OR late)
             SELECT
               count(*) FILTER (WHERE no_show)::int AS no_shows, count(*) FILTER (WHERE no_show AND recent)::int AS no_shows_recent,
               count(*) FILTER (WHERE late)::int AS late, count(*) FILTER (WHERE late AND recent)::int AS late_recent,
               count(*) FILTER (WHERE declined)::int AS declines, count(*) FILTER (WHERE declined AND recent)::int AS declines_recent,
               count(*) FILTER (WHERE kept)::int AS kept, count(*) FILTER (WHERE kept AND recent)::int AS kept_recent,
               count(*) FILTER (WHERE kept AND (l.at IS NULL OR m.starts_at > l.at))::int AS kept_since
             FROM marked m CROSS JOIN last_miss l`,
            [
              petIds,
              orgaId,
              now.toISOString(),
              APPOINTMENT_STATUS.no_show,
              APPOINTMENT_STATUS.declined_by_customer,
              windowHours,
              RISK_RECENT_DAYS,
            ],
          );
    const pair = (total = 0, recent = 0) => ({ total, recent });
    return {
      no_shows: pair(row?.no_shows, row?.no_shows_recent),
      late_cancellations: pair(row?.late, row?.late_recent),
      declines: pair(row?.declines, row?.declines_recent),
      kept: pair(row?.kept, row?.kept_recent),
      kept_since_last_miss: row?.kept_since ?? 0,
    };
  }

  private async withRelations(rows: AppointmentRow[]): Promise<AppointmentList> {
    if (rows.length === 0) return { items: [], treatments: [], pets: [] };
    const ids = rows.map((row) => row.id);
    const [treatments, pets] = await Promise.all([
      this.db.query<AppointmentList['treatments']>(
        `SELECT appointment_id, treatment_id, name FROM appointment_treatment WHERE appointment_id = ANY($1::uuid[]) ORDER BY appointment_id, name`,
        [ids],
      ),
      this.db.query<AppointmentList['pets']>(
        `SELECT appointment_id, pet_id FROM appointment_pet WHERE appointment_id = ANY($1::uuid[]) ORDER BY appointment_id, pet_id`,
        [ids],
      ),
    ]);
    return { items: rows.map(toAppointment), treatments, pets };
  }
}
