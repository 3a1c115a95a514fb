// Starts every process of the image from the JavaScript of deploy/build-node.mjs (no transpiler), one
// child each as in the Kubernetes deployment, waits for each /health, prints each process's resident
// memory (VmRSS, Linux /proc) 5 s after start and at rest (RSS_REST_SECONDS, default 60, after the last
// /health), where its pages are at rest, then stops them and drops the scratch database.
//   node deploy/build-node.mjs && node tools/ops/rss-at-rest.mjs
// Uses the machine's Postgres, NATS and Redis (DATABASE_URL's server, NATS_URL, REDIS_URL), a scratch
// database and a random subject prefix, so it does not touch a running stack.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pg = require('pg');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const start = path.join(root, 'dist', 'node', 'start.cjs');
if (!fs.existsSync(start)) {
  console.error('rss-at-rest: dist/node/start.cjs is missing: run `node deploy/build-node.mjs` first');
  process.exit(1);
}
const server = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
const scratch = `pawline_rss_${process.pid}`;
const admin = new URL(server);
admin.pathname = '/postgres';
const dbUrl = new URL(server);
dbUrl.pathname = `/${scratch}`;
const prefix = `rss${process.pid}.`;
// every service process of the stack, by the launcher's own list (the ports themselves are not used here)
const PROCESSES = require('../launcher/stack.cjs').SERVICE_PORTS;
const { imageNodeArgs } = require('../launcher/cluster.cjs');
const base = 41000 + (process.pid % 500) * 10;

const get = (url) =>
  new Promise((resolve) => {
    const req = http.get(url, { timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
  });
const rssMb = (pid) => {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Math.round(Number(line[1]) / 1024) : NaN;
};
/** where a process's resident pages are (/proc/<pid>/smaps): anonymous (heap, stacks, malloc), the node binary's
 *  own file pages (shared by every process on the node), and other files (libraries, native addons) */
const residentParts = (pid) => {
  const parts = { anonymous: 0, node: 0, files: 0 };
  let mapping = '';
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) mapping = head[1];
    else if (line.startsWith('Rss:')) {
      const kb = Number(line.split(/\s+/)[1]);
      if (!mapping.startsWith('/')) parts.anonymous += kb;
      else if (mapping === process.execPath) parts.node += kb;
      else parts.files += kb;
    }
  }
  return Object.fromEntries(Object.entries(parts).map(([k, kb]) => [k, (kb / 1024).toFixed(1)]));
};

const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
await client.query(`CREATE DATABASE ${scratch}`);
await client.end();

const children = [];
const tmp = fs.mkdtempSync('/tmp/pawline-rss-');
try {
  const names = [...Object.keys(PROCESSES), 'gateway'];
  names.forEach((name, i) => {
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: dbUrl.toString(),
      PAWLINE_SUBJECT_PREFIX: prefix,
      AUTH_TOKEN_SECRET: 'rss-at-rest-only-a-scratch-secret-of-32-chars',
      PAWLINE_SERVICES: Object.keys(PROCESSES).join(','),
      LOG_LEVEL: 'warn',
      CRM_FILES_DIR: tmp,
      MESSAGING_FILES_DIR: tmp,
      PORT: String(base + i),
      [`PORT_${name.toUpperCase().replace(/-/g, '_')}`]: String(base + i),
    };
    // V8 options NODE_OPTIONS refuses (PAWLINE_NODE_ARGS, as `npm start -- --cluster` and the memory bench take them)
    const child = spawn(process.execPath, [...imageNodeArgs(process.env), start, name], {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    children.push({ name, child, port: base + i, stderr: () => stderr });
  });
  const deadline = Date.now() + 120_000;
  const rows = [];
  for (const c of children) {
    let status = null;
    while (Date.now() < deadline && c.child.exitCode === null) {
      status = await get(`http://127.0.0.1:${c.port}/health`);
      if (status) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    rows.push({ c, status });
  }
  // "after start": 5 s after the last /health; "at rest": RSS_REST_SECONDS (60) after it, once V8's memory
  // reducer has run in the idle processes (it shrinks the heap grown during start, 30 to 60 s in)
  const restSeconds = Number(process.env.RSS_REST_SECONDS ?? 60);
  await new Promise((r) => setTimeout(r, 5000));
  const afterStart = new Map(rows.map(({ c }) => [c.name, c.child.exitCode === null ? rssMb(c.child.pid) : null]));
  await new Promise((r) => setTimeout(r, Math.max(0, restSeconds - 5) * 1000));
  console.log(`process            /health  RSS after start  at rest (${restSeconds} s)  of which: anonymous  node binary  other files`);
  let failed = false;
  let highest = 0;
  for (const { c, status } of rows) {
    const alive = c.child.exitCode === null;
    if (!alive || status !== 200) failed = true;
    const rest = alive ? rssMb(c.child.pid) : null;
    if (rest !== null) highest = Math.max(highest, rest);
    const parts = alive ? residentParts(c.child.pid) : null;
    console.log(
      `${c.name.padEnd(18)} ${String(alive ? status : 'exited').padEnd(8)} ${String(afterStart.get(c.name) ?? '-').padStart(15)}  ` +
        `${String(rest ?? '-').padStart(15)}` +
        (parts ? ` ${parts.anonymous.padStart(20)} ${parts.node.padStart(12)} ${parts.files.padStart(12)}` : ''),
    );
    if (!alive) console.log(c.stderr().slice(-2000));
  }
  console.log(`highest RSS at rest ${highest} MB (goal of issue 17: at most 100 MB per process)`);
  process.exitCode = failed ? 1 : 0;
} finally {
  await Promise.all(
    children.map(
      ({ child }) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), 15000);
          child.once('exit', () => (clearTimeout(timer), resolve()));
          child.kill('SIGTERM');
        }),
    ),
  );
  fs.rmSync(tmp, { recursive: true, force: true });
  const cleanup = new pg.Client({ connectionString: admin.toString() });
  await cleanup.connect();
  await cleanup.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  await cleanup.end();
}
