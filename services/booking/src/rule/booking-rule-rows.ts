import type { BookingRule, BookingRuleInput } from '@pawline/contracts';
import { bookingRuleDates, clockText } from '@pawline/domain';

export type BookingRuleRow = {
  id: string;
  orga_id: string;
  store_id: string;
  user_id: string | null;
  kind: 'open' | 'closed';
  weekday: number | null;
  start_date: string | null;
  end_date: string | null;
  date_start: string | number;
  date_end: string | number;
  start_hour: number;
  start_min: number;
  start_sec: number;
  end_hour: number;
  end_min: number;
  end_sec: number;
  created_at: Date;
};

export const RULE_COLUMNS = `id, orga_id, store_id, user_id, kind, weekday, to_char(start_date, 'YYYY-MM-DD') AS start_date,
  to_char(end_date, 'YYYY-MM-DD') AS end_date, date_start, date_end, start_hour, start_min, start_sec, end_hour, end_min, end_sec, created_at`;

const seconds = (h: number, m: number, s: number) => h * 3600 + m * 60 + s;

/** Why a rule cannot be kept, as field → reason, or null when it is sound (R3.08: times within a day, dates in order). */
export function ruleProblems(input: BookingRuleInput): Record<string, string> | null {
  const problems: Record<string, string> = {};
  const start = seconds(input.start_hour, input.start_min, input.start_sec);
  const end = seconds(input.end_hour, input.end_min, input.end_sec);
  if (start >= 86_400) problems['start_hour'] = 'The start is within the day (before 24:00)';
  if (end > 86_400) problems['end_hour'] = 'The end is 24:00 at the latest';
  if (end <= start) problems['end_hour'] = 'The end comes after the start';
  if (input.start_date && input.end_date && input.end_date < input.start_date)
    problems['end_date'] = 'The last day is not before the first';
  return Object.keys(problems).length > 0 ? problems : null;
}

/** The row a rule input becomes: the derived date_start/date_end of R3.08 (0 and 0 without dates). */
export function ruleRowOf(input: BookingRuleInput): Omit<BookingRuleRow, 'id' | 'orga_id' | 'store_id' | 'created_at'> {
  const dates = bookingRuleDates(input.start_date, input.end_date);
  return {
    user_id: input.user_id,
    kind: input.kind,
    weekday: input.weekday,
    start_date: input.start_date,
    end_date: input.end_date,
    date_start: dates.date_start,
    date_end: dates.date_end,
    start_hour: input.start_hour,
    start_min: input.start_min,
    start_sec: input.start_sec,
    end_hour: input.end_hour,
    end_min: input.end_min,
    end_sec: input.end_sec,
  };
}

/** spec §3: the stored parts and the derived start_time/end_time ('HH:MM:SS'). */
export function toBookingRule(row: BookingRuleRow): BookingRule {
  return {
    id: row.id,
    orga_id: row.orga_id,
    store_id: row.store_id,
    user_id: row.user_id,
    kind: row.kind,
    weekday: row.weekday,
    date_start: Number(row.date_start),
    date_end: Number(row.date_end),
    start_hour: row.start_hour,
    start_min: row.start_min,
    start_sec: row.start_sec,
    end_hour: row.end_hour,
    end_min: row.end_min,
    end_sec: row.end_sec,
    start_date: row.start_date,
    end_date: row.end_date,
    start_time: clockText(seconds(row.start_hour, row.start_min, row.start_sec)),
    end_time: clockText(seconds(row.end_hour, row.end_min, row.end_sec)),
    created_at: new Date(row.created_at).toISOString(),
  };
}
