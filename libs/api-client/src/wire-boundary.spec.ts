import { readdirSync, readFileSync, type Dirent } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

// The shell and the remotes reach the gateway only through the declared routes (API_ROUTES, whose
// every entry tsc checks against libs/contracts and the gateway's table binds): a URL written by
// hand or a fetch of its own would bypass both. Test code may spell URLs out to check the wire.

const ROOT = join(__dirname, '../../..');
const SCANNED = [
  join(ROOT, 'libs/api-client/src'),
  ...readdirSync(join(ROOT, 'frontends')).map((name) => join(ROOT, 'frontends', name, 'src')),
];
// the routes' own file and its renderer; http.ts holds the one fetch every call goes through
const ALLOWED = ['api-routes.generated.ts', 'api-routes.render.ts', 'http.ts'].map((name) => join(ROOT, 'libs/api-client/src', name));
const TEST_CODE = /(\.spec\.tsx?|\.test\.tsx?)$|\/(test-support|testing)\//;

function sourceFiles(dir: string): string[] {
  let entries: Dirent[] = [];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const API_PATH = /\/api(\/|$)/;

/** Hand-made ways to the gateway in one file: string or template text with an /api path, and calls of fetch. */
export function wireBypasses(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const where = (node: ts.Node) => `${fileName}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    const text = ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node);
    const moduleName = text && (ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent));
    if (text && !moduleName && API_PATH.test(node.text)) {
      found.push(`${where(node)} URL text ${JSON.stringify(node.text)}`);
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
      const target = ts.isPropertyAccessExpression(callee) ? callee.expression.getText(source) : '';
      if (name === 'fetch' && (ts.isIdentifier(callee) || target === 'window' || target === 'globalThis'))
        found.push(`${where(node)} fetch()`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the way from the browser to the gateway', () => {
  it('finds a hand-written URL and a fetch of its own (the check itself can fail)', () => {
    const bad = "const a = `/api/v1/orga/${id}`; const b = '/api/v1/user'; void fetch(a); // '/api/v1' in a comment is fine";
    expect(wireBypasses('bad.ts', bad)).toEqual([
      'bad.ts:1 URL text "/api/v1/orga/"',
      'bad.ts:1 URL text "/api/v1/user"',
      'bad.ts:1 fetch()',
    ]);
  });

  it('frontends and libs/api-client name no /api path and call no fetch outside the generated routes and http.ts', () => {
    const files = SCANNED.flatMap(sourceFiles).filter((file) => !ALLOWED.includes(file) && !TEST_CODE.test(file));
    expect(files.length).toBeGreaterThan(50);
    const bypasses = files.flatMap((file) => wireBypasses(relative(ROOT, file), readFileSync(file, 'utf8')));
    expect(bypasses).toEqual([]);
  });
});
