import fc from 'fast-check';
import { audienceOf, cityKey, inAudience, monthsBefore, type AudienceCandidate, type AudienceRule } from './audience';

const NOW = new Date('2026-11-24T10:00:00Z');
const ANY: AudienceRule = {
  months_absent: null,
  recent_visits: null,
  min_visits: null,
  max_declines: null,
  excluded_tag_ids: [],
  cities: [],
};
const TAG_VIP = '00000000-0000-4000-8000-000000000001';
const TAG_BITES = '00000000-0000-4000-8000-000000000002';

const at = (iso: string, status = 0) => ({ starts_at: new Date(iso), status });
const customer = (overrides: Partial<AudienceCandidate> = {}): AudienceCandidate => ({
  consent_marketing: true,
  city: 'Milano',
  tag_ids: [],
  appointments: [],
  ...overrides,
});

describe('campaign audience (spec §1 marketing filters)', () => {
  it('R1.07 takes only customers with marketing consent, whatever the filters', () => {
    expect(inAudience(customer(), ANY, NOW)).toBe(true);
    expect(inAudience(customer({ consent_marketing: false }), ANY, NOW)).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 24 }), fc.integer({ min: 0, max: 5 }), (months, declines) => {
        const rule = { ...ANY, months_absent: months, max_declines: declines };
        return !inAudience(customer({ consent_marketing: false }), rule, NOW);
      }),
    );
  });

  it('R1.07 months of absence: no visit in the last N months; a declined or future appointment is no visit', () => {
    const rule = { ...ANY, months_absent: 3 };
    expect(inAudience(customer({ appointments: [at('2026-07-01T09:00:00Z')] }), rule, NOW)).toBe(true);
    expect(inAudience(customer({ appointments: [at('2026-09-01T09:00:00Z')] }), rule, NOW)).toBe(false);
    expect(inAudience(customer({ appointments: [at('2026-10-01T09:00:00Z', 2)] }), rule, NOW)).toBe(true);
    expect(inAudience(customer({ appointments: [at('2026-12-01T09:00:00Z')] }), rule, NOW)).toBe(true);
    expect(inAudience(customer(), rule, NOW)).toBe(true);
  });

  it('R1.07 recent visits: at least N visits in the last 12 months', () => {
    const rule = { ...ANY, recent_visits: 2 };
    const twice = customer({ appointments: [at('2026-03-01T09:00:00Z'), at('2026-10-01T09:00:00Z')] });
    const onceRecently = customer({ appointments: [at('2025-03-01T09:00:00Z'), at('2026-10-01T09:00:00Z')] });
    expect(inAudience(twice, rule, NOW)).toBe(true);
    expect(inAudience(onceRecently, rule, NOW)).toBe(false);
  });

  it('R1.07 number of visits: at least N visits in all', () => {
    const rule = { ...ANY, min_visits: 2 };
    expect(inAudience(customer({ appointments: [at('2020-03-01T09:00:00Z'), at('2026-10-01T09:00:00Z')] }), rule, NOW)).toBe(true);
    expect(inAudience(customer({ appointments: [at('2026-10-01T09:00:00Z'), at('2026-10-02T09:00:00Z', 2)] }), rule, NOW)).toBe(false);
  });

  it('R1.07 maximum declines: at most N appointments declined by the customer', () => {
    const rule = { ...ANY, max_declines: 1 };
    expect(inAudience(customer({ appointments: [at('2026-10-01T09:00:00Z', 2)] }), rule, NOW)).toBe(true);
    expect(inAudience(customer({ appointments: [at('2026-10-01T09:00:00Z', 2), at('2026-12-01T09:00:00Z', 2)] }), rule, NOW)).toBe(false);
    expect(inAudience(customer({ appointments: [at('2026-10-01T09:00:00Z', 2)] }), { ...ANY, max_declines: 0 }, NOW)).toBe(false);
  });

  it('R1.07 excluded tags: a customer with any of them is left out', () => {
    const rule = { ...ANY, excluded_tag_ids: [TAG_BITES] };
    expect(inAudience(customer({ tag_ids: [TAG_VIP] }), rule, NOW)).toBe(true);
    expect(inAudience(customer({ tag_ids: [TAG_VIP, TAG_BITES] }), rule, NOW)).toBe(false);
  });

  it('R1.07 cities: the customer lives in one of them, case and spaces ignored; no city is in none', () => {
    const rule = { ...ANY, cities: ['  milano ', 'San  Donato'] };
    expect(inAudience(customer({ city: 'MILANO' }), rule, NOW)).toBe(true);
    expect(inAudience(customer({ city: 'san donato' }), rule, NOW)).toBe(true);
    expect(inAudience(customer({ city: 'Roma' }), rule, NOW)).toBe(false);
    expect(inAudience(customer({ city: null }), rule, NOW)).toBe(false);
    expect(cityKey(' San   Donato ')).toBe('san donato');
  });

  it('R1.07 filters narrow the audience: adding a filter never adds a customer', () => {
    const appointment = fc.record({
      starts_at: fc.date({ min: new Date('2023-01-01T00:00:00Z'), max: new Date('2027-06-01T00:00:00Z'), noInvalidDate: true }),
      status: fc.constantFrom(0, 1, 2, 3),
    });
    const candidate = fc.record({
      consent_marketing: fc.boolean(),
      city: fc.constantFrom('Milano', 'Roma', null),
      tag_ids: fc.subarray([TAG_VIP, TAG_BITES]),
      appointments: fc.array(appointment, { maxLength: 8 }),
    });
    const rule = fc.record({
      months_absent: fc.option(fc.integer({ min: 1, max: 24 }), { nil: null }),
      recent_visits: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
      min_visits: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
      max_declines: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
      excluded_tag_ids: fc.subarray([TAG_VIP, TAG_BITES]),
      cities: fc.subarray(['Milano', 'Roma']),
    });
    fc.assert(
      fc.property(fc.array(candidate, { maxLength: 20 }), rule, (customers, filters) => {
        const all = audienceOf(customers, ANY, NOW);
        const narrowed = audienceOf(customers, filters, NOW);
        return narrowed.every((found) => all.includes(found));
      }),
    );
  });

  it('counts months as calendar months, the 31st falling on the last day of a shorter month', () => {
    expect(monthsBefore(new Date('2026-03-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(monthsBefore(new Date('2026-11-24T10:00:00Z'), 12).toISOString()).toBe('2025-11-24T10:00:00.000Z');
  });
});
