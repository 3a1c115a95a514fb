// R4.14 "new profile available within 7 working days". The update is applied by support, which works
// Monday to Saturday (spec §1, §9), so a working day is Monday to Saturday; Sundays are skipped.
// Public holidays are not known here and are not skipped.
import { localDateOf } from '../time/local-time';

export const PROFILE_UPDATE_WORKING_DAYS = 7;

/** YYYY-MM-DD → [y, m, d] */
function parts(date: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`not a date YYYY-MM-DD: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

export function isWorkingDay(date: string): boolean {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() !== 0;
}

/** The local day `count` working days after `date` (the request's own day does not count). */
export function addWorkingDays(date: string, count: number): string {
  const [y, m, d] = parts(date);
  const day = new Date(Date.UTC(y, m - 1, d));
  let left = count;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (day.getUTCDay() !== 0) left -= 1;
  }
  return day.toISOString().slice(0, 10);
}

/** R4.14 the day the new profile is due: 7 working days after the request's local day. */
export function profileUpdateDueBy(requestedAt: Date, timeZone: string): string {
  return addWorkingDays(localDateOf(requestedAt, timeZone), PROFILE_UPDATE_WORKING_DAYS);
}
