import { WeekAnswers, etagMatches, weekEtag } from './week-answers';

describe('R7.05 WeekAnswers (issue 34, the gateway keeps recent weeks)', () => {
  const orga = 'o1';

  it('serves a kept week until its organization changes, then reads again', () => {
    const weeks = new WeekAnswers();
    const g = weeks.generation(orga);
    expect(weeks.keep('o1|s1|w1', orga, g, '{"version":"a"}', '"a.all"')).toBe(true);
    expect(weeks.get('o1|s1|w1')?.etag).toBe('"a.all"');
    weeks.dropOrganization(orga);
    expect(weeks.get('o1|s1|w1')).toBeUndefined();
  });

  it('does not keep an answer read while its organization changed (the read began before the write)', () => {
    const weeks = new WeekAnswers();
    const before = weeks.generation(orga);
    weeks.dropOrganization(orga); // the write's event arrives while the read is under way
    expect(weeks.keep('o1|s1|w1', orga, before, '{"version":"old"}', '"old.all"')).toBe(false);
    expect(weeks.get('o1|s1|w1')).toBeUndefined();
    expect(weeks.keep('o1|s1|w1', orga, weeks.generation(orga), '{"version":"new"}', '"new.all"')).toBe(true);
  });

  it("a change of one organization leaves another's weeks kept", () => {
    const weeks = new WeekAnswers();
    weeks.keep('o1|s1|w1', 'o1', 0, 'a', '"a"');
    weeks.keep('o2|s2|w1', 'o2', 0, 'b', '"b"');
    weeks.dropOrganization('o1');
    expect(weeks.get('o1|s1|w1')).toBeUndefined();
    expect(weeks.get('o2|s2|w1')?.text).toBe('b');
  });

  it('forgets an answer older than its age bound, and the least recently used beyond its size', () => {
    let now = 0;
    const weeks = new WeekAnswers(10, 60_000, () => now);
    weeks.keep('k1', orga, 0, '12345', '"1"');
    weeks.keep('k2', orga, 0, '12345', '"2"');
    expect(weeks.get('k1')).toBeDefined(); // k1 now most recent
    weeks.keep('k3', orga, 0, '12345', '"3"');
    expect([weeks.get('k1'), weeks.get('k2'), weeks.get('k3')].map((e) => e?.etag)).toEqual(['"1"', undefined, '"3"']);
    now = 60_001;
    expect(weeks.get('k1')).toBeUndefined();
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
