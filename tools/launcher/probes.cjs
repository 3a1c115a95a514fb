// Does a server answer at this URL? Small, dependency-light checks used by the launcher to
// decide between reusing what runs on this machine and starting its own.
const net = require('node:net');

function hostPort(url, defaultPort) {
  const parsed = new URL(url);
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || defaultPort) };
}

/** Opens a TCP connection, feeds `onData` until it settles; always closes the socket. */
function talk({ host, port, timeoutMs, onConnect, onData }) {
  return new Promise((resolve) => {
    const socket = net.createConnection({ host, port });
    let buffer = '';
    let done = false;
    const finish = (result) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, error: `no answer within ${timeoutMs} ms` }), timeoutMs);
    socket.on('connect', () => onConnect?.(socket));
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      const result = onData(buffer, socket);
      if (result) finish(result);
    });
    socket.on('error', (error) => finish({ ok: false, error: error.code ?? error.message }));
    socket.on('close', () => finish({ ok: false, error: 'connection closed' }));
  });
}

/** NATS answers a connection with an INFO line; we need JetStream enabled. */
async function probeNats(url, { timeoutMs = 1500 } = {}) {
  const { host, port } = hostPort(url, 4222);
  return talk({
    host,
    port,
    timeoutMs,
    onData(buffer) {
      const end = buffer.indexOf('\r\n');
      if (end < 0) return buffer.length > 65536 ? { ok: false, error: 'not a NATS server' } : null;
      const line = buffer.slice(0, end);
      if (!line.startsWith('INFO ')) return { ok: false, error: 'not a NATS server' };
      let info;
      try {
        info = JSON.parse(line.slice(5));
      } catch {
        return { ok: false, error: 'not a NATS server (bad INFO line)' };
      }
      if (info.jetstream !== true) return { ok: false, jetstream: false, error: 'NATS answers but JetStream is off (start it with -js)' };
      return { ok: true, jetstream: true, version: info.version };
    },
  });
}

/** Redis answers PING with +PONG (after AUTH when the URL carries a password). */
async function probeRedis(url, { timeoutMs = 1500 } = {}) {
  const parsed = new URL(url);
  const { host, port } = hostPort(url, 6379);
  const commands = [];
  if (parsed.password) {
    const user = decodeURIComponent(parsed.username);
    const password = decodeURIComponent(parsed.password);
    commands.push(user ? ['AUTH', user, password] : ['AUTH', password]);
  }
  commands.push(['PING']);
  const encode = (args) => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;
  return talk({
    host,
    port,
    timeoutMs,
    onConnect(socket) {
      socket.write(commands.map(encode).join(''));
    },
    onData(buffer) {
      const lines = buffer.split('\r\n').filter((l) => l !== '');
      const failure = lines.find((l) => l.startsWith('-'));
      if (failure) return { ok: false, error: `Redis said ${failure.slice(1)}` };
      if (lines.includes('+PONG')) return { ok: true };
      if (buffer.endsWith('\r\n') && lines.length >= commands.length) return { ok: false, error: 'not a Redis server' };
      return null;
    },
  });
}

function databaseName(url) {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
}

function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * Connects to the server of `url` (maintenance database `postgres`) and runs SELECT 1.
 * With `ensureDatabase`, creates the URL's database when it does not exist yet.
 */
async function probePostgres(url, { timeoutMs = 3000, ensureDatabase = false } = {}) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: withDatabase(url, 'postgres'), connectionTimeoutMillis: timeoutMs });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    const name = databaseName(url);
    let created = false;
    if (ensureDatabase) {
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount === 0) {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
        created = true;
      }
    }
    return { ok: true, created };
  } catch (error) {
    return { ok: false, error: error.code ?? error.message };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Drops a database (used by the test launcher for its throw-away e2e database). */
async function dropDatabase(url) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: withDatabase(url, 'postgres') });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${databaseName(url).replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A port nobody listens on right now (the OS picks it). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** True when something accepts TCP connections on host:port. */
function isListening(port, host = '127.0.0.1', timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = net.createConnection({ host, port });
    const done = (value) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.on('connect', () => done(true));
    socket.on('error', () => done(false));
  });
}

module.exports = { probeNats, probeRedis, probePostgres, dropDatabase, databaseName, withDatabase, freePort, isListening };
