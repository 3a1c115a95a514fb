import { Injectable } from '@nestjs/common';
import { availableSlots, TIME_FREEING_STATUSES, type AvailabilityRule, type AvailableDay, type BusyInterval } from '@pawline/domain';
import { DataSource, type EntityManager } from 'typeorm';
import type { BookingStoreRow } from '../setup/booking-setup.service';

type RuleRow = {
  user_id: string | null;
  kind: 'open' | 'closed';
  weekday: number | null;
  start_date: string | null;
  end_date: string | null;
  start_s: number;
  end_s: number;
};
type BusyRow = { user_id: string | null; starts_at: Date; ends_at: Date; pet_ids: string[] | null; here: boolean };

const DAY_MS = 24 * 60 * 60 * 1000;
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export type FreeSlotsQuery = {
  from: string;
  days: number;
  duration: number;
  /** the groomer the customer chose, or null for any bookable one */
  chosen: string | null;
  /** the customer's pets the salon knows (after the phone check) */
  petIds: readonly string[];
  now: number;
};

/**
 * The free slots of a store by the capacity rule (libs/domain availableSlots, docs/adr/0044), over what booking
 * keeps: the store's rules, its bookable groomers (the pool), their busy time in every store of the organization
 * and their pending holds, the store's unassigned appointments, and the appointments of the customer's pets.
 * A hold reads them again in its transaction, under the store's lock, so the time it takes is free right then.
 */
@Injectable()
export class FreeSlots {
  constructor(private readonly db: DataSource) {}

  async days(store: BookingStoreRow, query: FreeSlotsQuery, manager: EntityManager | DataSource = this.db): Promise<AvailableDay[]> {
    const rules = await manager.query<RuleRow[]>(
      `SELECT user_id, kind, weekday, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date,
              start_hour * 3600 + start_min * 60 + start_sec AS start_s, end_hour * 3600 + end_min * 60 + end_sec AS end_s
         FROM booking_rule WHERE orga_id = $1 AND store_id = $2`,
      [store.orga_id, store.store_id],
    );
    const bookable = await manager.query<{ user_id: string }[]>(
      `SELECT user_id FROM booking_staff WHERE orga_id = $1 AND active AND user_id = ANY($2::uuid[])`,
      [store.orga_id, [...new Set(rules.filter((r) => r.kind === 'open' && r.user_id).map((r) => r.user_id as string))]],
    );
    const pool = bookable.map((row) => row.user_id);
    const staffIds = pool.filter((id) => query.chosen === null || id === query.chosen);
    const windowStart = new Date(Date.parse(`${query.from}T00:00:00Z`) - 2 * DAY_MS);
    const windowEnd = new Date(Date.parse(`${plusDays(query.from, query.days)}T00:00:00Z`) + 2 * DAY_MS);
    // the store's appointments (the pool's and the unassigned ones), the pool's elsewhere, the pets' anywhere, and holds
    const rows = await manager.query<BusyRow[]>(
      `SELECT user_id, lower(during) AS starts_at, upper(during) AS ends_at, pet_ids, store_id = $1 AS here FROM booking_busy
        WHERE orga_id = $5 AND NOT deleted AND status <> ALL($7::int[]) AND during && tstzrange($3, $4)
          AND ((store_id = $1 AND user_id IS NULL) OR user_id = ANY($2::uuid[]) OR pet_ids && $6::uuid[])
       UNION ALL
       SELECT user_id, lower(during), lower(during) + duration * interval '1 minute', NULL, true FROM booking_slot
        WHERE store_id = $1 AND user_id = ANY($2::uuid[]) AND (status = 'pending' OR (status = 'accepted' AND NOT released))
          AND during && tstzrange($3, $4)`,
      [store.store_id, pool, windowStart, windowEnd, store.orga_id, [...query.petIds], TIME_FREEING_STATUSES],
    );
    const busy: BusyInterval[] = rows.map((row) => ({
      userId: row.user_id,
      startsAt: new Date(row.starts_at).getTime(),
      endsAt: new Date(row.ends_at).getTime(),
      petIds: row.pet_ids ?? [],
      ...(row.here ? {} : { elsewhere: true }),
    }));
    return availableSlots({
      timeZone: store.time_zone,
      from: query.from,
      days: query.days,
      durationMinutes: query.duration,
      staffIds,
      poolStaffIds: pool,
      petIds: query.petIds,
      rules: rules.map((r): AvailabilityRule => ({
        userId: r.user_id,
        kind: r.kind,
        weekday: r.weekday,
        startDate: r.start_date,
        endDate: r.end_date,
        start: Number(r.start_s),
        end: Number(r.end_s),
      })),
      busy,
      now: query.now,
      minNoticeMinutes: store.min_notice_minutes,
      horizonDays: store.horizon_days,
      bufferMinutes: store.buffer_minutes,
      stepMinutes: store.slot_step_minutes,
    });
  }

  /** Whether the groomer is free for the job at exactly this start now, by the same rule that offered it. */
  async offers(
    manager: EntityManager,
    store: BookingStoreRow,
    query: Omit<FreeSlotsQuery, 'days' | 'chosen'> & { userId: string; startsAt: number },
  ): Promise<boolean> {
    const days = await this.days(store, { ...query, days: 1, chosen: query.userId }, manager);
    return days.some((day) => day.slots.some((slot) => slot.startsAt === query.startsAt && slot.userIds.includes(query.userId)));
  }
}
