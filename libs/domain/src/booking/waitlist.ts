import { instantToLocal } from '../time/local-time';

// Issue 30, the waitlist that fills itself (ADR 0063): when an appointment's time frees up, which customers of the
// store's waitlist are offered it, and in which order. Pure: the service reads the entries and the freed time, asks
// the capacity rule (ADR 0044) whether each candidate's job fits, and sends the first few offers.

/** A span of time an appointment held and no longer does: its groomer (null: a place of the store's pool). */
export type FreedTime = { startsAt: number; endsAt: number; userId: string | null };

/** What an appointment held before and after a change (null: deleted, or a status that holds no time). */
export type HeldTime = { startsAt: number; endsAt: number; userId: string | null } | null;

/**
 * The time a change gave back: all of it when the appointment was deleted, declined, missed or given to another
 * groomer; the part it no longer covers when it was shortened or moved. Pieces shorter than `minMinutes` are no
 * use to anyone and are left out.
 */
export function freedTimeOf(before: HeldTime, after: HeldTime, minMinutes = 15): FreedTime[] {
  if (!before || before.endsAt <= before.startsAt) return [];
  const pieces: FreedTime[] =
    !after || after.userId !== before.userId
      ? [{ ...before }]
      : [
          { startsAt: before.startsAt, endsAt: Math.min(before.endsAt, after.startsAt), userId: before.userId },
          { startsAt: Math.max(before.startsAt, after.endsAt), endsAt: before.endsAt, userId: before.userId },
        ];
  return pieces.filter((piece) => piece.endsAt - piece.startsAt >= minMinutes * 60_000);
}

/** Local weekday 0 (Sunday) … 6 and minutes after midnight, the way a customer says "Tuesday mornings". */
export type WaitlistPreference = {
  /** weekdays the customer prefers (empty: any day) */
  weekdays: readonly number[];
  /** the earliest and latest local start they prefer, in minutes after midnight (null: any time) */
  fromMinute: number | null;
  toMinute: number | null;
};

export type WaitlistCandidate = WaitlistPreference & {
  id: string;
  /** the groomer asked for (null: any) */
  userId: string | null;
  /** the minutes the job takes (R3.09 service-time matrix, as online booking computes it) */
  duration: number;
  /** the last local day they want a time on, YYYY-MM-DD */
  until: string;
  /** when they joined (epoch ms): who waited longer comes first among equals */
  joinedAt: number;
};

export type RankedCandidate = {
  id: string;
  startsAt: number;
  endsAt: number;
  /** 2 day and time as preferred, 1 one of them, 0 neither (still inside what they accept) */
  preference: 0 | 1 | 2;
};

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The candidates whose job fits the freed time, best first. A candidate fits when the job starting at the freed
 * time's start ends inside it, the groomer they asked for is the one freed (an unassigned freed place suits only
 * "any groomer"), the day is not after their `until` and the time has not started. Order: how well the day and
 * the time match what they asked for, then who has waited longest, then the id (a stable order for equal ones).
 * The caller still asks the capacity rule for each before offering: this rule knows nothing of other bookings.
 */
export function rankWaitlist(freed: FreedTime, candidates: readonly WaitlistCandidate[], timeZone: string, now: number): RankedCandidate[] {
  if (freed.startsAt <= now) return [];
  const local = instantToLocal(freed.startsAt, timeZone);
  const date = `${local.year}-${pad(local.month)}-${pad(local.day)}`;
  const weekday = new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay();
  const minute = local.hour * 60 + local.min;
  const fitting = candidates.flatMap((candidate) => {
    const endsAt = freed.startsAt + candidate.duration * 60_000;
    if (candidate.duration <= 0 || endsAt > freed.endsAt) return [];
    if (candidate.until < date) return [];
    if (candidate.userId !== null && candidate.userId !== freed.userId) return [];
    const dayMatches = candidate.weekdays.length === 0 || candidate.weekdays.includes(weekday);
    const timeMatches =
      (candidate.fromMinute === null || minute >= candidate.fromMinute) && (candidate.toMinute === null || minute <= candidate.toMinute);
    const preference = ((dayMatches ? 1 : 0) + (timeMatches ? 1 : 0)) as 0 | 1 | 2;
    return [{ candidate, ranked: { id: candidate.id, startsAt: freed.startsAt, endsAt, preference } }];
  });
  fitting.sort(
    (a, b) =>
      b.ranked.preference - a.ranked.preference ||
      a.candidate.joinedAt - b.candidate.joinedAt ||
      (a.candidate.id < b.candidate.id ? -1 : a.candidate.id > b.candidate.id ? 1 : 0),
  );
  return fitting.map((entry) => entry.ranked);
}

/** How many offers go out at once and how long each holds the time, unless the deployment says otherwise. */
export const WAITLIST_DEFAULTS = { offersAtOnce: 3, holdMinutes: 15 } as const;

/** What answers a tap on "Take it": the slot is yours (a booking request holds it), or it is gone. */
export type WaitlistTakeOutcome = 'taken' | 'gone';

/** Problems of a waitlist entry's wishes, by field (text keys of libs/i18n), before anything is stored. */
export function waitlistEntryProblems(entry: {
  from_time: string | null;
  to_time: string | null;
  until: string;
  today: string;
}): Record<string, string> {
  const problems: Record<string, string> = {};
  if (entry.from_time && entry.to_time && entry.from_time > entry.to_time) problems['to_time'] = 'validation.waitlistTimeOrder';
  if (entry.until < entry.today) problems['until'] = 'validation.waitlistUntilPast';
  return problems;
}

/** "HH:MM" as minutes after midnight; null stays null. */
export const minuteOfDay = (time: string | null): number | null => {
  if (!time) return null;
  const [hour, min] = time.split(':').map(Number);
  return (hour ?? 0) * 60 + (min ?? 0);
};
