import type { PathParameter } from '../core/http-route';

/** The six date parts of a range as spec §7 documents them in paths: /{y}/{m}/{d}/{y2}/{m2}/{d2} (R7.05, R7.06). */
export const DATE_PART_PARAMS: Record<string, PathParameter> = Object.fromEntries(
  [
    ['y', /^\d{4}$/, 'A four-digit year'],
    ['m', /^(0?[1-9]|1[0-2])$/, 'A month from 1 to 12'],
    ['d', /^(0?[1-9]|[12]\d|3[01])$/, 'A day from 1 to 31'],
  ].flatMap(([name, pattern, description]) => [
    [name as string, { pattern: pattern as RegExp, description: description as string }],
    [`${name as string}2`, { pattern: pattern as RegExp, description: description as string }],
  ]),
);
export const SIX_DATE_PARTS = ':y/:m/:d/:y2/:m2/:d2' as const;
