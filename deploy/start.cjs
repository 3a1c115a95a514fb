// The image's entry point: `node dist/node/start.cjs <service>` (or PAWLINE_SERVICE=<service>) runs one
// process from the JavaScript deploy/build-node.mjs wrote: a service (identity, scheduling, crm, messaging,
// booking, billing, marketing, analytics, gateway), messaging-worker, `migrate` (every service's
// migrations, then exit: the Kubernetes Job of deploy/README.md), `rotate-messaging-key` (senders' tokens
// sealed anew with MESSAGING_SECRET_KEY, then exit: deploy/README.md, "Rotating secrets"), `rotate-webhooks-key`
// (webhook endpoints' signing secrets sealed anew with WEBHOOKS_SECRET_KEY, the same way) or `backup-upload` (the
// nightly dumps copied to object storage: the CronJob pawline-backup). No transpiler is loaded.
const fs = require('node:fs');
const path = require('node:path');

const dist = __dirname;
require('./aliases.cjs').installAliases(dist);
// our frames mapped to TypeScript when a stack is printed; NODE_OPTIONS=--enable-source-maps maps every
// module as it loads instead (node_modules too), at 10–16 MB per process
if (!process.execArgv.includes('--enable-source-maps') && !/--enable-source-maps/.test(process.env.NODE_OPTIONS ?? ''))
  require('./source-map-stacks.cjs').installSourceMapStacks(dist);

/** one-off tasks: the file and the function that runs them (it answers the exit code, or exits itself) */
const TASKS = {
  migrate: [path.join(dist, 'tools', 'ops', 'migrate.js'), 'runMigrateCli'],
  'rotate-messaging-key': [path.join(dist, 'services', 'messaging', 'src', 'sender', 'secret-key-rotation.js'), 'runSecretKeyRotationCli'],
  'rotate-webhooks-key': [
    path.join(dist, 'services', 'webhooks', 'src', 'endpoint', 'secret-key-rotation.js'),
    'runWebhooksKeyRotationCli',
  ],
  'backup-upload': [path.join(dist, 'tools', 'ops', 'backup-upload.js'), 'runBackupUploadCli'],
};

function entry(name) {
  if (Object.hasOwn(TASKS, name)) return TASKS[name][0];
  const worker = /^([a-z]+)-worker$/.exec(name);
  const file = worker
    ? path.join(dist, 'services', worker[1], 'src', 'worker-main.js')
    : path.join(dist, 'services', name, 'src', 'main.js');
  return /^[a-z][a-z-]*$/.test(name) && fs.existsSync(file) ? file : null;
}

const name = process.argv[2] ?? process.env.PAWLINE_SERVICE ?? '';
const file = entry(name);
if (!file) {
  const known = fs
    .readdirSync(path.join(dist, 'services'))
    .flatMap((s) => [s, ...(fs.existsSync(path.join(dist, 'services', s, 'src', 'worker-main.js')) ? [`${s}-worker`] : [])]);
  process.stderr.write(
    `start: name the process to run (argument or PAWLINE_SERVICE): ${[...known, ...Object.keys(TASKS)].join(', ')}; got ${JSON.stringify(name)}\n`,
  );
  process.exit(2);
}
if (Object.hasOwn(TASKS, name)) {
  const run = require(file)[TASKS[name][1]];
  Promise.resolve(run(process.argv.slice(3))).then(
    (code) => typeof code === 'number' && process.exit(code),
    (error) => {
      process.stderr.write(`${name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
} else require(file);
