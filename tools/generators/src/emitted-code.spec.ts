import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// What the generators emit is real code: a throw-away service and remote generated into a copy of
// the workspace under tmp/ (ignored by git, lint, tsc and jest's project globs) must type-check,
// be formatted, and pass their own unit specs and the specs that read what they registered.

const root = path.resolve(__dirname, '../../..');
const NAME = 'kennel-probe';
// a project of its own name: Nx refuses two projects named alike
const REMOTE = 'kennel-view';
// the copy leaves out what is large or generated; node_modules resolves from the real root above it
const LEFT_OUT = new Set(['node_modules', '.git', 'dist', 'tmp', '.data', '.nx', 'coverage', 'test-results']);

// Runs the collection's factories (index.cjs) the way `nx g` does, in a plain Node process: prettier
// (formatFiles) cannot load inside jest, and a real run formats what it writes.
const GENERATE = `
const { FsTree, flushChanges } = require('nx/src/generators/tree');
const service = require('./tools/generators/src/service/index.cjs');
const remote = require('./tools/generators/src/remote/index.cjs');
(async () => {
  const tree = new FsTree(process.cwd(), false);
  await service(tree, { name: '${NAME}' });
  await remote(tree, { name: '${REMOTE}', who: 'store_reader', premium: true });
  const changes = tree.listChanges();
  flushChanges(process.cwd(), changes);
  process.stdout.write(JSON.stringify(changes.map(({ path, type }) => ({ path, type }))));
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
`;

type FileChange = { path: string; type: 'CREATE' | 'UPDATE' | 'DELETE' };

type Run = { code: number | null; stdout: string; stderr: string };

function run(command: string | null, args: string[], cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    // the inner jest is a run of its own, not a worker of the jest running this file
    const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0' };
    delete env['JEST_WORKER_ID'];
    const child = spawn(process.execPath, command ? [command, ...args] : args, { cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('generated service and remote (a copy of the workspace under tmp/)', () => {
  let copy = '';
  let changes: FileChange[] = [];
  let typecheck: Promise<Run>;
  let unitSpecs: Promise<Run>;
  let formatting: Promise<Run>;
  const bin = (file: string) => path.join(root, 'node_modules', file);

  beforeAll(async () => {
    mkdirSync(path.join(root, 'tmp'), { recursive: true });
    copy = mkdtempSync(path.join(root, 'tmp', 'generators-'));
    for (const entry of readdirSync(root).filter((name) => !LEFT_OUT.has(name)))
      cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
    const generated = await run(null, ['-e', GENERATE], copy);
    if (generated.code !== 0) throw new Error(`the generators failed:\n${generated.stderr}`);
    changes = JSON.parse(generated.stdout) as FileChange[];

    const written = changes.filter((change) => change.type !== 'DELETE').map((change) => change.path);
    const typescript = written.filter((file) => /\.tsx?$/.test(file));
    // the shell's manifest reader type-checks the manifest the remote generator extended
    writeFileSync(
      path.join(copy, 'tsconfig.generated.json'),
      JSON.stringify({ extends: './tsconfig.base.json', files: [...typescript, 'frontends/shell/src/remotes/remote-manifest.ts'] }),
    );
    // the three run side by side: two cores, and tsc waits on files while jest starts its workers
    typecheck = run(bin('typescript/bin/tsc'), ['-p', 'tsconfig.generated.json', '--noEmit'], copy);
    unitSpecs = run(
      bin('jest/bin/jest.js'),
      [
        '--ci',
        '--maxWorkers=2',
        '--projects',
        `services/${NAME}/jest.config.cjs`,
        `frontends/${REMOTE}/jest.config.cjs`,
        'libs/contracts/jest.config.cjs',
        'libs/api-client/jest.config.cjs',
        'services/gateway/jest.config.cjs',
        'libs/i18n/jest.config.cjs',
        'frontends/shell/jest.config.cjs',
        '--testPathPatterns',
        `services/${NAME}/src/`,
        `frontends/${REMOTE}/src/`,
        'libs/contracts/src/subjects.spec',
        'libs/contracts/src/http/http-routes.spec',
        'libs/api-client/src/api-routes.generated.spec',
        'libs/api-client/src/wire-boundary.spec',
        'services/gateway/src/routes/gateway.routes.spec',
        'libs/i18n/src/translator.spec',
        'frontends/shell/src/remotes/remote-manifest.spec',
        '--json',
      ],
      copy,
    );
    formatting = run(bin('prettier/bin/prettier.cjs'), ['--check', ...written.filter((file) => !file.endsWith('.md'))], copy);
  }, 60_000);

  afterAll(async () => {
    await Promise.allSettled([typecheck, unitSpecs, formatting]);
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('registers the service and the remote where the platform looks for them', () => {
    const updated = changes.filter((change) => change.type === 'UPDATE').map((change) => change.path);
    expect(updated.sort()).toEqual(
      [
        'frontends/shell/src/remotes/remotes.manifest.json',
        'libs/api-client/src/api-routes.generated.ts',
        'libs/contracts/src/http/http-routes.spec.ts',
        'libs/contracts/src/http/index.ts',
        'libs/contracts/src/index.ts',
        'libs/contracts/src/subjects.ts',
        'libs/i18n/src/catalogues.ts',
        ...['de', 'en', 'fr', 'it'].map((language) => `libs/i18n/src/locales/${language}/shell.json`),
        'libs/i18n/src/namespaces.ts',
        'services/gateway/src/routes/gateway.routes.ts',
        'tools/launcher/stack.cjs',
      ].sort(),
    );
    const read = (file: string) => readFileSync(path.join(copy, file), 'utf8');
    expect(read('services/gateway/src/routes/gateway.routes.ts')).toContain('...kennelProbeRoutes,');
    expect(read('libs/contracts/src/http/index.ts')).toContain('  ...kennelProbeHttpRoutes,\n} as const;');
    expect(read('libs/api-client/src/api-routes.generated.ts')).toContain(
      "  createKennelProbeNote: { method: 'post', path: '/api/v1/orga/:orga/kennel-probe/note' },\n};",
    );
    const port = /defaultPort: (\d+)/.exec(read(`services/${NAME}/src/${NAME}.service-definition.ts`))?.[1];
    expect(read('tools/launcher/stack.cjs')).toContain(`'${NAME}': ${port},`);
    expect(JSON.parse(read('frontends/shell/src/remotes/remotes.manifest.json')).remotes.at(-1)).toMatchObject({
      name: REMOTE,
      routes: [{ path: `/:orgaId/store/:storeId/${REMOTE}/*`, export: 'KennelViewRoutes', who: 'store_reader' }],
      drawer: [{ id: REMOTE, label: 'shell.navKennelView', who: 'store_reader', premium: true }],
    });
  });

  it('emits code that type-checks with what it registered', async () => {
    const { code, stdout, stderr } = await typecheck;
    expect(`${stdout}${stderr}`.trim()).toBe('');
    expect(code).toBe(0);
  }, 150_000);

  it('emits formatted code (prettier, as npm test checks)', async () => {
    const { code, stdout, stderr } = await formatting;
    expect(`${stdout}${stderr}`).toContain('All matched files use Prettier code style!');
    expect(code).toBe(0);
  }, 150_000);

  it('passes its own unit specs and the checks of what it registered: subject table, route declarations and bindings, API_ROUTES, the wire boundary, catalogues, shell manifest', async () => {
    const { code, stdout, stderr } = await unitSpecs;
    if (code !== 0) console.error(stderr);
    const report = JSON.parse(stdout) as {
      numFailedTests: number;
      numPassedTests: number;
      testResults: { name: string; status: string }[];
    };
    const suites = report.testResults.map((suite) => path.relative(copy, suite.name)).sort();
    expect(suites).toEqual([
      `frontends/${REMOTE}/src/routes.spec.tsx`,
      'frontends/shell/src/remotes/remote-manifest.spec.ts',
      'libs/api-client/src/api-routes.generated.spec.ts',
      'libs/api-client/src/wire-boundary.spec.ts',
      'libs/contracts/src/http/http-routes.spec.ts',
      'libs/contracts/src/subjects.spec.ts',
      'libs/i18n/src/translator.spec.ts',
      'services/gateway/src/routes/gateway.routes.spec.ts',
      `services/${NAME}/src/${NAME}.module.spec.ts`,
      `services/${NAME}/src/${NAME}.service-definition.spec.ts`,
      `services/${NAME}/src/note/note.handlers.spec.ts`,
    ]);
    expect(report.testResults.filter((suite) => suite.status !== 'passed').map((suite) => suite.name)).toEqual([]);
    expect(report.numFailedTests).toBe(0);
    expect(code).toBe(0);
  }, 150_000);
});
