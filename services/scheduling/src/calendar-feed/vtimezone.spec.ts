import fc from 'fast-check';
import { offsetAt } from '@pawline/domain';
import { parseOffset, parseStamp, readVtimezone, offsetFromVtimezone } from './ical-test-reader';
import { formatOffset, transitionsInYear, vtimezone } from './vtimezone';

const Y2026 = [Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1)] as const;

describe('VTIMEZONE from the zone’s own transitions (Intl)', () => {
  it.each([
    // zone, daylight onset (local, in the old offset), standard onset, offsets
    ['Europe/Rome', '20260329T020000', '20261025T030000', '+0100', '+0200', 'CET', 'CEST'],
    ['Europe/London', '20260329T010000', '20261025T020000', '+0000', '+0100', 'GMT', 'BST'],
    ['America/New_York', '20260308T020000', '20261101T020000', '-0500', '-0400', 'EST', 'EDT'],
  ])('writes %s’s 2026 changes on their DST days', (zone, daylight, standard, winter, summer, winterName, summerName) => {
    const text = vtimezone(zone, ...Y2026);
    expect(text.startsWith(`BEGIN:VTIMEZONE\r\nTZID:${zone}\r\n`)).toBe(true);
    expect(text).toContain(
      `BEGIN:DAYLIGHT\r\nDTSTART:${daylight}\r\nTZOFFSETFROM:${winter}\r\nTZOFFSETTO:${summer}\r\nTZNAME:${summerName}\r\nEND:DAYLIGHT`,
    );
    expect(text).toContain(
      `BEGIN:STANDARD\r\nDTSTART:${standard}\r\nTZOFFSETFROM:${summer}\r\nTZOFFSETTO:${winter}\r\nTZNAME:${winterName}\r\nEND:STANDARD`,
    );
    // the observance in force on 1 January: the change of October/November 2025
    const { observances } = readVtimezone(text);
    expect(observances).toHaveLength(3);
    expect(observances[0]).toMatchObject({ kind: 'STANDARD', to: parseOffset(winter) });
    expect(observances[0]?.onset).toBeLessThan(Y2026[0]);
  });

  it('finds each change to the minute: the last minute before it has the old offset', () => {
    for (const zone of ['Europe/Rome', 'Europe/London', 'America/New_York', 'Australia/Sydney', 'Australia/Lord_Howe']) {
      const changes = transitionsInYear(zone, 2026);
      expect(changes.length).toBe(2);
      for (const change of changes) {
        expect(offsetAt(change.at - 60_000, zone)).toBe(change.from);
        expect(offsetAt(change.at, zone)).toBe(change.to);
      }
    }
    // Lord Howe moves by half an hour
    expect(transitionsInYear('Australia/Lord_Howe', 2026).map((c) => formatOffset(c.to))).toEqual(['+1030', '+1100']);
  });

  it('a zone without DST is one STANDARD observance; a southern summer is DAYLIGHT', () => {
    const tokyo = readVtimezone(vtimezone('Asia/Tokyo', ...Y2026));
    expect(tokyo.observances).toHaveLength(1);
    expect(tokyo.observances[0]).toMatchObject({
      kind: 'STANDARD',
      onset: parseStamp('19700101T000000') - 9 * 3_600_000,
      from: 32_400_000,
      to: 32_400_000,
    });
    // Intl has no abbreviation for Tokyo in en-US/en-GB ("GMT+9"): TZNAME is left out rather than invented
    expect(tokyo.observances[0]?.name).toBeNull();
    const sydney = readVtimezone(vtimezone('Australia/Sydney', ...Y2026)).observances;
    // January in Sydney is summer (+11), so the year starts in daylight time
    expect(sydney.map((o) => [o.kind, formatOffset(o.to)])).toEqual([
      ['DAYLIGHT', '+1100'],
      ['STANDARD', '+1000'],
      ['DAYLIGHT', '+1100'],
    ]);
  });

  it('gives every instant of the covered span the offset Intl gives it (any zone, any instant)', () => {
    const zones = [
      'Europe/Rome',
      'Europe/London',
      'America/New_York',
      'America/Sao_Paulo',
      'Australia/Sydney',
      'Asia/Kolkata',
      'Pacific/Chatham',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2028, 0, 1) }),
        fc.integer({ min: 0, max: 460 * 86_400_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (zone, from, span, pick) => {
          const to = from + span;
          const { observances } = readVtimezone(vtimezone(zone, from, to));
          const at = from + Math.floor((span * pick) / 1_000_000);
          expect(offsetFromVtimezone(observances, at)).toBe(offsetAt(at, zone));
        },
      ),
      { numRuns: 200 },
    );
  });
});
