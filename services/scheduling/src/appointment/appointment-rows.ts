import type { Appointment, RecurrenceUnit } from '@pawline/contracts';
import { parseMoney } from '@pawline/domain';
import { RpcError } from '@pawline/nest-kit';
import { addDays, formatLocalDate, localToInstant, parseLocalDate, type LocalDate } from '@pawline/domain';

/** An appointment row as SELECT_APPOINTMENT reads it (local_date as text). */
export type AppointmentRow = {
  id: string;
  orga_id: string;
  store_id: string;
  user_id: string | null;
  local_date: string;
  hour: number;
  min: number;
  sec: number;
  time_zone: string;
  /** Date from a row, ISO text from json_agg */
  starts_at: Date | string;
  ends_at: Date | string;
  duration: number;
  color: string | null;
  timed: boolean;
  full_day: boolean;
  app_name: string | null;
  notes: string | null;
  status: number;
  discount: number;
  /** numeric: text from a row, a number from json */
  discount_percent: string | number | null;
  price: number;
  final_price: number | null;
  total: number | null;
  checked_out: boolean;
  cashed_in: boolean;
  recurring_unit: string | null;
  recurring_every: number | null;
  recurring_count: number | null;
  recurring_end: string | null;
  recurring_group_id: string | null;
  recurring_group_main: boolean;
  reminder_status: number | null;
  updated_at: Date | string;
};

export const APPOINTMENT_COLUMNS = `id, orga_id, store_id, user_id, local_date::text AS local_date, hour, min, sec, time_zone, starts_at, ends_at,
  duration, color, timed, full_day, app_name, notes, status, discount, discount_percent, price, final_price, total, checked_out, cashed_in,
  recurring_unit, recurring_every, recurring_count, recurring_end::text AS recurring_end, recurring_group_id, recurring_group_main,
  reminder_status, updated_at`;

/** An instant as JSON writes it from JavaScript (Date.prototype.toISOString: UTC, milliseconds, Z). */
const isoInstant = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * An appointment row as the fields of the Appointment schema, for Postgres to write the JSON of the
 * read paths itself (row_to_json over these columns). It must give exactly what toAppointment gives
 * for the same row: a test of appointment.integration-spec.ts ("the JSON Postgres writes…") holds the two
 * equal over varied rows.
 */
export const APPOINTMENT_JSON_COLUMNS = `id, orga_id, store_id, user_id, to_char(local_date, 'YYYY-MM-DD') AS date,
  extract(year FROM local_date)::int AS year, extract(month FROM local_date)::int AS month, extract(day FROM local_date)::int AS day,
  hour, min, sec, time_zone, ${isoInstant('starts_at')} AS starts_at, ${isoInstant('ends_at')} AS ends_at,
  duration, color, timed, full_day, app_name, notes, status, discount, discount_percent::float8 AS discount_percent, price, final_price, total,
  checked_out, cashed_in,
  CASE WHEN recurring_unit IS NOT NULL AND recurring_every IS NOT NULL
       THEN json_build_object('unit', recurring_unit, 'every', recurring_every, 'count', recurring_count) END AS recurring_data,
  to_char(recurring_end, 'YYYY-MM-DD') AS recurring_end, recurring_group_id, recurring_group_main, reminder_status,
  ${isoInstant('updated_at')} AS updated_at`;

/**
 * Money from a client: integer cents, or amount text read strictly (R5.16). The contract already
 * refused anything else; a caller that skipped it gets validation_failed, never a guessed amount.
 */
export function centsOf(value: number | string, field: string): number {
  const cents = typeof value === 'number' ? value : parseMoney(value);
  if (cents === null) throw new RpcError('validation_failed', { fields: { [field]: 'Invalid amount' } });
  return cents;
}

/**
 * The instants of a booked local time. A full-day appointment spans the store's whole local day
 * (23 or 25 hours on daylight-saving days); a timed one lasts its duration.
 */
export function instantsOf(
  date: LocalDate,
  time: { hour: number; min: number; sec: number },
  duration: number,
  fullDay: boolean,
  timeZone: string,
): { startsAt: Date; endsAt: Date } {
  if (fullDay) {
    const start = localToInstant({ ...date, hour: 0, min: 0, sec: 0 }, timeZone);
    const next = addDays(date, 1);
    return { startsAt: new Date(start), endsAt: new Date(localToInstant({ ...next, hour: 0, min: 0, sec: 0 }, timeZone)) };
  }
  const start = localToInstant({ ...date, ...time }, timeZone);
  return { startsAt: new Date(start), endsAt: new Date(start + duration * 60_000) };
}

export function toAppointment(row: AppointmentRow): Appointment {
  const date = parseLocalDate(row.local_date);
  return {
    id: row.id,
    orga_id: row.orga_id,
    store_id: row.store_id,
    user_id: row.user_id,
    date: formatLocalDate(date),
    year: date.year,
    month: date.month,
    day: date.day,
    hour: row.hour,
    min: row.min,
    sec: row.sec,
    time_zone: row.time_zone,
    starts_at: new Date(row.starts_at).toISOString(),
    ends_at: new Date(row.ends_at).toISOString(),
    duration: row.duration,
    color: row.color,
    timed: row.timed,
    full_day: row.full_day,
    app_name: row.app_name,
    notes: row.notes,
    status: row.status,
    discount: row.discount,
    discount_percent: row.discount_percent === null ? null : Number(row.discount_percent),
    price: row.price,
    final_price: row.final_price,
    total: row.total,
    checked_out: row.checked_out,
    cashed_in: row.cashed_in,
    recurring_data:
      row.recurring_unit && row.recurring_every !== null
        ? { unit: row.recurring_unit as RecurrenceUnit, every: row.recurring_every, count: row.recurring_count }
        : null,
    recurring_end: row.recurring_end,
    recurring_group_id: row.recurring_group_id,
    recurring_group_main: row.recurring_group_main,
    reminder_status: row.reminder_status,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** TypeORM answers UPDATE … RETURNING on Postgres with [rows, affected count]; INSERT and SELECT with rows. */
export function returnedRows<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}
