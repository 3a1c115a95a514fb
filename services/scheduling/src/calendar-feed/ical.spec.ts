import fc from 'fast-check';
import { buildIcal, escapeText, foldLine } from './ical';

describe('iCal text (R1.15 calendar export)', () => {
  it('R1.15 folds every line at 75 octets without splitting characters, and unfolding gives the line back', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
        const line = `DESCRIPTION:${escapeText(text)}`;
        const folded = foldLine(line);
        for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
        expect(folded.replace(/\r\n /g, '')).toBe(line);
      }),
    );
  });

  it('R1.15 escapes backslash, semicolon, comma and newlines', () => {
    expect(escapeText('Bath; cut, nails\\paws\nnext')).toBe('Bath\\; cut\\, nails\\\\paws\\nnext');
  });

  it('R1.15 writes UTC start and end, date values for full days, and cancelled status', () => {
    const text = buildIcal(
      'Salone',
      [
        {
          uid: 'a@pawline',
          startsAt: new Date('2026-03-29T01:30:00Z'),
          endsAt: new Date('2026-03-29T02:30:00Z'),
          allDay: null,
          summary: 'Fido',
          description: null,
          cancelled: false,
          updatedAt: new Date('2026-03-01T00:00:00Z'),
        },
        {
          uid: 'b@pawline',
          startsAt: new Date(0),
          endsAt: new Date(0),
          allDay: { start: '2026-10-25', end: '2026-10-26' },
          summary: 'Closed',
          description: 'x',
          cancelled: true,
          updatedAt: new Date(0),
        },
      ],
      new Date('2026-11-22T10:00:00Z'),
    );
    expect(text).toContain('\r\nDTSTART:20260329T013000Z\r\nDTEND:20260329T023000Z\r\n');
    expect(text).toContain('DTSTART;VALUE=DATE:20261025\r\nDTEND;VALUE=DATE:20261026');
    expect(text).toContain('STATUS:CANCELLED');
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});
