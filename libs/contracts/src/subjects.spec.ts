import { subjectTable } from './subjects';

describe('subject table', () => {
  const rows = subjectTable();

  it('lists every contract once, under a unique subject', () => {
    const subjects = rows.map((row) => row.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
    expect(rows.length).toBeGreaterThan(20);
  });

  it('names each subject after the service that owns it', () => {
    for (const row of rows) {
      const prefix = row.kind === 'event' ? 'evt' : row.kind;
      expect(row.subject.startsWith(`${prefix}.${row.service}.`)).toBe(true);
    }
  });

  it('versions every event subject', () => {
    for (const row of rows.filter((r) => r.kind === 'event')) expect(row.subject).toMatch(/\.v[0-9]+$/);
  });

  it('holds the identity auth subjects the gateway maps', () => {
    const subjects = rows.map((row) => row.subject);
    for (const verb of ['register', 'verify-email', 'login', 'refresh', 'logout', 'logout-all']) {
      expect(subjects).toContain(`rpc.identity.auth.${verb}`);
    }
  });
});
