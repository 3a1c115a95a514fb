/** A point in time as the API sends it: ISO text, epoch milliseconds or a Date. */
export type Instant = Date | string | number;

export const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** Epoch milliseconds of an instant; NaN when the text cannot be read. */
export function toEpochMs(instant: Instant): number {
  if (instant instanceof Date) return instant.getTime();
  if (typeof instant === 'number') return instant;
  return Date.parse(instant);
}
