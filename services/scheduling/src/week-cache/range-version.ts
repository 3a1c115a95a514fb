import { createHash } from 'node:crypto';

/**
 * SQL for the version rows of a store's local days from one date to another: each day that ever
 * had a write as `date:version`, in date order, joined by commas ('' when none). Read in the same
 * statement (same snapshot) as the answer it versions.
 */
export const RANGE_DAY_VERSIONS = (store: string, from: string, to: string) =>
  `coalesce((SELECT string_agg(local_date::text || ':' || version::text, ',' ORDER BY local_date) FROM calendar_day_version
              WHERE store_id = ${store} AND local_date BETWEEN ${from} AND ${to}), '')`;

/**
 * The version of a range of a store's calendar (issue 34): a digest of every day's version, not the
 * highest one. Day versions come from one sequence, but a transaction takes its number when it
 * writes and shows it when it commits: A takes 10 for Monday, B takes 11 for Tuesday and commits
 * first, a read then sees Tuesday at 11; when A commits Monday is 10 and the highest is still 11,
 * so a rule of the highest would keep serving the week without A's change. Every day's own number
 * changes whenever that day is written, so the list (and its digest) changes with any committed
 * write, in whatever order writes commit; a day whose number goes down (two writers of the same day
 * commit in the other order of their numbers) changes it too. '0' for days never written.
 * Used as the week's ETag by the gateway, so it is short and ASCII.
 */
export function rangeVersion(dayVersions: string): string {
  if (dayVersions === '') return '0';
  return createHash('sha1').update(dayVersions).digest('base64url').slice(0, 22);
}
