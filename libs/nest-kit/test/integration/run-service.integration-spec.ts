import { spawn } from 'node:child_process';
import path from 'node:path';
import { healthRpc } from '@pawline/contracts';
import { createTestEnv, until, type TestEnv } from '../../src/testing';
import { createNoteRpc } from '../fixtures/fixture.contracts';
import { fixtureService } from '../fixtures/fixture.service-definition';
import { seenNotesRpc, watcherService } from '../fixtures/relay-watcher.service-definition';

const root = path.resolve(__dirname, '../../../..');
const call = { auth: null, lang: 'en', timeoutMs: 2000 };

function runFixture(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['-r', path.join(root, 'tools/swc/register.cjs'), path.join(__dirname, '../fixtures/fixture-run.ts')],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

describe('runService and services without a database (real Postgres and NATS)', () => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await createTestEnv();
  }, 30_000);

  afterAll(async () => {
    await env?.dispose();
  }, 60_000);

  it('exits 1 with a message naming the variable when the configuration is bad', async () => {
    const run = runFixture({ ...env.processEnv, PORT_FIXTURE: 'abc' });
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toContain('PORT_FIXTURE="abc"');
  }, 30_000);

  it('closes gracefully and exits 0 on SIGTERM', async () => {
    const run = runFixture(env.processEnv);
    const client = env.rpcClient();
    await until(
      async () =>
        await client.call(healthRpc('fixture'), {}, call).then(
          () => true,
          () => false,
        ),
      { timeoutMs: 30_000, what: 'the service to answer' },
    );
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.stderr()).toContain('SIGTERM, closing');
    await expect(client.call(healthRpc('fixture'), {}, { ...call, timeoutMs: 500 })).rejects.toMatchObject({ code: 'service_unavailable' });
  }, 60_000);

  it('runs a database: false service with RPC, health and a non-transactional consumer', async () => {
    const watcher = await env.start(watcherService);
    await env.start(fixtureService);
    const client = env.rpcClient();
    const { id } = await client.call(createNoteRpc, { text: 'seen by the watcher', tags: [] }, call);
    await until(async () => (await client.call(seenNotesRpc, {}, call)).noteIds.includes(id), {
      timeoutMs: 20_000,
      what: 'the watcher to see the event',
    });
    expect(await client.call(healthRpc('watcher'), {}, call)).toEqual({
      status: 'up',
      service: 'watcher',
      checks: { postgres: 'up', nats: 'up' },
      deadLetters: 0,
    });
    const res = await fetch(`${watcher.httpUrl}/health`);
    expect(res.status).toBe(200);
  }, 60_000);
});
