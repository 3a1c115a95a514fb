import { createServer, type Server, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { probeNats, probeRedis, probePostgres, dropDatabase, withDatabase, freePort, isListening } from './probes.cjs';

/** A TCP server on a random port whose replies we script, to test the probes' protocol reading. */
async function fakeServer(
  onConnection: (socket: Socket) => void,
): Promise<{ url: (scheme: string) => string; close: () => Promise<void> }> {
  const server: Server = createServer(onConnection);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: (scheme) => `${scheme}://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('infrastructure probes', () => {
  it('accepts a NATS server whose INFO line says jetstream true', async () => {
    const server = await fakeServer((s) => s.write('INFO {"server_id":"x","version":"2.10.0","jetstream":true}\r\n'));
    try {
      await expect(probeNats(server.url('nats'))).resolves.toEqual({ ok: true, jetstream: true, version: '2.10.0' });
    } finally {
      await server.close();
    }
  });

  it('refuses a NATS server without JetStream and says how to fix it', async () => {
    const server = await fakeServer((s) => s.write('INFO {"server_id":"x"}\r\n'));
    try {
      const result = await probeNats(server.url('nats'));
      expect(result.ok).toBe(false);
      expect(result.error).toMatch(/JetStream is off/);
    } finally {
      await server.close();
    }
  });

  it('refuses a server that is not NATS (e.g. Redis on that port)', async () => {
    const server = await fakeServer((s) => s.write('-ERR unknown command\r\n'));
    try {
      await expect(probeNats(server.url('nats'))).resolves.toMatchObject({ ok: false, error: 'not a NATS server' });
    } finally {
      await server.close();
    }
  });

  it('reports a closed port without waiting for the timeout', async () => {
    const port = await freePort();
    const started = Date.now();
    await expect(probeNats(`nats://127.0.0.1:${port}`, { timeoutMs: 5000 })).resolves.toMatchObject({ ok: false, error: 'ECONNREFUSED' });
    await expect(probeRedis(`redis://127.0.0.1:${port}`, { timeoutMs: 5000 })).resolves.toMatchObject({ ok: false, error: 'ECONNREFUSED' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('times out on a server that never speaks', async () => {
    const server = await fakeServer(() => undefined);
    try {
      await expect(probeNats(server.url('nats'), { timeoutMs: 200 })).resolves.toMatchObject({
        ok: false,
        error: 'no answer within 200 ms',
      });
    } finally {
      await server.close();
    }
  });

  it('accepts Redis answering PING with PONG, sending AUTH first when the URL has a password', async () => {
    const received: string[] = [];
    const server = await fakeServer((s) =>
      s.on('data', (chunk) => {
        received.push(chunk.toString());
        const text = received.join('');
        if (text.includes('PING')) s.write(text.includes('AUTH') ? '+OK\r\n+PONG\r\n' : '+PONG\r\n');
      }),
    );
    try {
      await expect(probeRedis(server.url('redis'))).resolves.toEqual({ ok: true });
      received.length = 0;
      await expect(probeRedis(server.url('redis').replace('//', '//:s3cret@'))).resolves.toEqual({ ok: true });
      expect(received.join('')).toContain('$4\r\nAUTH\r\n$6\r\ns3cret\r\n');
    } finally {
      await server.close();
    }
  });

  it('refuses Redis that rejects the password', async () => {
    const server = await fakeServer((s) => s.on('data', () => s.write('-WRONGPASS invalid username-password pair\r\n')));
    try {
      await expect(probeRedis(server.url('redis').replace('//', '//:bad@'))).resolves.toMatchObject({
        ok: false,
        error: 'Redis said WRONGPASS invalid username-password pair',
      });
    } finally {
      await server.close();
    }
  });

  it('finds a free port and sees whether something listens on it', async () => {
    const port = await freePort();
    await expect(isListening(port)).resolves.toBe(false);
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    try {
      await expect(isListening(port)).resolves.toBe(true);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  describe('against the real Postgres of this machine', () => {
    const base = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/pawline';
    const url = withDatabase(base, `pawline_probe_${randomBytes(4).toString('hex')}`);
    afterAll(async () => {
      await dropDatabase(url);
    });

    it('answers SELECT 1 and creates the database once when asked to', async () => {
      await expect(probePostgres(url, { ensureDatabase: true })).resolves.toEqual({ ok: true, created: true });
      await expect(probePostgres(url, { ensureDatabase: true })).resolves.toEqual({ ok: true, created: false });
      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        const result = await client.query<{ db: string }>('SELECT current_database() AS db');
        expect(result.rows[0]?.db).toBe(new URL(url).pathname.slice(1));
      } finally {
        await client.end();
      }
    });

    it('drops the database again', async () => {
      await dropDatabase(url);
      const client = new Client({ connectionString: withDatabase(url, 'postgres') });
      await client.connect();
      try {
        const result = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [new URL(url).pathname.slice(1)]);
        expect(result.rowCount).toBe(0);
      } finally {
        await client.end();
      }
    });

    it('reports a server that does not answer', async () => {
      const port = await freePort();
      const result = await probePostgres(`postgres://postgres@127.0.0.1:${port}/pawline`, { timeoutMs: 1000 });
      expect(result).toMatchObject({ ok: false, error: 'ECONNREFUSED' });
    });
  });
});
