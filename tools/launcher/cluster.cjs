// `npm start -- --cluster [--workers=N]`: the deployment's shape on one machine (issue 17, ADR 0036).
// Three nats-server processes clustered on loopback (JetStream, own store dirs under .data/cluster,
// streams with NATS_STREAM_REPLICAS=3), two gateways sharing socket.io rooms through Redis, each
// service once and N messaging workers, all from the JavaScript of deploy/build-node.mjs (no swc hook).
// The pure parts (arguments, port plan, nats-server configuration) are tested in cluster.spec.ts; the
// cluster-chaos bench (tools/bench/cluster-chaos) drives startCluster() and kills parts of it.
const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { spawn, spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '../..');
const CLUSTER_USAGE = 'Usage: npm start -- --cluster [--workers=N] [--no-build]   (N messaging workers, 1 to 16, default 2)';
const NATS_NODES = 3;
/** NODE_OPTIONS of the processes unless set: the one-node overlay's of deploy/k8s (deploy/README.md, "Memory"). */
const CLUSTER_NODE_OPTIONS = '--max-semi-space-size=2 --v8-pool-size=1';

/** `--cluster [--workers=N] [--no-build] [--help]` → { workers, build, help } or { error }. */
function parseClusterArgs(argv) {
  const flags = { workers: 2, build: true, help: false };
  for (const arg of argv) {
    if (arg === '--cluster') continue;
    const workers = /^--workers=(.*)$/.exec(arg);
    if (workers) {
      if (!/^\d+$/.test(workers[1]) || Number(workers[1]) < 1 || Number(workers[1]) > 16)
        return { error: `--workers=${workers[1]}: a whole number from 1 to 16. ${CLUSTER_USAGE}` };
      flags.workers = Number(workers[1]);
    } else if (arg === '--no-build') flags.build = false;
    else if (arg === '--help' || arg === '-h') flags.help = true;
    else return { error: `Unknown option ${arg} with --cluster. ${CLUSTER_USAGE}` };
  }
  return flags;
}

/**
 * Every port of the cluster: the two gateways on `gatewayPort` and the next one, NATS client ports
 * from `base`, NATS route ports from base+10, service health ports from base+20, workers' from base+40.
 */
function portPlan({ gatewayPort, base, services, workers }) {
  if (services.length > 20) throw new Error('portPlan: at most 20 services');
  if (workers > 16) throw new Error('portPlan: at most 16 workers');
  const plan = {
    gateways: [gatewayPort, gatewayPort + 1],
    nats: Array.from({ length: NATS_NODES }, (_, i) => ({ name: `nats-${i + 1}`, client: base + i, cluster: base + 10 + i })),
    services: services.map((name, i) => ({ name, port: base + 20 + i })),
    workers: Array.from({ length: workers }, (_, i) => ({ name: `messaging-worker-${i + 1}`, port: base + 40 + i })),
  };
  const all = [
    ...plan.gateways,
    ...plan.nats.flatMap((n) => [n.client, n.cluster]),
    ...plan.services.map((s) => s.port),
    ...plan.workers.map((w) => w.port),
  ];
  const clash = all.find((port, i) => all.indexOf(port) !== i);
  if (clash !== undefined) throw new Error(`portPlan: port ${clash} is planned twice (PORT and PAWLINE_CLUSTER_BASE_PORT overlap)`);
  if (all.some((port) => port < 1 || port > 65535)) throw new Error('portPlan: a port is out of range');
  return plan;
}

/**
 * nats-server configuration of one node: JetStream on its own store, routes to every node (its own
 * route is ignored by nats-server), fsync on every write as in deploy/k8s (Jepsen, NATS 2.12.1) when
 * the server knows sync_interval (2.10 and later; Debian 12 ships 2.9.10, which refuses the field).
 */
function natsNodeConfig({ node, nodes, storeDir, clusterName = 'pawline-local', syncAlways = true }) {
  const routes = nodes.map((n) => `    nats-route://127.0.0.1:${n.cluster}`).join('\n');
  return [
    `server_name: ${node.name}`,
    `listen: 127.0.0.1:${node.client}`,
    'max_payload: 8MB',
    'jetstream {',
    `  store_dir: ${JSON.stringify(storeDir)}`,
    '  max_memory_store: 256MB',
    '  max_file_store: 2GB',
    ...(syncAlways ? ['  sync_interval: always'] : []),
    '}',
    'cluster {',
    `  name: ${clusterName}`,
    `  listen: 127.0.0.1:${node.cluster}`,
    '  routes: [',
    routes,
    '  ]',
    '}',
    '',
  ].join('\n');
}

/** Resident memory of a process in MB (Linux /proc), or null when it is gone. */
function rssMb(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** The RSS table printed after start and by the chaos bench: rows of { name, kind, port, pid }. */
function rssTable(rows) {
  const lines = ['  process              port   pid      RSS (MB)'];
  let total = 0;
  for (const row of rows) {
    const rss = row.pid ? rssMb(row.pid) : null;
    total += rss ?? 0;
    lines.push(`  ${row.name.padEnd(20)} ${String(row.port ?? '').padEnd(6)} ${String(row.pid ?? '-').padEnd(8)} ${rss ?? 'gone'}`);
  }
  lines.push(`  ${'total'.padEnd(20)} ${''.padEnd(6)} ${''.padEnd(8)} ${total}`);
  return lines.join('\n');
}

/** Newest modification time under the folders build-node.mjs compiles. */
function newestSource() {
  let newest = 0;
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|json|js|cjs|mjs)$/.test(entry.name)) newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  for (const lib of ['contracts', 'domain', 'nest-kit', 'i18n', 'api-client']) walk(path.join(root, 'libs', lib, 'src'));
  for (const service of fs.readdirSync(path.join(root, 'services'))) walk(path.join(root, 'services', service, 'src'));
  walk(path.join(root, 'tools', 'ops'));
  walk(path.join(root, 'deploy'));
  return newest;
}

/** Runs deploy/build-node.mjs when dist/node is missing or older than a source file. */
function ensureDistNode(log) {
  const start = path.join(root, 'dist', 'node', 'start.cjs');
  if (fs.existsSync(start) && fs.statSync(start).mtimeMs >= newestSource()) return;
  log('dist/node is missing or stale: node deploy/build-node.mjs …');
  const result = spawnSync(process.execPath, [path.join(root, 'deploy', 'build-node.mjs')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('deploy/build-node.mjs failed');
}

/**
 * Node's arguments before start.cjs (none, as the image's entry point): PAWLINE_NODE_ARGS adds some, for
 * V8 options that NODE_OPTIONS refuses, such as `--optimize-for-size` (the memory bench's comparisons).
 */
function imageNodeArgs(env = process.env) {
  return (env.PAWLINE_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
}

/** One process of the image: `node dist/node/start.cjs <name>`, output to its log, warnings echoed. */
function spawnImageProcess(name, { env, logFile, echo, label }) {
  const { terminalLine } = require('./processes.cjs');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.createWriteStream(logFile, { flags: 'a' });
  // orphan-guard (5 lines, no transpiler): the process stops when the launcher is gone (IPC closes)
  const child = spawn(
    process.execPath,
    [...imageNodeArgs(env), '-r', path.join(__dirname, 'orphan-guard.cjs'), path.join(root, 'dist', 'node', 'start.cjs'), name],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      detached: true,
    },
  );
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      log.write(`${line}\n`);
      const short = echo ? terminalLine(line, label) : null;
      if (short) process.stdout.write(`${short}\n`);
    });
  }
  child.on('exit', () => log.end());
  return child;
}

function stopChildProcess(child, timeoutMs = 15000) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A nats-server node of the cluster: start (keeps its store), kill (SIGKILL), stop (SIGTERM). */
/** nats-server's version from PATH as [major, minor], or null. */
function natsServerVersion() {
  const match = /v?(\d+)\.(\d+)\.\d+/.exec(spawnSync('nats-server', ['--version'], { encoding: 'utf8' }).stdout ?? '');
  return match ? [Number(match[1]), Number(match[2])] : null;
}

function natsNode(node, nodes, dir, logDir, syncAlways) {
  const conf = path.join(dir, `${node.name}.conf`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(conf, natsNodeConfig({ node, nodes, storeDir: path.join(dir, node.name), syncAlways }));
  const handle = {
    ...node,
    url: `nats://127.0.0.1:${node.client}`,
    child: null,
    start() {
      const out = fs.openSync(path.join(logDir, `${node.name}.log`), 'a');
      handle.child = spawn('nats-server', ['-c', conf], { cwd: root, stdio: ['ignore', out, out], detached: true });
      fs.closeSync(out);
      return handle.child;
    },
    kill() {
      handle.child?.kill('SIGKILL');
    },
    stop: () => stopChildProcess(handle.child),
  };
  return handle;
}

/** Waits until the cluster has a JetStream meta leader (account info answers) through every node. */
async function waitForJetStream(urls, nodes, timeoutMs = 60000) {
  const { connect } = require('@nats-io/transport-node');
  const { jetstreamManager } = require('@nats-io/jetstream');
  const deadline = Date.now() + timeoutMs;
  for (const url of urls) {
    for (;;) {
      const nc = await connect({ servers: url, reconnect: false, timeout: 1000 }).catch(() => null);
      if (nc) {
        const ok = await jetstreamManager(nc, { timeout: 2000 })
          .then((jsm) => jsm.getAccountInfo())
          .then(() => true)
          .catch(() => false);
        await nc.close().catch(() => undefined);
        if (ok) break;
      }
      const dead = nodes.find((n) => n.child?.exitCode !== null);
      if (dead) throw new Error(`${dead.name} exited (${dead.child.exitCode}): see its log, .data/logs/cluster/${dead.name}.log`);
      if (Date.now() > deadline) throw new Error(`JetStream did not answer at ${url} within ${timeoutMs / 1000} s`);
      await sleep(500);
    }
  }
}

/**
 * Starts the cluster and resolves once every process answers /health. Options:
 * env (settings for every process: DATABASE_URL, REDIS_URL, AUTH_TOKEN_SECRET …), plan (portPlan),
 * dir (NATS stores and configurations), logDir, services (names), workers (false: the caller runs its
 * own), echo. Returns a handle with the processes, kill/restart helpers, rows() for rssTable and stop().
 */
async function startCluster({
  env,
  plan,
  dir,
  logDir,
  services,
  echo = true,
  log = () => undefined,
  timeoutMs = 180000,
  onHandle = () => undefined,
}) {
  const { waitForHttp } = require('./processes.cjs');
  fs.mkdirSync(logDir, { recursive: true });
  const version = natsServerVersion();
  const syncAlways = version !== null && (version[0] > 2 || (version[0] === 2 && version[1] >= 10));
  if (!syncAlways) log(`nats-server ${version?.join('.') ?? '?'} has no sync_interval: JetStream syncs on its default interval here`);
  const nats = plan.nats.map((node) => natsNode(node, plan.nats, dir, logDir, syncAlways));
  const procs = [];
  const handle = { nats, procs, plan, stopping: false };
  /**
   * Stops and starts a process as a supervisor (Kubernetes) would: a process that exits while starting (a
   * JetStream request timing out while the NATS cluster elects a leader) is started again, up to `attempts`
   * times, one second apart. Resolves to the number of starts it took, or 0 when none answered.
   */
  handle.restart = async (proc, { attempts = 10, log: say = () => undefined } = {}) => {
    await proc.stop();
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      if (attempt > 1) say(`${proc.name} exited while starting; starting it again (${attempt} of ${attempts})`);
      proc.start();
      if (await handle.waitHealthy(proc)) return attempt;
      await proc.stop();
      await sleep(1000);
    }
    return 0;
  };
  handle.stop = () => stopAll(handle);
  // the i-th process's node, or the next running one (what a Kubernetes Service does for a starting pod)
  const running = (n) => n.child !== null && n.child.exitCode === null && n.child.signalCode === null;
  const natsFor = (i) => {
    const order = nats.map((_, k) => nats[(i + k) % nats.length]);
    return (order.find(running) ?? order[0]).url;
  };
  handle.natsUrlFor = natsFor;
  // a Ctrl-C while starting stops what has started
  onHandle(handle);
  try {
    nats.forEach((node) => node.start());
    await waitForJetStream(
      nats.map((n) => n.url),
      nats,
    );
    log(`NATS: ${nats.length} nodes clustered (${nats.map((n) => n.client).join(', ')}), JetStream meta leader elected`);
    const base = { ...env, NATS_STREAM_REPLICAS: '3', PAWLINE_SERVICES: [...services, 'messaging-worker'].join(',') };
    // each process connects to one node (spread); the client learns the others from the cluster and fails over
    const spawnOne = (name, image, port, i, extra = {}) => {
      const procEnv = { ...base, NATS_URL: natsFor(i), OTEL_SERVICE_NAME: name, ...extra };
      if (image === 'gateway') Object.assign(procEnv, { PORT: String(port), PORT_GATEWAY: String(port) });
      else procEnv[`PORT_${image.toUpperCase().replace(/-/g, '_')}`] = String(port);
      const proc = { name, image, port, i, extra, child: null };
      proc.start = () => {
        procEnv.NATS_URL = natsFor(i);
        proc.child = spawnImageProcess(image, { env: procEnv, logFile: path.join(logDir, `${name}.log`), echo, label: name });
        proc.child.on('exit', (code, signal) => proc.onExit?.(code, signal));
        return proc;
      };
      proc.health = () => `http://127.0.0.1:${port}/${image === 'gateway' ? 'api/v1/health' : 'health'}`;
      proc.stop = () => stopChildProcess(proc.child);
      proc.kill = () => proc.child?.kill('SIGKILL');
      proc.alive = () => proc.child !== null && proc.child.exitCode === null && proc.child.signalCode === null;
      procs.push(proc);
      return proc.start();
    };
    plan.services.forEach((s, i) => spawnOne(s.name, s.name, s.port, i));
    plan.workers.forEach((w, i) => spawnOne(w.name, 'messaging-worker', w.port, i + 1));
    plan.gateways.forEach((port, i) => spawnOne(`gateway-${i + 1}`, 'gateway', port, i));
    handle.waitHealthy = async (proc) => Boolean(await waitForHttp(proc.health(), { timeoutMs, isDead: () => !proc.alive() }));
    for (const proc of procs) {
      // the first start may exit while the streams elect their leaders (a store kept from an earlier run)
      if (!(await handle.waitHealthy(proc)) && (await handle.restart(proc, { attempts: 5, log })) === 0)
        throw new Error(
          `${proc.name} did not answer ${proc.health()} (log: ${path.relative(root, path.join(logDir, `${proc.name}.log`))})`,
        );
    }
  } catch (error) {
    await stopAll(handle);
    throw error;
  }
  handle.find = (name) => procs.find((p) => p.name === name);
  handle.rows = () => [
    ...nats.map((n) => ({
      name: n.name,
      port: n.client,
      pid: n.child?.exitCode === null && n.child?.signalCode === null ? n.child.pid : null,
    })),
    ...procs.map((p) => ({ name: p.name, port: p.port, pid: p.alive() ? p.child.pid : null })),
  ];
  return handle;
}

async function stopAll(handle) {
  handle.stopping = true;
  const order = (p) => (p.image === 'gateway' ? 0 : p.image === 'messaging-worker' ? 1 : 2);
  for (const rank of [0, 1, 2]) await Promise.all(handle.procs.filter((p) => order(p) === rank).map((p) => p.stop()));
  await Promise.all(handle.nats.map((n) => n.stop()));
}

/** `npm start -- --cluster …` (called by start.cjs). */
async function runCluster(argv) {
  const say = (message) => console.log(`[cluster] ${message}`);
  const flags = parseClusterArgs(argv);
  if (flags.error) {
    console.error(flags.error);
    process.exit(2);
  }
  if (flags.help) {
    console.log(CLUSTER_USAGE);
    return;
  }
  const { ensureInstalled, tokenSecret, buildFrontends } = require('./prepare.cjs');
  ensureInstalled(say);
  const { readConfig, serviceEnv } = require('./config.cjs');
  const { isListening, withDatabase } = require('./probes.cjs');
  const { ensurePostgres, ensureRedis, onPath, dataDir, logDir } = require('./infra.cjs');
  const { servicesWithMain } = require('./stack.cjs');

  const { config, errors, explicit } = readConfig(process.env);
  if (errors.length > 0) {
    console.error(`Configuration problems:\n${errors.map((e) => `  - ${e}`).join('\n')}`);
    process.exit(1);
  }
  if (!onPath('nats-server')) {
    console.error('--cluster runs three nats-server processes: install it (sudo apt-get install nats-server).');
    process.exit(1);
  }
  const services = servicesWithMain().filter((n) => n !== 'gateway');
  const plan = portPlan({
    gatewayPort: config.port,
    base: Number(process.env.PAWLINE_CLUSTER_BASE_PORT ?? 4400),
    services,
    workers: flags.workers,
  });
  const wanted = [
    ...plan.gateways,
    ...plan.nats.flatMap((n) => [n.client, n.cluster]),
    ...plan.services.map((s) => s.port),
    ...plan.workers.map((w) => w.port),
  ];
  const busy = [];
  for (const port of wanted) if (await isListening(port)) busy.push(port);
  if (busy.length > 0) {
    console.error(`Ports in use: ${busy.join(', ')}. Move the gateways with PORT=…, the rest with PAWLINE_CLUSTER_BASE_PORT=….`);
    process.exit(1);
  }
  const secret = tokenSecret(config.authTokenSecret);
  config.authTokenSecret = secret.secret;
  if (flags.build) {
    const frontends = buildFrontends({ log: say });
    if (!frontends.ok) say('Continuing without fresh frontends.');
    ensureDistNode(say);
  } else if (!fs.existsSync(path.join(root, 'dist', 'node', 'start.cjs'))) {
    console.error('dist/node is missing: run without --no-build (or node deploy/build-node.mjs).');
    process.exit(1);
  }
  // its own database unless DATABASE_URL says otherwise: its outbox relays publish to its own NATS
  if (!explicit.databaseUrl) config.databaseUrl = withDatabase(config.databaseUrl, 'pawline_cluster');
  const postgres = await ensurePostgres({ url: config.databaseUrl, explicit: explicit.databaseUrl, log: say });
  const redis = await ensureRedis({ url: config.redisUrl, explicit: explicit.redisUrl, log: say });
  if (redis.url === 'off') {
    console.error('--cluster needs Redis: the two gateways share socket.io rooms and the workers share pacing through it.');
    await postgres.stop();
    process.exit(1);
  }
  config.databaseUrl = postgres.url;
  config.redisUrl = redis.url;
  config.messagingWorkers = flags.workers;
  const env = {
    ...serviceEnv(config, process.env),
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    // as the one-node overlay of deploy/k8s: a smaller young generation, about 25 MB less per process
    NODE_OPTIONS: process.env.NODE_OPTIONS ?? CLUSTER_NODE_OPTIONS,
  };
  const clusterLogs = path.join(logDir, 'cluster');

  let cluster = null;
  let starting = null;
  let stopping = false;
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    say('Stopping gateways, workers, services, then NATS …');
    if (cluster ?? starting) await (cluster ?? starting).stop();
    await redis.stop();
    await postgres.stop();
    say('Stopped.');
    process.exit(code);
  };
  process.on('SIGINT', () => (stopping ? process.exit(130) : void shutdown(0)));
  process.on('SIGTERM', () => void shutdown(0));
  say(
    `Starting 3 NATS nodes, ${services.length} services, ${flags.workers} messaging workers and 2 gateways from dist/node; logs in .data/logs/cluster/ …`,
  );
  try {
    cluster = await startCluster({
      env,
      plan,
      dir: path.join(dataDir, 'cluster'),
      logDir: clusterLogs,
      services,
      log: say,
      onHandle: (partial) => (starting = partial),
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await shutdown(1);
    return;
  }
  for (const proc of cluster.procs) {
    proc.onExit = (code, signal) => {
      if (!stopping) {
        say(`${proc.name} exited (${signal ?? code}); stopping the rest. See .data/logs/cluster/${proc.name}.log`);
        void shutdown(1);
      }
    };
  }
  await sleep(3000);
  const urls = plan.gateways.map((port) => `http://localhost:${port}`);
  console.log(
    [
      '',
      `  Pawline cluster is running: ${urls.join('  and  ')}  (either serves the web app; socket.io rooms shared through Redis)`,
      `  nats       ${cluster.nats.map((n) => n.url).join(', ')} (JetStream, streams with 3 replicas, stores in .data/cluster/)`,
      `  postgres   ${postgres.state} (${postgres.detail})`,
      `  redis      ${redis.state} (${redis.detail})`,
      `  token key  ${secret.source}`,
      '',
      'Resident memory after start:',
      rssTable(cluster.rows()),
      '',
      '  Ctrl-C stops everything this launcher started.',
      '',
    ].join('\n'),
  );
  // V8's memory reducer shrinks an idle process's heap 30 to 60 s after start (deploy/README.md, "Memory")
  setTimeout(() => {
    if (!stopping) console.log(['Resident memory at rest, a minute later:', rssTable(cluster.rows()), ''].join('\n'));
  }, 60_000).unref();
}

module.exports = {
  CLUSTER_NODE_OPTIONS,
  imageNodeArgs,
  parseClusterArgs,
  portPlan,
  natsNodeConfig,
  rssTable,
  rssMb,
  startCluster,
  ensureDistNode,
  runCluster,
  CLUSTER_USAGE,
};
