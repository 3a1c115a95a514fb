import fc from 'fast-check';
import { RISK_LEVELS } from '@pawline/contracts';
import { NO_ATTENDANCE, noShowRiskOf, type CustomerAttendance } from './no-show-risk';

type Counts = { total?: number; recent?: number };
function history(parts: {
  noShows?: Counts;
  late?: Counts;
  declines?: Counts;
  kept?: Counts;
  keptSinceLastMiss?: number;
}): CustomerAttendance {
  const count = (c: Counts = {}) => ({ recent: c.recent ?? 0, total: Math.max(c.total ?? 0, c.recent ?? 0) });
  return {
    no_shows: count(parts.noShows),
    late_cancellations: count(parts.late),
    declines: count(parts.declines),
    kept: count(parts.kept),
    kept_since_last_miss: parts.keptSinceLastMiss ?? 0,
  };
}

describe('issue 30 no-show risk of a customer', () => {
  it('a new customer: no risk, nothing to explain, known as new', () => {
    expect(noShowRiskOf(NO_ATTENDANCE)).toEqual({ level: 'none', reasons: [], new_customer: true });
  });

  it('a regular who always came: no risk and not new', () => {
    expect(noShowRiskOf(history({ kept: { total: 14, recent: 3 }, keptSinceLastMiss: 14 }))).toEqual({
      level: 'none',
      reasons: [],
      new_customer: false,
    });
  });

  it('one recent no-show is worth a look, with the reason as data', () => {
    expect(noShowRiskOf(history({ noShows: { recent: 1 }, kept: { total: 4 }, keptSinceLastMiss: 0 }))).toEqual({
      level: 'watch',
      reasons: [{ code: 'no_shows', count: 1, months: 6 }],
      new_customer: false,
    });
  });

  it('two no-shows in the last six months are risky: "2 no-shows in the last 6 months"', () => {
    const risk = noShowRiskOf(history({ noShows: { recent: 2, total: 2 }, kept: { total: 1 }, keptSinceLastMiss: 1 }));
    expect(risk.level).toBe('risky');
    expect(risk.reasons).toEqual([{ code: 'no_shows', count: 2, months: 6 }]);
  });

  it('one old no-show and many kept visits since: no risk at all', () => {
    expect(noShowRiskOf(history({ noShows: { total: 1, recent: 0 }, kept: { total: 12, recent: 3 }, keptSinceLastMiss: 9 }))).toEqual({
      level: 'none',
      reasons: [],
      new_customer: false,
    });
  });

  it('one recent no-show then three kept visits is forgiven, and the screens can say why', () => {
    const risk = noShowRiskOf(history({ noShows: { recent: 1 }, kept: { total: 8, recent: 3 }, keptSinceLastMiss: 3 }));
    expect(risk.level).toBe('none');
    expect(noShowRiskOf(history({ noShows: { recent: 2 }, kept: { total: 8 }, keptSinceLastMiss: 3 }))).toEqual({
      level: 'watch',
      reasons: [
        { code: 'no_shows', count: 2, months: 6 },
        { code: 'kept_since_last_miss', count: 3 },
      ],
      new_customer: false,
    });
  });

  it('repeated late cancellations: two are worth a look, three are risky', () => {
    expect(noShowRiskOf(history({ late: { recent: 1 }, kept: { total: 5 } })).level).toBe('none');
    expect(noShowRiskOf(history({ late: { recent: 2 }, kept: { total: 5 } }))).toMatchObject({
      level: 'watch',
      reasons: [{ code: 'late_cancellations', count: 2, months: 6 }],
    });
    expect(noShowRiskOf(history({ late: { recent: 3 }, kept: { total: 5 } }))).toMatchObject({
      level: 'risky',
      reasons: [{ code: 'late_cancellations', count: 3, months: 6 }],
    });
  });

  it('one no-show and two late cancellations together are risky, both named', () => {
    expect(noShowRiskOf(history({ noShows: { recent: 1 }, late: { recent: 2 }, kept: { total: 2 } }))).toMatchObject({
      level: 'risky',
      reasons: [
        { code: 'no_shows', count: 1, months: 6 },
        { code: 'late_cancellations', count: 2, months: 6 },
      ],
    });
  });

  it('several old no-shows without a fresh one: watch, named over the whole history', () => {
    expect(noShowRiskOf(history({ noShows: { total: 3, recent: 0 }, kept: { total: 6 }, keptSinceLastMiss: 2 }))).toMatchObject({
      level: 'watch',
      reasons: [{ code: 'no_shows', count: 3, months: null }],
    });
  });

  it('cancelling in time, but often, is worth a look and is never "forgiven" as a miss', () => {
    expect(noShowRiskOf(history({ declines: { recent: 3 }, kept: { total: 9 }, keptSinceLastMiss: 9 }))).toMatchObject({
      level: 'watch',
      reasons: [{ code: 'declines', count: 3, months: 6 }],
    });
    expect(noShowRiskOf(history({ declines: { recent: 2 }, kept: { total: 9 } })).level).toBe('none');
  });

  it('for any history: more recent no-shows never lower the level, and "none" never has reasons', () => {
    const counts = fc.record({ total: fc.nat(8), recent: fc.nat(8) });
    fc.assert(
      fc.property(counts, counts, counts, counts, fc.nat(20), (noShows, late, declines, kept, since) => {
        const base = history({ noShows, late, declines, kept, keptSinceLastMiss: since });
        const worse = history({
          noShows: { total: noShows.total + 1, recent: noShows.recent + 1 },
          late,
          declines,
          kept,
          keptSinceLastMiss: 0,
        });
        const [a, b] = [noShowRiskOf(base), noShowRiskOf(worse)];
        expect(RISK_LEVELS.indexOf(b.level)).toBeGreaterThanOrEqual(RISK_LEVELS.indexOf(a.level));
        if (a.level === 'none') expect(a.reasons).toEqual([]);
        else expect(a.reasons.length).toBeGreaterThan(0);
      }),
    );
  });
});
