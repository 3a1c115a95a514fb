import { formatReport, goalsOf, sumTransfer, type Phase } from './bundle-table';

const login: Phase = {
  name: 'login',
  scripts: [
    { path: '/main.js', transferBytes: 120_000, decodedBytes: 400_000, encoding: 'br' },
    { path: '/a.js', transferBytes: 60_000, decodedBytes: 200_000, encoding: 'br' },
  ],
};
const calendar: Phase = {
  name: 'calendar',
  scripts: [{ path: '/remotes/calendar/remoteEntry.js', transferBytes: 200_000, decodedBytes: 0, encoding: '' }],
};

describe('bundle bench table', () => {
  it('sums what came over the wire, not the decoded size', () => {
    expect(sumTransfer(login.scripts)).toBe(180_000);
  });

  it('counts the login page alone, then the login page and the calendar together', () => {
    const [first, all] = goalsOf([login, calendar], 200_000, 350_000);
    expect(first).toEqual({ label: 'login page', limitBytes: 200_000, actualBytes: 180_000 });
    expect(all?.actualBytes).toBe(380_000);
  });

  it('prints the largest chunk first, the totals and which goal is met', () => {
    const report = formatReport([login, calendar], goalsOf([login, calendar], 200_000, 350_000));
    expect(report.indexOf('/main.js')).toBeLessThan(report.indexOf('/a.js'));
    expect(report).toMatch(/total\s+180\.0 KB\s+600\.0 KB/);
    expect(report).toMatch(/login page: 180\.0 KB of at most 200\.0 KB → met/);
    expect(report).toMatch(/login \+ calendar after signing in: 380\.0 KB of at most 350\.0 KB → NOT met/);
  });
});
