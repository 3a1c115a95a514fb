import { rangeVersion } from './range-version';

describe('R7.05 rangeVersion (issue 34, the week ETag)', () => {
  const week = (days: Record<string, number>) =>
    Object.entries(days)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([day, version]) => `${day}:${version}`)
      .join(',');

  it('is "0" for a range of days never written', () => {
    expect(rangeVersion('')).toBe('0');
  });

  it('is the same for the same days at the same versions, and short ASCII fit for an ETag', () => {
    const a = rangeVersion(week({ '2026-11-09': 4, '2026-11-11': 9 }));
    expect(rangeVersion(week({ '2026-11-11': 9, '2026-11-09': 4 }))).toBe(a);
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('changes when a writer that took a lower number commits after one that took a higher (the highest stays the same)', () => {
    // B (11, Tuesday) committed first, A (10, Monday) later: the highest is 11 before and after
    const beforeA = rangeVersion(week({ '2026-11-09': 3, '2026-11-10': 11 }));
    const afterA = rangeVersion(week({ '2026-11-09': 10, '2026-11-10': 11 }));
    expect(afterA).not.toBe(beforeA);
  });

  it("changes when a day's number goes down (two writers of one day committing out of order) and when a day is first written", () => {
    const base = week({ '2026-11-09': 12 });
    expect(rangeVersion(week({ '2026-11-09': 9 }))).not.toBe(rangeVersion(base));
    expect(rangeVersion(week({ '2026-11-09': 12, '2026-11-12': 13 }))).not.toBe(rangeVersion(base));
  });

  it('tells the same numbers on other days apart', () => {
    expect(rangeVersion(week({ '2026-11-09': 5 }))).not.toBe(rangeVersion(week({ '2026-11-10': 5 })));
  });
});
