// Calendar days as 'YYYY-MM-DD' in the store's time zone (the availability's days are local days).

/** Today in `timeZone` at `now`. */
export function todayIn(timeZone: string, now: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const utcOf = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

export function addDays(day: string, days: number): string {
  return new Date(utcOf(day) + days * 86400000).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcOf(to) - utcOf(from)) / 86400000);
}

export type DayStyle = 'short' | 'long';

/** 'Tue 24 Nov' / 'Tuesday 24 November 2026' in the widget's language; the day is not moved by any zone. */
export function formatDay(day: string, language: string, style: DayStyle = 'short'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'short'
      ? { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }
      : { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' };
  // British order for English: the salons are European
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, options).format(utcOf(day));
}
