import { netCents } from '@pawline/domain';
import fc from 'fast-check';
import { customerSummaryOf, type SummaryRow } from './customer-summary';

const NOW = new Date('2026-11-20T10:00:00.000Z');
const rules = { now: NOW, noShowStatus: 3, historyFrom: null };

let n = 0;
function row(startsAt: string, extra: Partial<SummaryRow> = {}): SummaryRow {
  n += 1;
  return {
    id: `aaaaaaaa-aaaa-4aaa-8aaa-${String(n).padStart(12, '0')}`,
    local_date: startsAt.slice(0, 10),
    starts_at: new Date(startsAt),
    status: 0,
    checked_out: false,
    price: 4500,
    discount: 0,
    final_price: null,
    total: null,
    ...extra,
  };
}

describe("a customer's appointments at a glance (issue 29)", () => {
  it('R1.12 R4.11 spend and average ticket come from the check-outs, net of discounts; unpaid ones count nothing', () => {
    const summary = customerSummaryOf(
      [
        row('2026-10-01T08:00:00.000Z', { checked_out: true, final_price: 5000, discount: 500 }),
        row('2026-10-15T08:00:00.000Z', { checked_out: true, final_price: 3000, total: 2800 }),
        row('2026-11-01T08:00:00.000Z', { checked_out: true, final_price: 3001, discount: 0 }),
        row('2026-11-10T08:00:00.000Z'),
      ],
      rules,
    );
    expect(summary).toMatchObject({ appointments: 4, checked_out: 3, spend: 4500 + 2800 + 3001, average_ticket: 3434 });
  });

  it('R3.07 counts declines and no-shows and leaves them out of the last visit and the upcoming ones', () => {
    const visit = row('2026-11-01T08:00:00.000Z');
    const summary = customerSummaryOf(
      [
        row('2026-09-01T08:00:00.000Z'),
        visit,
        row('2026-11-10T08:00:00.000Z', { status: 2 }),
        row('2026-11-15T08:00:00.000Z', { status: 3 }),
        row('2026-11-25T08:00:00.000Z', { status: 1 }),
        row('2026-12-02T08:00:00.000Z', { status: 2 }),
      ],
      rules,
    );
    expect(summary).toMatchObject({ declined: 2, no_shows: 1, upcoming: 1 });
    expect(summary.last_visit).toEqual({ appointment_id: visit.id, date: '2026-11-01', starts_at: '2026-11-01T08:00:00.000Z' });
  });

  it('without a no-show status in the contracts no-shows are not counted (null), and such appointments are visits', () => {
    const summary = customerSummaryOf([row('2026-11-15T08:00:00.000Z', { status: 3 })], { ...rules, noShowStatus: null });
    expect(summary.no_shows).toBeNull();
    expect(summary.last_visit?.date).toBe('2026-11-15');
  });

  it('a new customer: nothing counted, no average and no last visit; the plan window is said', () => {
    const from = new Date('2026-08-22T00:00:00.000Z');
    expect(customerSummaryOf([], { ...rules, historyFrom: from })).toEqual({
      appointments: 0,
      upcoming: 0,
      checked_out: 0,
      spend: 0,
      average_ticket: null,
      last_visit: null,
      declined: 0,
      no_shows: 0,
      history_from: '2026-08-22T00:00:00.000Z',
    });
  });

  it('for any appointments: spend is the sum of the check-outs, the counts add up and the last visit is the latest kept past one', () => {
    const appointment = fc.record({
      day: fc.integer({ min: -400, max: 400 }),
      minute: fc.integer({ min: 0, max: 1439 }),
      status: fc.constantFrom(0, 1, 2, 3),
      checked_out: fc.boolean(),
      price: fc.integer({ min: 0, max: 100_000 }),
      discount: fc.integer({ min: 0, max: 20_000 }),
      final_price: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
      total: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(appointment, { maxLength: 40 }), (drawn) => {
        const rows = drawn.map(({ day, minute, ...rest }) =>
          row(new Date(NOW.getTime() + day * 86_400_000 + minute * 60_000).toISOString(), rest),
        );
        const summary = customerSummaryOf(rows, rules);
        const paid = rows.filter((r) => r.checked_out);
        expect(summary.spend).toBe(paid.reduce((sum, r) => sum + netCents(r), 0));
        expect(summary.checked_out).toBe(paid.length);
        if (paid.length > 0)
          expect(Math.abs((summary.average_ticket ?? 0) * paid.length - summary.spend)).toBeLessThanOrEqual(paid.length / 2);
        else expect(summary.average_ticket).toBeNull();
        const kept = rows.filter((r) => r.status !== 2 && r.status !== 3);
        expect(summary.upcoming).toBe(kept.filter((r) => r.starts_at >= NOW).length);
        expect(summary.declined + (summary.no_shows ?? 0) + kept.length).toBe(rows.length);
        const pastKept = kept.filter((r) => r.starts_at < NOW);
        const latest = Math.max(...pastKept.map((r) => r.starts_at.getTime()));
        if (pastKept.length === 0) expect(summary.last_visit).toBeNull();
        else expect(new Date(summary.last_visit?.starts_at ?? 0).getTime()).toBe(latest);
      }),
    );
  });
});
