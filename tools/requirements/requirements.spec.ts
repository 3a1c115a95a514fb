import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  citationsIn,
  isTestFile,
  parseRequirements,
  repositoryFiles,
  rulesFileBeside,
  ruleIdsOf,
  STATUS_MARKS,
  testTitlesOf,
  type Citation,
  type Requirement,
} from './requirements';

const root = resolve(__dirname, '..', '..');
const REQUIREMENTS = 'docs/requirements.md';
const rulesFile = rulesFileBeside(root);

// This folder's fixtures name rule ids without citing them; the document lists every id anyway.
const excluded = (path: string): boolean => path === REQUIREMENTS || path.startsWith('tools/requirements/');

describe('docs/requirements.md', () => {
  const doc = parseRequirements(readFileSync(join(root, REQUIREMENTS), 'utf8'));
  const byId = new Map(doc.entries.map((entry) => [entry.id, entry]));
  const files = repositoryFiles(root);
  const citations = citationsIn(root, files, excluded);
  const where = (c: Citation): string => `${c.file}:${c.line}`;

  it('has one well-formed line per rule id', () => {
    expect(doc.problems).toEqual([]);
    expect(doc.entries.length).toBeGreaterThan(0);
  });

  it('(a) lists every rule id the code, tests and documents cite', () => {
    const missing = new Map<string, string[]>();
    for (const c of citations) if (!byId.has(c.id)) missing.set(c.id, [...(missing.get(c.id) ?? []), where(c)]);
    const problems = [...missing]
      .sort()
      .map(
        ([id, places]) =>
          `${id}: cited in ${places.slice(0, 5).join(', ')}${places.length > 5 ? ' …' : ''} but missing from ${REQUIREMENTS}`,
      );
    expect(problems).toEqual([]);
  });

  it('(b) lists the rules of ../shared/spec/rules.md and nothing else', () => {
    if (rulesFile === undefined) {
      console.info(`no shared/spec/rules.md beside the checkout: whether ${REQUIREMENTS} names only spec rules is not checked here`);
      return;
    }
    const ruleIds = ruleIdsOf(readFileSync(rulesFile, 'utf8'));
    expect(ruleIds.length).toBeGreaterThan(0);
    const known = new Set(ruleIds);
    const problems = [
      ...doc.entries.filter((e) => !known.has(e.id)).map((e) => `${e.id}: ${REQUIREMENTS}:${e.line} names a rule rules.md does not have`),
      ...ruleIds.filter((id) => !byId.has(id)).map((id) => `${id}: rules.md has it but ${REQUIREMENTS} does not list it`),
    ];
    expect(problems).toEqual([]);
  });

  it('(c) no test title cites a rule it marks as not yet built or as a helper without a caller', () => {
    const problems = citations
      .filter((c) => c.inTestTitle && (byId.get(c.id)?.status ?? 'built') !== 'built')
      .map((c) => {
        const entry = byId.get(c.id) as Requirement;
        const mark = entry.status === 'helper' ? STATUS_MARKS.helper : STATUS_MARKS['not-built'];
        return `${c.id}: the test title at ${where(c)} claims it, but ${REQUIREMENTS}:${entry.line} says ${mark} (prove it through the product and mark it built there, or take the id out of the title)`;
      });
    expect(problems).toEqual([]);
  });

  it('names only paths that exist, and as proof of a built rule only tests whose titles cite it', () => {
    const titled = new Set(citations.filter((c) => c.inTestTitle).map((c) => `${c.id} ${c.file}`));
    const problems: string[] = [];
    for (const entry of doc.entries) {
      for (const path of entry.paths) {
        if (!existsSync(join(root, path))) problems.push(`${entry.id}: ${REQUIREMENTS}:${entry.line} names ${path}, which does not exist`);
        else if (entry.status === 'built' && isTestFile(path) && !titled.has(`${entry.id} ${path}`))
          problems.push(`${entry.id}: ${REQUIREMENTS}:${entry.line} names ${path} as proof, but no test title there cites ${entry.id}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('reading the requirements', () => {
  it('takes the status from the mark after the id and the paths from backticks', () => {
    const doc = parseRequirements(
      [
        '## 4 States',
        '- R4.05 Snackbars are coloured by type. Proven by `libs/ui/src/snackbar/snackbar-store.spec.ts`.',
        `- R4.08 ${STATUS_MARKS.helper}: the trial banner days, \`libs/domain/src/subscription/subscription.ts\``,
        `- R4.10 ${STATUS_MARKS['not-built']}: the out-of-plan dialog.`,
        '- R4.1 a broken line',
        '- R4.05 again',
      ].join('\n'),
    );
    expect(doc.entries.map((e) => [e.id, e.status, e.line, e.paths])).toEqual([
      ['R4.05', 'built', 2, ['libs/ui/src/snackbar/snackbar-store.spec.ts']],
      ['R4.08', 'helper', 3, ['libs/domain/src/subscription/subscription.ts']],
      ['R4.10', 'not-built', 4, []],
      ['R4.05', 'built', 6, []],
    ]);
    expect(doc.problems).toEqual([
      expect.stringContaining('docs/requirements.md:5'),
      'R4.05: listed twice in docs/requirements.md (lines 2 and 6)',
    ]);
  });

  it('reads the rule ids of rules.md', () => {
    expect(ruleIdsOf('## 1 Product\n- R1.01 An organization …\n- R1.02 Registration …\ntext R1.03\n')).toEqual(['R1.01', 'R1.02']);
  });

  it('finds the titles of it, test and describe, with each, skip and only, across lines', () => {
    const source = [
      "describe('R6.01 ranks', () => {",
      "  it.each([1, 2])('R6.02 rank %i', () => undefined);",
      '  describe.each([{ a: 1 }])(`R6.03 $a`, () => {',
      '    test.skip(',
      "      'R6.04 reaches stores',",
      '      () => undefined,',
      '    );',
      '  });',
      "  // R6.05 a comment, not a title: it('R6.06 neither')",
      "  expect(items).toEqual(['R6.07']);",
      '});',
    ].join('\n');
    expect(testTitlesOf('a.spec.ts', source)).toEqual([
      { title: "'R6.01 ranks'", line: 1 },
      { title: "'R6.02 rank %i'", line: 2 },
      { title: '`R6.03 $a`', line: 3 },
      { title: "'R6.04 reaches stores'", line: 5 },
    ]);
  });

  it('tells test files by name', () => {
    for (const path of ['a.spec.ts', 'A.spec.tsx', 'b.test.tsx', 'test/integration/c.integration-spec.ts', 'e2e/d.e2e-spec.ts'])
      expect(isTestFile(path)).toBe(true);
    for (const path of ['a.ts', 'e2e/support/pointer.ts', 'README.md']) expect(isTestFile(path)).toBe(false);
  });
});
