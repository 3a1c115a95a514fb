import {
  ContributionSum,
  averageTicketCents,
  bookedPlaceholder,
  contributionOf,
  factsOfSnapshot,
  fillSeries,
  isoWeekday,
  netCents,
  percentOf,
  periodRange,
  splitCents,
  visitsPerCustomer,
  type AppointmentFacts,
} from './statistics';

const ORGA = 'o1';
const STORE = 's1';
const scope = { orga_id: ORGA, store_id: STORE };
const snapshot = {
  id: 'a1',
  date: '2026-11-20',
  hour: 10,
  status: 0,
  pet_ids: ['p1'],
  user_id: 'u1',
  starts_at: '2026-11-20T09:00:00.000Z',
  ends_at: '2026-11-20T10:30:00.000Z',
  price: 5000,
  discount: 500,
  checked_out: true,
  treatment_ids: ['t1', 't2'],
};
const owners = new Map([['p1', 'c1']]);
const facts = (over: Partial<AppointmentFacts> = {}): AppointmentFacts => ({
  ...factsOfSnapshot(scope, snapshot, null, (pet) => owners.get(pet)),
  ...over,
});

describe('analytics statistics rules', () => {
  it('R1.12 counts revenue net of the discount, only once checked out', () => {
    expect(netCents({ checked_out: true, price: 5000, discount: 500 })).toBe(4500);
    expect(netCents({ checked_out: true, price: 5000, final_price: 6000, discount: 1000 })).toBe(5000);
    expect(netCents({ checked_out: true, price: 5000, discount: 500, total: 4200 })).toBe(4200);
    expect(netCents({ checked_out: false, price: 5000 })).toBe(0);
  });

  it('R1.12 shares the revenue between treatments in whole cents', () => {
    expect(splitCents(4501, 2)).toEqual([2251, 2250]);
    expect(splitCents(100, 3)).toEqual([34, 33, 33]);
    expect(splitCents(100, 0)).toEqual([]);
  });

  it('R1.12 takes the customer, the minutes and the money from the snapshot', () => {
    expect(facts()).toMatchObject({ customer_id: 'c1', duration: 90, net_cents: 4500, user_id: 'u1', date: '2026-11-20' });
    expect(factsOfSnapshot(scope, { ...snapshot, duration: 45 }, null, () => undefined)).toMatchObject({ duration: 45, customer_id: null });
  });

  it('R1.12 an appointment adds itself to its day, hour, treatments, staff member and customer', () => {
    const { cells, visits } = contributionOf(facts());
    const of = (kind: string, key = '') => cells.find((c) => c.kind === kind && c.key === key);
    expect(of('appointments')).toMatchObject({ count: 1, day: '2026-11-20' });
    expect(of('hour', '10')).toMatchObject({ count: 1 });
    expect(of('done')).toMatchObject({ count: 1, amount: 4500 });
    expect(of('treatment', 't1')).toMatchObject({ count: 1, amount: 2250 });
    expect(of('staff', 'u1')).toMatchObject({ count: 1, amount: 90 });
    expect(of('declined')).toBeUndefined();
    expect(visits).toEqual([{ orga_id: ORGA, store_id: STORE, day: '2026-11-20', customer_id: 'c1', visits: 1 }]);
  });

  it('R1.12 a declined appointment counts as a declined reply, not as a visit or appointment', () => {
    const { cells, visits } = contributionOf(facts({ status: 2 }));
    expect(cells.map((c) => c.kind)).toEqual(['declined']);
    expect(visits).toEqual([]);
    expect(contributionOf(facts({ status: 1 })).cells.some((c) => c.kind === 'confirmed')).toBe(true);
  });

  it('R1.12 a no-show counts as a no-show, not as a visit or appointment, and going back to booked moves it back', () => {
    const missed = facts({ status: 3, checked_out: false, net_cents: 0 });
    expect(contributionOf(missed)).toEqual({
      cells: [{ orga_id: ORGA, store_id: STORE, day: '2026-11-20', kind: 'no_show', key: '', count: 1, amount: 0 }],
      visits: [],
    });
    const restored = new ContributionSum().change(missed, { ...missed, status: 0 }).result();
    expect(restored.cells.find((c) => c.kind === 'no_show')?.count).toBe(-1);
    expect(restored.cells.find((c) => c.kind === 'appointments')?.count).toBe(1);
  });

  it('R1.12 a change moves the counters by the difference; the same change twice cancels out', () => {
    const before = facts();
    const after = facts({ date: '2026-11-21', checked_out: false, net_cents: 0 });
    const delta = new ContributionSum().change(before, after).result();
    const day = (d: string, kind: string) => delta.cells.find((c) => c.day === d && c.kind === kind);
    expect(day('2026-11-20', 'appointments')?.count).toBe(-1);
    expect(day('2026-11-21', 'appointments')?.count).toBe(1);
    expect(day('2026-11-20', 'done')).toMatchObject({ count: -1, amount: -4500 });
    expect(day('2026-11-21', 'done')).toBeUndefined();
    expect(new ContributionSum().change(before, before).result()).toEqual({ cells: [], visits: [] });
    const deleted = new ContributionSum().change(before, { ...before, deleted: true }).result();
    expect(deleted.cells.every((c) => c.count <= 0)).toBe(true);
    expect(deleted.visits).toEqual([{ orga_id: ORGA, store_id: STORE, day: '2026-11-20', customer_id: 'c1', visits: -1 }]);
  });

  it('R1.12 a booking accepted before its appointment is known adds nothing until the snapshot arrives, then counts as booked', () => {
    const placeholder = bookedPlaceholder({ ...scope, id: 'a1' });
    expect(contributionOf(placeholder)).toEqual({ cells: [], visits: [] });
    const known = factsOfSnapshot(scope, snapshot, placeholder, (pet) => owners.get(pet));
    expect(contributionOf(known).cells.find((c) => c.kind === 'booked')).toMatchObject({ count: 1 });
  });

  it('R1.12 periods: last 7 days, last 30 days and last 12 months, in daily or monthly buckets', () => {
    const today = { year: 2026, month: 3, day: 2 };
    expect(periodRange('7d', 'day', today)).toEqual({
      from: '2026-02-24',
      to: '2026-03-02',
      buckets: ['2026-02-24', '2026-02-25', '2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02'],
    });
    expect(periodRange('30d', 'day', today).buckets).toHaveLength(30);
    expect(periodRange('30d', 'month', today).buckets).toEqual(['2026-02-01', '2026-03-01']);
    const year = periodRange('12m', 'month', today);
    expect(year.from).toBe('2025-04-01');
    expect(year.buckets).toHaveLength(12);
    expect(year.buckets[11]).toBe('2026-03-01');
    expect(periodRange('12m', 'day', { year: 2026, month: 1, day: 15 }).from).toBe('2025-02-01');
  });

  it('fills every bucket and computes the ratios without dividing by zero', () => {
    expect(fillSeries(['a', 'b'], [{ bucket: 'b', n: 2 }], (bucket) => ({ bucket, n: 0 }))).toEqual([
      { bucket: 'a', n: 0 },
      { bucket: 'b', n: 2 },
    ]);
    expect(averageTicketCents(10000, 3)).toBe(3333);
    expect(averageTicketCents(0, 0)).toBe(0);
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(1, 0)).toBe(0);
    expect(visitsPerCustomer(5, 2)).toBe(2.5);
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
  });
});
