import { WeekAnswers, etagMatches, weekEtag } from './week-answers';

describe('R7.05 WeekAnswers (issue 34, the gateway keeps recent weeks)', () => {
  const orga = 'o1';

  it('serves a kept week fresh until its organization changes, then only after a check of its version', () => {
    const weeks = new WeekAnswers();
    weeks.keep('o1|s1|w1', orga, weeks.generation(orga), '{"version":"a"}', '"a.all"', 'a');
    expect(weeks.get('o1|s1|w1')).toEqual({ text: '{"version":"a"}', etag: '"a.all"', version: 'a', fresh: true });
    weeks.organizationChanged(orga);
    expect(weeks.get('o1|s1|w1')?.fresh).toBe(false);
    // scheduling said the version is still "a", in a check begun now: fresh again
    weeks.confirm('o1|s1|w1', weeks.generation(orga));
    expect(weeks.get('o1|s1|w1')?.fresh).toBe(true);
  });

  it('keeps an answer read while its organization changed as one to check (the read began before the write)', () => {
    const weeks = new WeekAnswers();
    const before = weeks.generation(orga);
    weeks.organizationChanged(orga); // the write's event arrives while the read is under way
    weeks.keep('o1|s1|w1', orga, before, '{"version":"old"}', '"old.all"', 'old');
    expect(weeks.get('o1|s1|w1')?.fresh).toBe(false);
    // a check begun before another change does not make it fresh after that change
    const checkBegan = weeks.generation(orga);
    weeks.organizationChanged(orga);
    weeks.confirm('o1|s1|w1', checkBegan);
    expect(weeks.get('o1|s1|w1')?.fresh).toBe(false);
  });

  it("a change of one organization leaves another's weeks fresh", () => {
    const weeks = new WeekAnswers();
    weeks.keep('o1|s1|w1', 'o1', 0, 'a', '"a"', 'a');
    weeks.keep('o2|s2|w1', 'o2', 0, 'b', '"b"', 'b');
    weeks.organizationChanged('o1');
    expect(weeks.get('o1|s1|w1')?.fresh).toBe(false);
    expect(weeks.get('o2|s2|w1')).toMatchObject({ text: 'b', fresh: true });
  });

  it('checks an answer older than its age bound, and forgets the least recently used beyond its size', () => {
    let now = 0;
    const weeks = new WeekAnswers(10, 60_000, () => now);
    weeks.keep('k1', orga, 0, '12345', '"1"', '1');
    weeks.keep('k2', orga, 0, '12345', '"2"', '2');
    expect(weeks.get('k1')).toBeDefined(); // k1 now most recent
    weeks.keep('k3', orga, 0, '12345', '"3"', '3');
    expect([weeks.get('k1'), weeks.get('k2'), weeks.get('k3')].map((e) => e?.etag)).toEqual(['"1"', undefined, '"3"']);
    now = 60_001;
    expect(weeks.get('k1')?.fresh).toBe(false);
  });
});

describe('etagMatches', () => {
  it('reads a list, weak tags and *', () => {
    expect(etagMatches(undefined, '"a"')).toBe(false);
    expect(etagMatches('"b", W/"a"', '"a"')).toBe(true);
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches('"ab"', '"a"')).toBe(false);
  });

  it('tells plans apart: the same days read with another history window are another tag', () => {
    expect(weekEtag('v1', 'all')).not.toBe(weekEtag('v1', '2026-09-08'));
  });
});
