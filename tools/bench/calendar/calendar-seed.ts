import { randomUUID } from 'node:crypto';
import { addDays, formatLocalDate, localToInstant, type LocalDate } from '@pawline/domain';
import type { TestEnv } from '@pawline/nest-kit/testing';
import type { Salon } from '../../../services/scheduling/test/integration/scheduling-test-helpers';

// One salon's calendar as the calendar and noon-peak benches seed it, straight into scheduling's tables.

/** A fixed-seed generator so two runs seed the same calendar. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** `count` appointments over `days` days from `firstDay`, a fixed seed so two runs seed the same calendar. */
export async function seedCalendar(
  env: TestEnv,
  salon: Salon,
  count: number,
  days: number,
  firstDay: LocalDate,
  timeZone: string,
): Promise<void> {
  const random = rng(7);
  const staff = [salon.userId, randomUUID(), randomUUID(), null];
  const pets = Array.from({ length: 3000 }, () => randomUUID());
  for (let start = 0; start < count; start += 2000) {
    const cols: unknown[][] = Array.from({ length: 9 }, () => []);
    const petRows: unknown[][] = [[], [], []];
    for (let i = start; i < Math.min(count, start + 2000); i += 1) {
      const date = addDays(firstDay, Math.floor(random() * days));
      const hour = 8 + Math.floor(random() * 11);
      const min = [0, 15, 30, 45][Math.floor(random() * 4)] ?? 0;
      const duration = [30, 45, 60, 90][Math.floor(random() * 4)] ?? 60;
      const startsAt = new Date(localToInstant({ ...date, hour, min, sec: 0 }, timeZone));
      const id = randomUUID();
      [
        id,
        staff[i % staff.length],
        formatLocalDate(date),
        hour,
        min,
        startsAt,
        new Date(startsAt.getTime() + duration * 60_000),
        duration,
        `Appointment ${i}`,
      ].forEach((v, k) => cols[k]?.push(v));
      petRows[0]?.push(id);
      petRows[1]?.push(pets[Math.floor(random() * pets.length)]);
      petRows[2]?.push(startsAt);
    }
    await env.query(
      `INSERT INTO scheduling.appointment (id, orga_id, store_id, user_id, local_date, hour, min, sec, time_zone, starts_at, ends_at, duration, app_name, price)
       SELECT a.id, $1, $2, a.user_id, a.local_date, a.hour, a.min, 0, $3, a.starts_at, a.ends_at, a.duration, a.app_name, 4500
         FROM unnest($4::uuid[], $5::uuid[], $6::date[], $7::smallint[], $8::smallint[], $9::timestamptz[], $10::timestamptz[], $11::int[], $12::text[])
           AS a(id, user_id, local_date, hour, min, starts_at, ends_at, duration, app_name)`,
      [salon.orgaId, salon.storeId, timeZone, ...cols],
    );
    await env.query(
      `INSERT INTO scheduling.appointment_pet (appointment_id, pet_id, starts_at) SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[])`,
      petRows,
    );
  }
  await env.query(`ANALYZE scheduling.appointment; ANALYZE scheduling.appointment_pet`);
}

/** The p-th percentile of sorted figures. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}
