#!/usr/bin/env node
// `npm start` — everything on one machine: install when stale, build frontends when stale,
// reuse or start Postgres/NATS/Redis, run the gateway and the services, print where to go.
//   npm start                one Node process hosting every service (small footprint)
//   npm start -- --split     one process per service
//   npm start -- --demo      also seed the demo salon (login demo / demo-pawline)
//   npm start -- --cluster [--workers=N]   3 NATS nodes, 2 gateways, N messaging workers (cluster.cjs)
// Plain CommonJS with node: modules only until the install step, so a fresh clone runs it.
const path = require('node:path');
const { checkNode, ensureInstalled, tokenSecret, buildFrontends, root } = require('./prepare.cjs');
const { reexecOnRuntime } = require('./runtime.cjs');

const USAGE = 'Usage: npm start [-- --split] [-- --demo] [-- --no-build] [-- --cluster [--workers=N]]';

function parseArgs(argv) {
  const flags = { split: false, demo: false, build: true, help: false };
  for (const arg of argv) {
    if (arg === '--split') flags.split = true;
    else if (arg === '--demo') flags.demo = true;
    else if (arg === '--no-build') flags.build = false;
    else if (arg === '--help' || arg === '-h') flags.help = true;
    else {
      console.error(`Unknown option ${arg}. ${USAGE}`);
      process.exit(2);
    }
  }
  return flags;
}

const say = (message) => console.log(`[start] ${message}`);

async function main() {
  if (reexecOnRuntime({ log: say })) return;
  checkNode();
  if (process.argv.includes('--cluster')) return require('./cluster.cjs').runCluster(process.argv.slice(2));
  const flags = parseArgs(process.argv.slice(2));
  if (flags.help) {
    console.log(USAGE);
    return;
  }
  ensureInstalled(say);

  // Only now may we load modules that use dependencies.
  const { readConfig, serviceEnv } = require('./config.cjs');
  const { isListening } = require('./probes.cjs');
  const { ensureInfrastructure, InfraError, logDir } = require('./infra.cjs');
  const { startStack } = require('./stack.cjs');
  const { spawnTs } = require('./processes.cjs');

  const { config, errors, explicit } = readConfig(process.env);
  if (errors.length > 0) {
    console.error(
      `Configuration problem${errors.length > 1 ? 's' : ''}:\n${errors.map((e) => `  - ${e}`).join('\n')}\nSee README.md, "Configuration".`,
    );
    process.exit(1);
  }
  if (await isListening(config.port)) {
    console.error(`Port ${config.port} is taken (another npm start?). Stop that process or choose another port: PORT=3010 npm start`);
    process.exit(1);
  }
  const secret = tokenSecret(config.authTokenSecret);
  config.authTokenSecret = secret.secret;

  if (flags.build) {
    const frontends = buildFrontends({ log: say });
    if (!frontends.ok) say('Continuing without fresh frontends: the API works, the pages may be old or missing.');
  }

  let infra;
  try {
    infra = await ensureInfrastructure(config, explicit, say);
  } catch (error) {
    console.error(error instanceof InfraError ? error.message : error);
    process.exit(1);
  }
  config.databaseUrl = infra.postgres.url;
  config.natsUrl = infra.nats.url;
  config.redisUrl = infra.redis.url;

  const env = serviceEnv(config, process.env);
  const mode = flags.split ? 'split' : 'cohost';
  // Another stack on this machine holds the services' health ports (3101…): co-hosted services
  // then take random ones (nobody needs them on one machine); one process each cannot.
  const { takenServicePorts } = require('./stack.cjs');
  const taken = env.PAWLINE_SERVICE_PORTS === 'random' ? [] : await takenServicePorts(env);
  if (taken.length > 0) {
    const list = taken.map((t) => `${t.name} ${t.port}`).join(', ');
    if (mode === 'split') {
      console.error(`Health ports already in use: ${list} (another npm start?). Stop it, or move them: PORT_IDENTITY=4101 …`);
      await infra.stop();
      process.exit(1);
    }
    say(`Health ports already in use (${list}); the services' health ports are random this time.`);
    env.PAWLINE_SERVICE_PORTS = 'random';
  }
  say(`Starting the gateway and services (${mode === 'split' ? 'one process each' : 'one process'}); logs in .data/logs/ …`);

  let stack = null;
  let stopping = false;
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    say('Stopping …');
    if (stack) await stack.stop();
    await infra.stop();
    say('Stopped.');
    process.exit(code);
  };
  process.on('SIGINT', () => (stopping ? process.exit(130) : void shutdown(0)));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    stack = await startStack({ mode, env, port: config.port, logDir });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await shutdown(1);
    return;
  }
  if (!stack.ok) {
    await shutdown(1);
    return;
  }
  for (const { child } of stack.children) {
    child.on('exit', (code, signal) => {
      if (!stopping) {
        say(`A Pawline process exited (${signal ?? code}); stopping the rest. See .data/logs/.`);
        void shutdown(1);
      }
    });
  }

  let demo = null;
  if (flags.demo) {
    say('Seeding the demo salon (tools/demo/seed.ts) …');
    const seed = spawnTs(path.join(root, 'tools/demo/seed.ts'), { env, label: 'demo', logFile: path.join(logDir, 'demo-seed.log') });
    const code = await new Promise((resolve) => seed.on('exit', (c) => resolve(c ?? 1)));
    demo = code === 0 ? 'ok' : `FAILED (exit ${code}, see .data/logs/demo-seed.log)`;
  }

  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Pawline is running: ${url}`,
    `  health     ${url}/api/v1/health → ${stack.healthStatus}`,
    `  postgres   ${infra.postgres.state} (${infra.postgres.detail})`,
    `  nats       ${infra.nats.state} (${infra.nats.detail})`,
    `  redis      ${infra.redis.state} (${infra.redis.detail})`,
    ...[...stack.services].map(([name, state]) => `  ${name.padEnd(10)} ${state}`),
    `  mailbox    ${url}/dev/mailbox   (e-mails are kept here, not sent)`,
    `  api docs   ${url}/api/docs`,
    `  token key  ${secret.source}`,
    ...(flags.demo
      ? [`  demo       ${demo}: log in as demo / demo-pawline (2 stores, 120 customers with pets, this month's calendar)`]
      : []),
    `  logs       .data/logs/`,
    '',
    '  Ctrl-C stops what this launcher started; the next npm start reuses .data/.',
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
