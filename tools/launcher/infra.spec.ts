import { ensureNats, ensurePostgres, ensureRedis, InfraError, onPath, redact } from './infra.cjs';
import { freePort } from './probes.cjs';

const log = (): void => undefined;

describe('infrastructure: reuse what answers, never replace what the user named', () => {
  it('reuses the NATS with JetStream of this machine', async () => {
    const url = process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222';
    const nats = await ensureNats({ url, explicit: false, log });
    expect(nats).toMatchObject({ url, state: 'reused' });
    await nats.stop();
  });

  it('reuses the Postgres of this machine and keeps its URL', async () => {
    const url = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/pawline';
    const postgres = await ensurePostgres({ url, explicit: false, log });
    expect(postgres).toMatchObject({ url, state: 'reused' });
  });

  it('stops with a message naming DATABASE_URL when an explicit one does not answer', async () => {
    const port = await freePort();
    const attempt = ensurePostgres({ url: `postgres://app:secret@127.0.0.1:${port}/pawline`, explicit: true, log });
    await expect(attempt).rejects.toThrow(InfraError);
    await expect(attempt).rejects.toThrow(`DATABASE_URL=postgres://app:***@127.0.0.1:${port}/pawline does not answer (ECONNREFUSED)`);
  });

  it('stops with a message naming NATS_URL when an explicit one does not answer', async () => {
    const port = await freePort();
    await expect(ensureNats({ url: `nats://127.0.0.1:${port}`, explicit: true, log })).rejects.toThrow(
      `NATS_URL=nats://127.0.0.1:${port} does not answer with JetStream`,
    );
  });

  it('stops with a message naming REDIS_URL when an explicit one does not answer, and runs without Redis when told off', async () => {
    const port = await freePort();
    await expect(ensureRedis({ url: `redis://127.0.0.1:${port}`, explicit: true, log })).rejects.toThrow('or set REDIS_URL=off');
    await expect(ensureRedis({ url: 'off', explicit: true, log })).resolves.toMatchObject({ url: 'off', state: 'off' });
  });

  it('hides passwords in the messages and finds binaries on the PATH', () => {
    expect(redact('redis://:hunter2@127.0.0.1:6379')).toBe('redis://:***@127.0.0.1:6379');
    expect(onPath('sh')).toMatch(/\/sh$/);
    expect(onPath('surely-not-a-binary-of-this-machine')).toBeNull();
  });
});
