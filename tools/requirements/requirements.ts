// Reads docs/requirements.md, the spec's rules.md and the rule ids the repository cites, so that
// requirements.spec.ts can hold them together (docs/requirements.md says how to keep it up to date).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import * as ts from 'typescript';

/** A rule id of the spec's rules.md: R<section>.<two digits>. */
export const RULE_ID = /\bR\d\.\d\d\b/g;

export type RuleStatus = 'built' | 'helper' | 'not-built';

export const STATUS_MARKS: Readonly<Record<Exclude<RuleStatus, 'built'>, string>> = {
  helper: '*helper exists, no caller yet*',
  'not-built': '*not yet built/proven*',
};

export type Requirement = {
  id: string;
  status: RuleStatus;
  /** 1-based line in docs/requirements.md */
  line: number;
  /** repository paths written in backticks on the line */
  paths: string[];
};

export type RequirementsDoc = { entries: Requirement[]; problems: string[] };

const ENTRY = /^- (R\d\.\d\d) (.+)$/;
const PATH_IN_BACKTICKS = /`([\w@.-]+(?:\/[\w@.-]+)+\.\w+)`/g;

/** One entry per line `- R1.02 what Pawline does …`; a status mark right after the id changes its status. */
export function parseRequirements(markdown: string): RequirementsDoc {
  const entries: Requirement[] = [];
  const problems: string[] = [];
  const seen = new Map<string, number>();
  markdown.split('\n').forEach((text, index) => {
    const line = index + 1;
    if (!/^- R\d/.test(text)) return;
    const match = ENTRY.exec(text);
    if (!match) {
      problems.push(`docs/requirements.md:${line}: an entry reads '- R<digit>.<two digits> <text>': ${text}`);
      return;
    }
    const [, id, rest] = match;
    const status: RuleStatus = rest.startsWith(STATUS_MARKS['not-built'])
      ? 'not-built'
      : rest.startsWith(STATUS_MARKS.helper)
        ? 'helper'
        : 'built';
    const earlier = seen.get(id);
    if (earlier !== undefined) problems.push(`${id}: listed twice in docs/requirements.md (lines ${earlier} and ${line})`);
    seen.set(id, line);
    entries.push({ id, status, line, paths: [...rest.matchAll(PATH_IN_BACKTICKS)].map((m) => m[1]) });
  });
  return { entries, problems };
}

/** The ids of rules.md, in its order (`- R1.01 …` lines). */
export function ruleIdsOf(rulesMarkdown: string): string[] {
  return rulesMarkdown
    .split('\n')
    .map((text) => /^- (R\d\.\d\d)\b/.exec(text)?.[1])
    .filter((id): id is string => id !== undefined);
}

export function idsIn(text: string): string[] {
  return [...new Set(text.match(RULE_ID) ?? [])];
}

const TEST_FILE = /\.(spec|test|integration-spec|e2e-spec)\.(ts|tsx|js|mjs|cjs)$/;
const TEST_FUNCTIONS = new Set(['it', 'test', 'describe', 'fit', 'xit', 'fdescribe', 'xdescribe']);

export function isTestFile(path: string): boolean {
  return TEST_FILE.test(path);
}

/** it/test/describe of `it.each(rows)(…)`, `describe.skip(…)`, `it(…)`; undefined for anything else. */
function testFunctionOf(callee: ts.Expression): string | undefined {
  if (ts.isIdentifier(callee)) return TEST_FUNCTIONS.has(callee.text) ? callee.text : undefined;
  if (ts.isPropertyAccessExpression(callee)) return testFunctionOf(callee.expression);
  if (ts.isCallExpression(callee)) return testFunctionOf(callee.expression);
  return undefined;
}

export type TestTitle = { title: string; line: number };

/** The first argument, as written, of every it/test/describe call in a test file. */
export function testTitlesOf(path: string, source: string): TestTitle[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, false, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const titles: TestTitle[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.arguments.length > 0 && testFunctionOf(node.expression) !== undefined) {
      // `it.each(rows)` is itself a call: its argument is the table, not a title
      const isTable = ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'each';
      const first = node.arguments[0];
      if (!isTable) titles.push({ title: first.getText(file), line: file.getLineAndCharacterOfPosition(first.getStart(file)).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return titles;
}

const SCANNED = /\.(ts|tsx|cjs|mjs|md)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'tmp', 'test-results']);

/** Tracked and new (not ignored) files; a plain walk where git is not at hand. */
export function repositoryFiles(root: string): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return [...new Set(out.split('\0').filter(Boolean))].filter((path) => existsSync(join(root, path))).sort();
  } catch {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        if (name.startsWith('.') || SKIPPED_DIRS.has(name)) continue;
        const full = join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else files.push(relative(root, full));
      }
    };
    walk(root);
    return files.sort();
  }
}

/**
 * The spec's rules.md beside the checkout (<x>/main and <x>/shared/spec/rules.md); for a git
 * worktree, also the one beside its main checkout. Undefined when there is none.
 */
export function rulesFileBeside(root: string): string | undefined {
  const candidates = [resolve(root, '..', 'shared', 'spec', 'rules.md')];
  try {
    const commonDir = execFileSync('git', ['rev-parse', '--path-format=absolute', '--git-common-dir'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    candidates.push(resolve(commonDir, '..', '..', 'shared', 'spec', 'rules.md'));
  } catch {
    // not a git checkout: only the directory beside it counts
  }
  return candidates.find((file) => existsSync(file));
}

export type Citation = { id: string; file: string; line: number; inTestTitle: boolean; title?: string };

/**
 * Every rule id written in the repository's .ts/.tsx/.cjs/.mjs files and documents, with whether
 * it stands in a test title. `excluded` paths (this check and the requirements document) are skipped.
 */
export function citationsIn(root: string, files: readonly string[], excluded: (path: string) => boolean): Citation[] {
  const citations: Citation[] = [];
  for (const file of files) {
    if (!SCANNED.test(file) || excluded(file)) continue;
    const source = readFileSync(join(root, file), 'utf8');
    if (idsIn(source).length === 0) continue;
    const titled = new Set<string>();
    if (isTestFile(file)) {
      for (const { title, line } of testTitlesOf(file, source)) {
        for (const id of idsIn(title)) {
          citations.push({ id, file, line, inTestTitle: true, title });
          titled.add(`${id}:${line}`);
        }
      }
    }
    source.split('\n').forEach((text, index) => {
      for (const id of idsIn(text))
        if (!titled.has(`${id}:${index + 1}`)) citations.push({ id, file, line: index + 1, inTestTitle: false });
    });
  }
  return citations;
}
