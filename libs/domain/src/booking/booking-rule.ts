// R3.08: the derived fields of a booking rule row and how rules are filed by their date interval.

/** seconds since local midnight, 0..86400 (86400 = end of day) */
export type ClockSeconds = number;

const SECONDS_PER_DAY = 86_400;

function utcMidnightSeconds(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1) / 1000;
}

/** R3.08 date_start/date_end: Unix seconds of the days' UTC midnight; a missing date is 0 (no dates: 0/0). */
export function bookingRuleDates(startDate: string | null, endDate: string | null): { date_start: number; date_end: number } {
  return {
    date_start: startDate === null ? 0 : utcMidnightSeconds(startDate),
    date_end: endDate === null ? 0 : utcMidnightSeconds(endDate),
  };
}

/** 'HH:MM:SS' of a clock time; 86400 is '24:00:00', the end of the day. */
export function clockText(seconds: ClockSeconds): string {
  const whole = Math.min(SECONDS_PER_DAY, Math.max(0, Math.floor(seconds)));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(whole / 3600))}:${two(Math.floor((whole % 3600) / 60))}:${two(whole % 60)}`;
}

/**
 * R3.08: rules grouped by their [date_start, date_end] interval, the zero-to-zero interval (rules without dates)
 * first, then by first day and last day. Rules keep their order within a group.
 */
export function fileBookingRules<T extends { date_start: number; date_end: number }>(
  rules: T[],
): { date_start: number; date_end: number; rules: T[] }[] {
  const files = new Map<string, { date_start: number; date_end: number; rules: T[] }>();
  for (const rule of rules) {
    const key = `${rule.date_start}:${rule.date_end}`;
    let file = files.get(key);
    if (!file) {
      file = { date_start: rule.date_start, date_end: rule.date_end, rules: [] };
      files.set(key, file);
    }
    file.rules.push(rule);
  }
  const undated = (file: { date_start: number; date_end: number }) => (file.date_start === 0 && file.date_end === 0 ? 0 : 1);
  return [...files.values()].sort((a, b) => undated(a) - undated(b) || a.date_start - b.date_start || a.date_end - b.date_end);
}
