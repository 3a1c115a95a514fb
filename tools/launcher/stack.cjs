// Starts the gateway and the services as child processes (one co-host, or one per service)
// and waits for the gateway's health route. Used by `npm start` and by `npm test` (e2e).
const fs = require('node:fs');
const path = require('node:path');
const { spawnTs, stopProcess, httpGet, waitForHttp } = require('./processes.cjs');

const root = path.resolve(__dirname, '../..');
/** Health ports of docs/dev/platform-api.md (PORT_<SERVICE> overrides). */
const SERVICE_PORTS = {
  identity: 3101,
  scheduling: 3102,
  crm: 3103,
  messaging: 3104,
  booking: 3105,
  marketing: 3106,
  billing: 3107,
  analytics: 3108,
  // the first messaging-worker; the n-th of MESSAGING_WORKERS (--split) listens on 3109 + n - 1
  'messaging-worker': 3109,
  retail: 3110,
  webhooks: 3111,
};

/** services/<name>/src/worker-main.ts: processes of a service that are started apart, MESSAGING_WORKERS of them. */
function workerMains(names, env, log) {
  const wanted = Number(env.MESSAGING_WORKERS ?? 1) || 1;
  // pacing per sender is shared through Redis; without it each worker would pace alone
  const count = env.REDIS_URL === 'off' && wanted > 1 ? 1 : wanted;
  if (count < wanted) log(`MESSAGING_WORKERS=${wanted} needs Redis (REDIS_URL is off): starting 1 messaging-worker.`);
  return names
    .filter((name) => fs.existsSync(path.join(root, 'services', name, 'src', 'worker-main.ts')))
    .flatMap((name) =>
      Array.from({ length: count }, (_, i) => ({
        name: count === 1 ? `${name}-worker` : `${name}-worker-${i + 1}`,
        file: path.join(root, 'services', name, 'src', 'worker-main.ts'),
        service: `${name}-worker`,
        port: Number(env[portVariable(`${name}-worker`)] ?? SERVICE_PORTS[`${name}-worker`] ?? 0) + i,
        portVariable: portVariable(`${name}-worker`),
      })),
    );
}

function servicesWithMain() {
  const dir = path.join(root, 'services');
  if (!fs.existsSync(dir)) return [];
  const names = fs
    .readdirSync(dir)
    .filter((name) => fs.existsSync(path.join(dir, name, 'src', 'main.ts')))
    .sort();
  return [...names.filter((n) => n !== 'gateway'), ...names.filter((n) => n === 'gateway')];
}

function portVariable(name) {
  return `PORT_${name.toUpperCase().replace(/-/g, '_')}`;
}

/** Health ports of the services that something on this machine already listens on. */
async function takenServicePorts(env) {
  const { isListening } = require('./probes.cjs');
  const taken = [];
  for (const name of servicesWithMain().filter((n) => n !== 'gateway')) {
    const port = Number(env[portVariable(name)] ?? SERVICE_PORTS[name] ?? 0);
    if (port > 0 && (await isListening(port))) taken.push({ name, port });
  }
  return taken;
}

function hasServiceDefinitions() {
  const dir = path.join(root, 'services');
  if (!fs.existsSync(dir)) return false;
  return fs.readdirSync(dir).some((name) => {
    const src = path.join(dir, name, 'src');
    return fs.existsSync(src) && fs.readdirSync(src).some((f) => f.endsWith('.service-definition.ts'));
  });
}

/**
 * mode 'cohost' | 'split'. Resolves to { ok, healthStatus, services: Map<name, state>, stop(), logDir }
 * once /api/v1/health answers (or a process died / the timeout passed: ok false).
 */
async function startStack({ mode, env, port, logDir, echo = true, timeoutMs = 240000, log = console.log }) {
  const children = [];
  const services = new Map();
  const workerPorts = new Map();
  let gatewayDead = false;

  if (mode === 'split') {
    const names = servicesWithMain();
    if (names.length === 0) throw new Error('No services/*/src/main.ts found: nothing to start.');
    const workers = workerMains(names, env, log);
    // the gateway reports on the health of these
    env = {
      ...env,
      PAWLINE_SERVICES: [...names.filter((n) => n !== 'gateway'), ...new Set(workers.map((w) => w.service))].join(','),
    };
    for (const worker of workers) {
      const child = spawnTs(worker.file, {
        env: { ...env, [worker.portVariable]: String(worker.port) },
        label: worker.name,
        logFile: path.join(logDir, `${worker.name}.log`),
        echo,
      });
      services.set(worker.name, 'starting');
      workerPorts.set(worker.name, worker.port);
      child.on('exit', (code, signal) => services.set(worker.name, `down (exit ${signal ?? code})`));
      children.push({ name: worker.name, child });
    }
    for (const name of names) {
      const child = spawnTs(path.join(root, 'services', name, 'src', 'main.ts'), {
        env,
        label: name,
        logFile: path.join(logDir, `${name}.log`),
        echo,
      });
      services.set(name, 'starting');
      child.on('exit', (code, signal) => {
        services.set(name, `down (exit ${signal ?? code})`);
        if (name === 'gateway') gatewayDead = true;
      });
      children.push({ name, child });
    }
  } else {
    if (!hasServiceDefinitions()) throw new Error('No services/*/src/*.service-definition.ts found: nothing to start.');
    const child = spawnTs(path.join(__dirname, 'cohost.ts'), { env, label: 'pawline', logFile: path.join(logDir, 'pawline.log'), echo });
    child.on('message', (message) => {
      if (message?.type === 'service') services.set(message.name, message.state === 'up' ? 'up' : `down: ${message.error}`);
    });
    child.on('exit', (code, signal) => {
      gatewayDead = true;
      for (const [name, state] of services) if (state === 'up') services.set(name, `down (exit ${signal ?? code})`);
    });
    children.push({ name: 'cohost', child });
  }

  const stop = async () => {
    await Promise.all(children.map(({ child }) => stopProcess(child)));
  };

  const healthUrl = `http://127.0.0.1:${port}/api/v1/health`;
  const answer = await waitForHttp(healthUrl, { timeoutMs, isDead: () => gatewayDead });
  if (mode === 'split') {
    for (const name of services.keys()) {
      if (services.get(name) !== 'starting') continue;
      const own = workerPorts.get(name) ?? env[portVariable(name)] ?? SERVICE_PORTS[name];
      const child = children.find((c) => c.name === name)?.child;
      const alive = () => child !== undefined && child.exitCode === null && child.signalCode === null;
      let state = 'running';
      if (name === 'gateway') state = answer ? 'up' : 'down';
      else if (own)
        state = (await waitForHttp(`http://127.0.0.1:${own}/health`, { timeoutMs: 20000, isDead: () => !alive() }))
          ? 'up'
          : 'down (no /health)';
      // the exit handler has already written why it is down
      if (alive() || services.get(name) === 'starting') services.set(name, alive() ? state : 'down');
    }
  }
  if (!answer)
    log(
      `The gateway did not answer ${healthUrl}${gatewayDead ? ' (its process exited)' : ` within ${timeoutMs / 1000} s`}. Logs: ${path.relative(root, logDir)}/`,
    );
  return { ok: Boolean(answer), healthStatus: answer?.status ?? null, healthBody: answer?.body ?? null, services, stop, children };
}

module.exports = { startStack, servicesWithMain, hasServiceDefinitions, takenServicePorts, httpGet, SERVICE_PORTS };
