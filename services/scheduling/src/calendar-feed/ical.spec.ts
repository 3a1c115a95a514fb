import fc from 'fast-check';
import { localToInstant } from '@pawline/domain';
import { buildIcal, type IcalEvent } from './ical';
import { offsetFromVtimezone, readVtimezone } from './ical-test-reader';

const event = (overrides: Partial<IcalEvent>): IcalEvent => ({
  uid: 'a@pawline',
  startsAt: new Date('2026-03-29T08:00:00Z'),
  endsAt: new Date('2026-03-29T09:00:00Z'),
  timeZone: 'Europe/Rome',
  allDay: null,
  summary: 'Fido',
  description: null,
  cancelled: false,
  updatedAt: new Date('2026-03-01T00:00:00Z'),
  ...overrides,
});

/** RFC 5545 §3.1 unfolding and §3.3.11 unescaping, written for the test. */
function unfold(text: string): string[] {
  return text.replace(/\r\n[ \t]/g, '').split('\r\n');
}
function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/** The instant a `DTSTART;TZID=…:local` line means, read through the feed's own VTIMEZONE. */
function instantOf(feed: string, property: 'DTSTART' | 'DTEND', uid: string): number {
  const lines = unfold(feed);
  const from = lines.indexOf(`UID:${uid}`);
  const line = lines.slice(from).find((l) => l.startsWith(`${property};TZID=`)) ?? '';
  const [, zone = '', local = ''] = /^[A-Z]+;TZID=([^:]+):(\d{8}T\d{6})$/.exec(line) ?? [];
  const block = feed.slice(
    feed.indexOf(`BEGIN:VTIMEZONE\r\nTZID:${zone}\r\n`),
    feed.indexOf('END:VTIMEZONE', feed.indexOf(`TZID:${zone}\r\n`)),
  );
  const { observances } = readVtimezone(block);
  const wall = Date.UTC(
    +local.slice(0, 4),
    +local.slice(4, 6) - 1,
    +local.slice(6, 8),
    +local.slice(9, 11),
    +local.slice(11, 13),
    +local.slice(13, 15),
  );
  // the offset in force at that wall time: try each observance's offset, keep the one that agrees
  const candidates = observances.map((o) => wall - o.to).filter((at) => offsetFromVtimezone(observances, at) === wall - at);
  return Math.min(...candidates);
}

describe('iCal feed (R1.15 calendar export) with ical-generator', () => {
  const serverZone = process.env.TZ;
  // the server's own zone must never show in a feed
  beforeAll(() => (process.env.TZ = 'Asia/Tokyo'));
  afterAll(() => (serverZone === undefined ? delete process.env.TZ : (process.env.TZ = serverZone)));

  it.each([
    // zone, the DST day, a local time before and after the change that day
    ['Europe/Rome', '2026-03-29', { hour: 1, min: 30 }, { hour: 10, min: 0 }],
    ['Europe/Rome', '2026-10-25', { hour: 1, min: 30 }, { hour: 10, min: 0 }],
    ['Europe/London', '2026-03-29', { hour: 0, min: 30 }, { hour: 9, min: 15 }],
    ['Europe/London', '2026-10-25', { hour: 0, min: 30 }, { hour: 9, min: 15 }],
    ['America/New_York', '2026-03-08', { hour: 1, min: 0 }, { hour: 14, min: 45 }],
    ['America/New_York', '2026-11-01', { hour: 0, min: 45 }, { hour: 14, min: 45 }],
  ])(
    'R1.15 %s on %s: events keep their local times (TZID) and mean the same instants through the VTIMEZONE',
    (zone, date, before, after) => {
      const [year, month, day] = date.split('-').map(Number) as [number, number, number];
      const at = (t: { hour: number; min: number }) => localToInstant({ year, month, day, hour: t.hour, min: t.min, sec: 0 }, zone);
      const events = [before, after].map((t, i) =>
        event({ uid: `e${i}@pawline`, timeZone: zone, startsAt: new Date(at(t)), endsAt: new Date(at(t) + 45 * 60_000) }),
      );
      const feed = buildIcal('Salone', events, new Date(`${date}T00:00:00Z`));
      const local = (t: { hour: number; min: number }) =>
        `${date.replace(/-/g, '')}T${String(t.hour).padStart(2, '0')}${String(t.min).padStart(2, '0')}00`;
      expect(feed).toContain(`\r\nDTSTART;TZID=${zone}:${local(before)}\r\n`);
      expect(feed).toContain(`\r\nDTSTART;TZID=${zone}:${local(after)}\r\n`);
      expect(feed.split('BEGIN:VTIMEZONE').length - 1).toBe(1);
      for (const [i, e] of events.entries()) {
        expect(instantOf(feed, 'DTSTART', `e${i}@pawline`)).toBe(e.startsAt.getTime());
        expect(instantOf(feed, 'DTEND', `e${i}@pawline`)).toBe(e.endsAt.getTime());
      }
    },
  );

  it('R1.15 writes date values for full days, UTC stamps, the cancelled status and a VTIMEZONE per zone used', () => {
    const feed = buildIcal(
      'Salone',
      [
        event({}),
        event({
          uid: 'b@pawline',
          allDay: { start: '2026-10-25', end: '2026-10-26' },
          summary: 'Closed',
          description: 'x',
          cancelled: true,
        }),
        event({ uid: 'c@pawline', timeZone: 'America/New_York' }),
      ],
      new Date('2026-03-22T10:00:00Z'),
    );
    expect(feed.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Pawline//Calendar//EN\r\n')).toBe(true);
    expect(feed.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(feed).toContain('\r\nDTSTART;TZID=Europe/Rome:20260329T100000\r\nDTEND;TZID=Europe/Rome:20260329T110000\r\n');
    expect(feed).toContain('\r\nDTSTART;TZID=America/New_York:20260329T040000\r\n');
    expect(feed).toContain('DTSTART;VALUE=DATE:20261025\r\nDTEND;VALUE=DATE:20261026');
    expect(feed).toContain('DTSTAMP:20260322T100000Z');
    expect(feed).toContain('LAST-MODIFIED:20260301T000000Z');
    expect(feed).toContain('STATUS:CANCELLED');
    expect(feed).toContain('METHOD:PUBLISH');
    expect(feed.match(/BEGIN:VTIMEZONE\r\nTZID:[^\r]+/g)).toEqual([
      'BEGIN:VTIMEZONE\r\nTZID:Europe/Rome',
      'BEGIN:VTIMEZONE\r\nTZID:America/New_York',
    ]);
  });

  it('R1.15 folds every line at 75 octets and escapes text so that unfolding and unescaping give it back', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 300 }), (summary, notes) => {
        const feed = buildIcal('Pawline', [event({ summary, description: notes || null })], new Date('2026-03-22T10:00:00Z'));
        for (const line of feed.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
        const lines = unfold(feed);
        expect(unescapeText(lines.find((l) => l.startsWith('SUMMARY:'))?.slice(8) ?? '')).toBe(summary.replace(/\r\n|\r/g, '\n'));
        if (notes)
          expect(unescapeText(lines.find((l) => l.startsWith('DESCRIPTION:'))?.slice(12) ?? '')).toBe(notes.replace(/\r\n|\r/g, '\n'));
      }),
      { numRuns: 200 },
    );
  });

  it('R1.15 escapes backslash, semicolon, comma and newlines', () => {
    expect(buildIcal('Pawline', [event({ summary: 'Bath; cut, nails\\paws\nnext' })])).toContain(
      'SUMMARY:Bath\\; cut\\, nails\\\\paws\\nnext',
    );
  });
});
