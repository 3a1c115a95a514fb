import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as contracts from '@pawline/contracts';
import * as domain from '@pawline/domain';
import * as i18n from '@pawline/i18n';
import * as nestKit from '@pawline/nest-kit';
import { createTestEnv, until, type TestEnv } from '@pawline/nest-kit/testing';

// The JavaScript the image runs (deploy/build-node.mjs into dist/node, started by deploy/start.cjs): built
// here into a folder of its own, its lazy barrels checked against the TypeScript libraries, and a service
// started from it against a scratch database, as a pod starts.
jest.setTimeout(120_000);

const root = path.resolve(__dirname, '../..');
const out = path.join(root, 'dist', `node-spec-${process.pid}`);

/** Runs a script in a plain node (no jest registry) and answers what it printed as JSON. */
function inNode(script: string): unknown {
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', cwd: root }));
}

describe('the JavaScript of the image', () => {
  let env: TestEnv | null = null;
  let child: ChildProcess | null = null;
  let built = '';

  beforeAll(() => {
    built = execFileSync(process.execPath, [path.join(root, 'deploy', 'build-node.mjs'), out], { encoding: 'utf8', cwd: root });
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await env?.dispose();
    rmSync(out, { recursive: true, force: true });
  });

  it('makes the barrels of contracts, domain, i18n and nest-kit lazy', () => {
    expect(built).toMatch(/(\d+) barrels made lazy/);
    for (const lib of ['contracts', 'domain', 'i18n', 'nest-kit'])
      expect(readFileSync(path.join(out, 'libs', lib, 'src', 'index.js'), 'utf8')).toContain('A lazy barrel');
  });

  it.each([
    ['contracts', contracts],
    ['domain', domain],
    ['i18n', i18n],
    ['nest-kit', nestKit],
  ])('exports from %s what the TypeScript library exports, each name with a value', (lib, typescript) => {
    const index = JSON.stringify(path.join(out, 'libs', lib, 'src', 'index.js'));
    const compiled = inNode(
      `require(${JSON.stringify(path.join(out, 'aliases.cjs'))}).installAliases(${JSON.stringify(out)});
       const m = require(${index});
       const keys = Object.keys(m).sort();
       console.log(JSON.stringify({ keys, missing: keys.filter((key) => m[key] === undefined) }));`,
    ) as { keys: string[]; missing: string[] };
    expect(compiled.keys).toEqual(Object.keys(typescript).sort());
    expect(compiled.missing).toEqual([]);
  });

  it('loads only the contracts a service uses: crm reads a fraction of the 200 contract modules', () => {
    const loaded = inNode(
      `require(${JSON.stringify(path.join(out, 'aliases.cjs'))}).installAliases(${JSON.stringify(out)});
       require(${JSON.stringify(path.join(out, 'services', 'crm', 'src', 'crm.service-definition.js'))});
       const files = Object.keys(require.cache);
       console.log(JSON.stringify({ contracts: files.filter((f) => f.includes('/libs/contracts/')).length }));`,
    ) as { contracts: number };
    expect(loaded.contracts).toBeGreaterThan(10);
    expect(loaded.contracts).toBeLessThan(100);
  });

  it('starts a service from it (no transpiler) that answers /health with its database and NATS up', async () => {
    env = await createTestEnv();
    const port = 43000 + (process.pid % 1000);
    const files = mkdtempSync(path.join(tmpdir(), 'pawline-image-'));
    let stderr = '';
    const started = spawn(process.execPath, [path.join(out, 'start.cjs'), 'crm'], {
      cwd: root,
      env: {
        ...process.env,
        ...env.processEnv,
        NODE_ENV: 'production',
        NODE_OPTIONS: '',
        AUTH_TOKEN_SECRET: 'image-javascript-spec-only-a-secret-of-32-chars',
        LOG_LEVEL: 'warn',
        CRM_FILES_DIR: files,
        PORT: String(port),
        PORT_CRM: String(port),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child = started;
    started.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // the service answers /health, or its process ends (the assertions below show why)
    const health = await until(
      async () =>
        started.exitCode !== null
          ? { exited: started.exitCode }
          : fetch(`http://127.0.0.1:${port}/health`).then(async (response) => ({
              status: response.status,
              body: (await response.json()) as unknown,
            })),
      { timeoutMs: 60_000, what: "the image's crm answers /health" },
    );
    rmSync(files, { recursive: true, force: true });
    expect({ exited: child.exitCode, stderr: child.exitCode === null ? '' : stderr.slice(-2000) }).toEqual({ exited: null, stderr: '' });
    expect(health).toMatchObject({ status: 200, body: { status: 'up', service: 'crm', checks: { postgres: 'up', nats: 'up' } } });
  });

  it('runs the backup CronJob’s upload step as a task of start.cjs, with its exit code', () => {
    const backups = mkdtempSync(path.join(tmpdir(), 'pawline-image-backups-'));
    const task = (env: Record<string, string>) =>
      spawnSync(process.execPath, [path.join(out, 'start.cjs'), 'backup-upload'], {
        cwd: root,
        encoding: 'utf8',
        env: { PATH: process.env['PATH'] ?? '', NODE_ENV: 'production', BACKUP_DIR: backups, ...env },
      });
    try {
      writeFileSync(path.join(backups, 'pawline-20261125T023000Z.dump'), 'a dump');
      const reported = task({});
      expect({ status: reported.status, stdout: reported.stdout }).toEqual({
        status: 0,
        stdout:
          'backup-upload: BACKUP_S3_BUCKET is not set; nothing is copied off the cluster. On the volume: 1 dump(s), newest pawline-20261125T023000Z.dump\n',
      });
      const refused = task({ BACKUP_S3_BUCKET: 'pawline-backups' });
      expect({ status: refused.status, stderr: refused.stderr }).toEqual({
        status: 1,
        stderr: 'backup-upload: BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY are needed with BACKUP_S3_BUCKET\n',
      });
    } finally {
      rmSync(backups, { recursive: true, force: true });
    }
  });
});
