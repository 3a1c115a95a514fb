import type { EntityManager, DataSource } from 'typeorm';
import { addDays, formatLocalDate, parseLocalDate } from '@pawline/domain';
import { birthdayMonthDays, lastVisitWindow, type DueRun } from './due-time';

/** One reminder the directory says is due, before composition and quota. */
export type Candidate = {
  orga_id: string;
  store_id: string;
  template_type: 0 | 1 | 2 | 4;
  customer_id: string;
  appointment_id: string | null;
  pet_id: string | null;
  phone: string;
  dedupe_key: string;
  /** the store's local day of the run that found it */
  run_date: string;
};

/**
 * Who may get a reminder (spec §3 consents): a customer not deleted, with a WhatsApp number, who consented to
 * messages (being written to on WhatsApp at all) and to reminders. See docs/adr/0017.
 */
const REACHABLE = `NOT c.deleted AND c.phone IS NOT NULL AND c.consent_messages AND c.consent_reminders`;
/** not written yet: a re-run, a second leader or a crash before the run's end finds the key taken */
const NOT_WRITTEN = `NOT EXISTS (SELECT 1 FROM outbound_message o WHERE o.dedupe_key = cand.dedupe_key)`;

type Db = DataSource | EntityManager;

/**
 * Types 0 and 4: appointments on the run day + offset, not declined (status 2) or deleted, and not begun (a
 * missed day caught up the next morning reminds only what is still ahead); one reminder per appointment, to the
 * owner of its first pet (by id) who can be reached. The key names the appointment's day: an appointment moved
 * to another day is due again there, and nothing goes out for the day it left.
 */
async function appointmentReminders(db: Db, type: 0 | 4, runs: DueRun[], now: Date): Promise<Candidate[]> {
  return db.query<Candidate[]>(
    `SELECT * FROM (
       SELECT DISTINCT ON (a.appointment_id) a.orga_id, a.store_id, $4::smallint AS template_type, c.customer_id, a.appointment_id,
              NULL::uuid AS pet_id, c.phone, r.run_date::text AS run_date,
              'reminder:' || $4 || ':' || a.appointment_id || ':' || a.local_date::text AS dedupe_key, a.starts_at
         FROM unnest($1::uuid[], $2::date[], $3::date[]) AS r(store_id, run_date, target_date)
         JOIN dir_appointment a ON a.store_id = r.store_id AND a.local_date = r.target_date AND NOT a.deleted AND a.status <> 2
                               AND (a.starts_at IS NULL OR a.starts_at > $5)
         JOIN dir_appointment_pet ap ON ap.appointment_id = a.appointment_id
         JOIN dir_pet p ON p.pet_id = ap.pet_id AND NOT p.deleted
         JOIN dir_customer c ON c.customer_id = p.customer_id AND ${REACHABLE}
        ORDER BY a.appointment_id, p.pet_id) cand
      WHERE ${NOT_WRITTEN}
      ORDER BY cand.starts_at, cand.appointment_id`,
    [
      runs.map((run) => run.storeId),
      runs.map((run) => run.localDate),
      runs.map((run) => formatLocalDate(addDays(parseLocalDate(run.localDate), run.offset))),
      type,
      now.toISOString(),
    ],
  );
}

/** Type 1: the store's pets whose birthday is the run day (not born that very day), to their reachable owners. */
async function birthdayReminders(db: Db, runs: DueRun[]): Promise<Candidate[]> {
  const rows = runs.flatMap((run) => birthdayMonthDays(parseLocalDate(run.localDate)).map((monthDay) => ({ run, monthDay })));
  return db.query<Candidate[]>(
    `SELECT * FROM (
       SELECT p.orga_id, p.store_id, 1::smallint AS template_type, c.customer_id, NULL::uuid AS appointment_id, p.pet_id, c.phone,
              r.run_date::text AS run_date, 'reminder:1:' || p.pet_id || ':' || r.run_date::text AS dedupe_key
         FROM unnest($1::uuid[], $2::date[], $3::smallint[]) AS r(store_id, run_date, month_day)
         JOIN dir_pet p ON p.store_id = r.store_id AND p.born_month_day = r.month_day AND NOT p.deleted AND p.born < r.run_date
         JOIN dir_customer c ON c.customer_id = p.customer_id AND ${REACHABLE}) cand
      WHERE ${NOT_WRITTEN}
      ORDER BY cand.customer_id, cand.pet_id`,
    [rows.map((row) => row.run.storeId), rows.map((row) => row.run.localDate), rows.map((row) => row.monthDay)],
  );
}

/**
 * Type 2 (R9.03 quarterly, yearly): customers whose last appointment (not declined or deleted, in any store of
 * the organization) was `offset` months before the run day in this store, with none after it. One per customer
 * and last appointment; the pet is the one of that appointment.
 */
async function bookingReminders(db: Db, allRuns: DueRun[]): Promise<Candidate[]> {
  const withWindows = allRuns.flatMap((run) => {
    const window = lastVisitWindow(parseLocalDate(run.localDate), run.offset);
    return window ? [{ run, window }] : [];
  });
  if (withWindows.length === 0) return [];
  const runs = withWindows.map((item) => item.run);
  const windows = withWindows.map((item) => item.window);
  return db.query<Candidate[]>(
    `SELECT * FROM (
       SELECT DISTINCT ON (c.customer_id) a.orga_id, a.store_id, 2::smallint AS template_type, c.customer_id, NULL::uuid AS appointment_id,
              p.pet_id, c.phone, r.run_date::text AS run_date, 'reminder:2:' || c.customer_id || ':' || a.local_date::text AS dedupe_key
         FROM unnest($1::uuid[], $2::date[], $3::date[], $4::date[]) AS r(store_id, run_date, since_from, since_to)
         JOIN dir_appointment a ON a.store_id = r.store_id AND a.local_date BETWEEN r.since_from AND r.since_to AND NOT a.deleted AND a.status <> 2
         JOIN dir_appointment_pet ap ON ap.appointment_id = a.appointment_id
         JOIN dir_pet p ON p.pet_id = ap.pet_id AND NOT p.deleted
         JOIN dir_customer c ON c.customer_id = p.customer_id AND ${REACHABLE}
        WHERE NOT EXISTS (
          SELECT 1 FROM dir_pet p2
            JOIN dir_appointment_pet ap2 ON ap2.pet_id = p2.pet_id
            JOIN dir_appointment a2 ON a2.appointment_id = ap2.appointment_id AND NOT a2.deleted AND a2.status <> 2
           WHERE p2.customer_id = c.customer_id AND (a2.local_date > a.local_date OR (a2.local_date = a.local_date AND a2.store_id <> a.store_id AND a2.store_id < a.store_id)))
        ORDER BY c.customer_id, a.local_date DESC, p.pet_id) cand
      WHERE ${NOT_WRITTEN}
      ORDER BY cand.customer_id`,
    [
      runs.map((run) => run.storeId),
      runs.map((run) => run.localDate),
      windows.map((w) => formatLocalDate(w.from)),
      windows.map((w) => formatLocalDate(w.to)),
    ],
  );
}

/** The candidates of runs of one type (set-based: one statement for every store whose slot has come). */
export async function candidatesOf(db: Db, type: 0 | 1 | 2 | 4, runs: DueRun[], now: Date): Promise<Candidate[]> {
  if (runs.length === 0) return [];
  if (type === 1) return birthdayReminders(db, runs);
  if (type === 2) return bookingReminders(db, runs);
  return appointmentReminders(db, type, runs, now);
}
