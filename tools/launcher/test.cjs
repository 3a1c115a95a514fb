#!/usr/bin/env node
// `npm test` — everything CI checks, in order: lint, typecheck, migration drift, jest (unit
// and integration against real Postgres/NATS/Redis), browser tests against a full stack on a
// throw-away database. Ends with one line `N passed, N failed` and a non-zero exit on failure.
//   npm test -- --only=lint|format|typecheck|migrations|unit|integration|e2e   (comma-separated)
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { spawn, spawnSync } = require('node:child_process');
const { checkNode, ensureInstalled, tokenSecret, buildFrontends, root } = require('./prepare.cjs');
const { reexecOnRuntime } = require('./runtime.cjs');

const PARTS = ['lint', 'format', 'typecheck', 'migrations', 'unit', 'integration', 'e2e'];
const say = (message) => console.log(`[test] ${message}`);
const resultsDir = path.join(root, '.data', 'test-results');
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function parseOnly(argv) {
  const only = argv.find((a) => a.startsWith('--only='));
  const unknownFlags = argv.filter((a) => !a.startsWith('--only='));
  if (unknownFlags.length > 0) {
    console.error(`Unknown option ${unknownFlags[0]}. Usage: npm test [-- --only=${PARTS.join('|')}]`);
    process.exit(2);
  }
  if (!only) return new Set(PARTS);
  const wanted = only.slice('--only='.length).split(',').filter(Boolean);
  const bad = wanted.filter((p) => !PARTS.includes(p));
  if (bad.length > 0 || wanted.length === 0) {
    console.error(`--only takes ${PARTS.join(', ')} (comma-separated); got ${bad.join(', ') || 'nothing'}`);
    process.exit(2);
  }
  return new Set(wanted);
}

/** Runs a command with inherited output; resolves to its exit code (a timeout kills it: 124). */
function run(command, args, { env = process.env, timeoutMs = 20 * 60 * 1000 } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit', detached: true });
    const timer = setTimeout(() => {
      say(`${command} ${args.join(' ')} ran longer than ${timeoutMs / 60000} min: stopped.`);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(signal === 'SIGKILL' ? 124 : (code ?? 1));
    });
    child.on('error', () => {
      clearTimeout(timer);
      resolve(127);
    });
  });
}

function aptInstall(pkg) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  say(`Installing Debian package ${pkg} (apt-get install -y ${pkg}) …`);
  let result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], { stdio: 'inherit', env });
  if (result.status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], { stdio: 'inherit', env });
  }
  return result.status === 0;
}

/** jest --json output → counts; a run without output counts as one failure. */
function jestCounts(file, code) {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    const brokenSuites = report.testResults.filter((s) => s.status === 'failed' && s.assertionResults.length === 0).length;
    return { passed: report.numPassedTests, failed: report.numFailedTests + brokenSuites, total: report.numTotalTests };
  } catch {
    return { passed: 0, failed: code === 0 ? 0 : 1, total: 0 };
  }
}

async function deleteStreams(natsUrl, prefix) {
  const { connect } = require('@nats-io/transport-node');
  const { jetstreamManager } = require('@nats-io/jetstream');
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await jetstreamManager(nc);
    const upper = `${prefix.replace(/\.$/, '').toUpperCase()}_`;
    for await (const stream of jsm.streams.list()) {
      if (stream.config.name.startsWith(upper)) await jsm.streams.delete(stream.config.name);
    }
  } finally {
    await nc.close();
  }
}

async function main() {
  const started = Date.now();
  const parts = parseOnly(process.argv.slice(2));
  if (reexecOnRuntime({ log: say })) return;
  checkNode();
  say(`Node.js ${process.versions.node}`);
  ensureInstalled(say);
  fs.mkdirSync(resultsDir, { recursive: true });

  const { readConfig, serviceEnv } = require('./config.cjs');
  const { freePort, dropDatabase, withDatabase, probePostgres } = require('./probes.cjs');
  const { ensureInfrastructure, InfraError, onPath, logDir } = require('./infra.cjs');

  const steps = [];
  const record = (name, passed, failed, note = '') => {
    steps.push({ name, passed, failed, note });
    say(`${name}: ${failed === 0 ? 'ok' : 'FAILED'}, ${passed} of ${passed + failed} passed${note ? ` ${note}` : ''}`);
  };
  const npx = (args, options) => run('npx', args, options);

  if (parts.has('lint')) {
    // Typed linting of the whole repository in one process outgrows Node's heap on a fresh clone
    // (no cache): each area gets its own process, two at a time on two cores. Ten services' type
    // information still passed Node's default heap (about 2 GB here): each process may use 6 GB.
    const groups = [['libs'], ['services'], ['frontends'], ['tools', 'e2e', '*.cjs', '*.mjs']];
    const lintEnv = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=6144`.trim() };
    say(`lint: npx eslint, in ${groups.length} parts (${groups.map((g) => g[0]).join(', ')})`);
    const lint = (group) =>
      npx(['eslint', ...group, '--cache', '--cache-location', path.join(root, '.data', `eslint-cache-${group[0]}`)], { env: lintEnv });
    const codes = [];
    for (let i = 0; i < groups.length; i += 2) codes.push(...(await Promise.all(groups.slice(i, i + 2).map(lint))));
    const failed = codes.some((code) => code !== 0);
    record('lint', failed ? 0 : 1, failed ? 1 : 0);
  }
  if (parts.has('format')) {
    // one formatter for every file (.prettierrc.json); `npx prettier --write .` mends what this finds
    say('format: npx prettier --check .');
    const code = await npx(['prettier', '--check', '--log-level', 'warn', '.']);
    record('format', code === 0 ? 1 : 0, code === 0 ? 0 : 1);
  }
  if (parts.has('typecheck')) {
    say('typecheck: npx tsc -p tsconfig.json --noEmit');
    const code = await npx(['tsc', '-p', 'tsconfig.json', '--noEmit']);
    record('typecheck', code === 0 ? 1 : 0, code === 0 ? 0 : 1);
  }

  const needsInfra = ['migrations', 'unit', 'integration', 'e2e'].some((p) => parts.has(p));
  let infra = null;
  let env = process.env;
  if (needsInfra) {
    const { config, errors, explicit } = readConfig(process.env);
    if (errors.length > 0) {
      console.error(`Configuration problems:\n${errors.map((e) => `  - ${e}`).join('\n')}`);
      process.exit(1);
    }
    // CI on a fresh machine: bring the Debian packages the launcher uses when nothing answers.
    const { probeNats, probeRedis } = require('./probes.cjs');
    if (isRoot && !onPath('nats-server') && !explicit.natsUrl && !(await probeNats(config.natsUrl)).ok) aptInstall('nats-server');
    if (isRoot && !onPath('redis-server') && !explicit.redisUrl && config.redisUrl !== 'off' && !(await probeRedis(config.redisUrl)).ok)
      aptInstall('redis-server');
    try {
      infra = await ensureInfrastructure(config, explicit, say);
    } catch (error) {
      console.error(error instanceof InfraError ? error.message : error);
      record('infrastructure', 0, 1);
    }
    if (infra) {
      config.databaseUrl = infra.postgres.url;
      config.natsUrl = infra.nats.url;
      config.redisUrl = infra.redis.url;
      config.authTokenSecret = tokenSecret(config.authTokenSecret).secret;
      env = serviceEnv(config, process.env);
    }
  }

  try {
    if (infra && parts.has('migrations')) {
      const script = path.join(root, 'tools', 'check-migrations.cjs');
      if (fs.existsSync(script)) {
        say('migrations: tools/check-migrations.cjs');
        const code = await run(process.execPath, ['-r', './tools/swc/register.cjs', script], { env });
        record('migration drift', code === 0 ? 1 : 0, code === 0 ? 0 : 1);
      } else say('migrations: tools/check-migrations.cjs not present yet: skipped');
    }

    if (infra && (parts.has('unit') || parts.has('integration'))) {
      const output = path.join(resultsDir, 'jest.json');
      fs.rmSync(output, { force: true });
      const args = ['jest', '-c', 'jest.config.cjs', '--ci', '--maxWorkers=2', '--json', '--outputFile', output];
      let label = 'jest (unit + integration)';
      if (!parts.has('integration')) {
        args.push('--testPathIgnorePatterns', 'integration-spec', '/node_modules/');
        label = 'jest (unit)';
      } else if (!parts.has('unit')) {
        args.push('--testPathPatterns', 'integration-spec');
        label = 'jest (integration)';
      }
      say(`${label}: npx ${args.join(' ')}`);
      // 30 min: a quiet machine needs about 6; a loaded one (CI shares the machine) once passed 12
      const code = await npx(args, { env, timeoutMs: 30 * 60 * 1000 });
      const counts = jestCounts(output, code);
      if (code !== 0 && counts.failed === 0) counts.failed = 1;
      record(label, counts.passed, counts.failed);

      // The tools' own tests (launcher, generators), until the root config lists them.
      const rootProjects = require(path.join(root, 'jest.config.cjs')).projects ?? [];
      if (parts.has('unit') && !rootProjects.some((p) => String(p).includes('tools/jest.config.cjs'))) {
        const toolsOutput = path.join(resultsDir, 'jest-tools.json');
        fs.rmSync(toolsOutput, { force: true });
        say('jest (tools): npx jest -c tools/jest.config.cjs');
        const toolsCode = await npx(
          ['jest', '-c', 'tools/jest.config.cjs', '--ci', '--maxWorkers=2', '--json', '--outputFile', toolsOutput],
          { env },
        );
        const toolsCounts = jestCounts(toolsOutput, toolsCode);
        if (toolsCode !== 0 && toolsCounts.failed === 0) toolsCounts.failed = 1;
        record('jest (tools)', toolsCounts.passed, toolsCounts.failed);
      }
    }

    if (infra && parts.has('e2e')) await runE2e({ env, infra, record, freePort, dropDatabase, withDatabase, probePostgres, logDir });
  } finally {
    if (infra) await infra.stop();
  }

  const passed = steps.reduce((sum, s) => sum + s.passed, 0);
  const failed = steps.reduce((sum, s) => sum + s.failed, 0);
  console.log(`\n[test] summary (${((Date.now() - started) / 60000).toFixed(1)} min):`);
  // only the last line reads `N passed, N failed`: CI takes it as the count
  for (const s of steps)
    console.log(
      `  ${s.failed === 0 ? 'ok  ' : 'FAIL'} ${s.name}: ${s.passed} of ${s.passed + s.failed} passed${s.note ? ` ${s.note}` : ''}`,
    );
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

async function runE2e({ env, infra, record, freePort, dropDatabase, withDatabase, probePostgres, logDir }) {
  const config = path.join(root, 'e2e', 'jest.config.cjs');
  if (!fs.existsSync(config)) {
    say('e2e: no e2e/jest.config.cjs yet: skipped');
    return;
  }
  if (!fs.existsSync('/usr/bin/chromium')) {
    if (isRoot) aptInstall('chromium');
    else say('e2e: /usr/bin/chromium is missing: install it with `sudo apt-get install -y chromium`');
  }
  const frontends = buildFrontends({ log: say });
  if (!frontends.ok) {
    record('frontend build', 0, 1);
    return;
  }
  const { startStack } = require('./stack.cjs');
  const tag = crypto.randomBytes(3).toString('hex');
  const databaseUrl = withDatabase(infra.postgres.url, `pawline_e2e_${tag}`);
  const prefix = `e2e${tag}.`;
  const port = await freePort();
  const created = await probePostgres(databaseUrl, { ensureDatabase: true });
  if (!created.ok) {
    record('e2e database', 0, 1, `(${created.error})`);
    return;
  }
  const stackEnv = {
    ...env,
    DATABASE_URL: databaseUrl,
    PAWLINE_SUBJECT_PREFIX: prefix,
    PAWLINE_SERVICE_PORTS: 'random',
    PORT: String(port),
    PORT_GATEWAY: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
  };
  say(`e2e: starting the stack on port ${port} (database pawline_e2e_${tag}, prefix ${prefix}) …`);
  let stack = null;
  try {
    stack = await startStack({
      mode: 'cohost',
      env: stackEnv,
      port,
      logDir: path.join(logDir, 'e2e'),
      echo: false,
      timeoutMs: 180000,
      log: say,
    });
    if (!stack.ok) {
      record('e2e stack start', 0, 1, '(see .data/logs/e2e/pawline.log)');
      return;
    }
    const output = path.join(resultsDir, 'e2e.json');
    fs.rmSync(output, { force: true });
    const code = await run('npx', ['jest', '-c', 'e2e/jest.config.cjs', '--ci', '--maxWorkers=1', '--json', '--outputFile', output], {
      env: { ...stackEnv, PAWLINE_E2E_URL: `http://localhost:${port}`, CHROMIUM_PATH: env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
      // a bound for a hung browser, not a speed goal: 30 specs take 8–12 min on this machine (2 cores)
      timeoutMs: 20 * 60 * 1000,
    });
    const counts = jestCounts(output, code);
    if (code !== 0 && counts.failed === 0) counts.failed = 1;
    record('e2e (browser)', counts.passed, counts.failed);
  } finally {
    if (stack) await stack.stop();
    await dropDatabase(databaseUrl).catch((error) => say(`e2e: could not drop pawline_e2e_${tag}: ${error.message}`));
    await deleteStreams(infra.nats.url, prefix).catch((error) => say(`e2e: could not delete streams of ${prefix}: ${error.message}`));
  }
}

main().catch((error) => {
  console.error(error);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
