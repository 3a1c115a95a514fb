import { offsetAt } from '@pawline/domain';

/**
 * RFC 5545 §3.6.5 VTIMEZONE for an IANA zone, written from the zone's own transitions as Intl
 * knows them (the tz database Node ships): no tz data of ours, and no RRULE guessing — each
 * change of offset in the years a feed covers is one STANDARD or DAYLIGHT observance.
 * No maintained VTIMEZONE generator is installed (@touch4it/ical-timezones, timezones-ical-library).
 */

/** A change of the zone's UTC offset: at `at` (epoch ms) the offset goes from `from` to `to` (ms). */
export type ZoneTransition = { at: number; from: number; to: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** no zone changes its offset twice within 6 hours */
const STEP = 6 * HOUR;

const transitionsByYear = new Map<string, ZoneTransition[]>();

/** The transitions within one UTC calendar year, found by stepping 6 h and narrowing to the minute. */
export function transitionsInYear(timeZone: string, year: number): ZoneTransition[] {
  const cacheKey = `${timeZone}|${year}`;
  const cached = transitionsByYear.get(cacheKey);
  if (cached) return cached;
  const found: ZoneTransition[] = [];
  const end = Date.UTC(year + 1, 0, 1);
  let before = Date.UTC(year, 0, 1);
  let offset = offsetAt(before, timeZone);
  for (let at = before + STEP; at <= end; before = at, at += STEP) {
    const next = offsetAt(at, timeZone);
    if (next === offset) continue;
    // the first minute with the new offset
    let low = before / MINUTE;
    let high = at / MINUTE;
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (offsetAt(middle * MINUTE, timeZone) === offset) low = middle;
      else high = middle;
    }
    if (high * MINUTE < end) found.push({ at: high * MINUTE, from: offset, to: next });
    offset = next;
  }
  transitionsByYear.set(cacheKey, found);
  return found;
}

/** ±HHMM (±HHMMSS when the offset has seconds). */
export function formatOffset(offsetMs: number): string {
  const sign = offsetMs < 0 ? '-' : '+';
  const total = Math.abs(offsetMs) / 1000;
  const hh = String(Math.floor(total / 3600)).padStart(2, '0');
  const mm = String(Math.floor((total % 3600) / 60)).padStart(2, '0');
  const ss = total % 60;
  return `${sign}${hh}${mm}${ss ? String(ss).padStart(2, '0') : ''}`;
}

/** Local date-time of an instant seen with a given offset: YYYYMMDDTHHMMSS. */
function localStamp(epochMs: number, offsetMs: number): string {
  return new Date(epochMs + offsetMs)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, '');
}

const abbreviations = new Map<string, Intl.DateTimeFormat[]>();

/** The zone's short name at an instant (CET, BST, EDT) when Intl has a real one, not "GMT+1". */
function abbreviation(timeZone: string, epochMs: number): string | null {
  let formats = abbreviations.get(timeZone);
  if (!formats) {
    formats = ['en-US', 'en-GB'].map((locale) => new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }));
    abbreviations.set(timeZone, formats);
  }
  for (const format of formats) {
    const name = format.formatToParts(new Date(epochMs)).find((part) => part.type === 'timeZoneName')?.value;
    if (name && /^[A-Z]{3,5}$/.test(name)) return name;
  }
  return null;
}

/**
 * The VTIMEZONE of `timeZone` valid for every instant in [fromMs, toMs]: the observance in force
 * at `fromMs` (the last change before it, looked for up to a year back), then every change up to
 * `toMs`. A zone without changes is one STANDARD observance from 1970.
 */
export function vtimezone(timeZone: string, fromMs: number, toMs: number): string {
  const fromYear = new Date(fromMs).getUTCFullYear();
  const toYear = new Date(toMs).getUTCFullYear();
  const all: ZoneTransition[] = [];
  for (let year = fromYear - 1; year <= toYear; year++) all.push(...transitionsInYear(timeZone, year));
  const inForce = all.filter((t) => t.at <= fromMs).at(-1);
  const later = all.filter((t) => t.at > fromMs && t.at <= toMs);
  // without a change in the year before, the offset at fromMs has held since 1970 as far as the feed needs
  const first: ZoneTransition & { since1970?: true } = inForce ?? {
    at: 0,
    from: offsetAt(fromMs, timeZone),
    to: offsetAt(fromMs, timeZone),
    since1970: true,
  };
  const observances = [first, ...later];
  // standard time is the zone's lowest offset around these years (northern and southern summers alike)
  const standard = Math.min(...observances.flatMap((t) => [t.from, t.to]));
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`, `X-LIC-LOCATION:${timeZone}`];
  for (const observance of observances) {
    const kind = observance.to > standard ? 'DAYLIGHT' : 'STANDARD';
    const name = abbreviation(timeZone, 'since1970' in observance ? fromMs : observance.at);
    lines.push(
      `BEGIN:${kind}`,
      // the onset as a local time read with the offset in force before it (RFC 5545 §3.8.2.4)
      `DTSTART:${'since1970' in observance ? '19700101T000000' : localStamp(observance.at, observance.from)}`,
      `TZOFFSETFROM:${formatOffset(observance.from)}`,
      `TZOFFSETTO:${formatOffset(observance.to)}`,
    );
    if (name) lines.push(`TZNAME:${name}`);
    lines.push(`END:${kind}`);
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}
