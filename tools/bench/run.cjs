#!/usr/bin/env node
// `npm run bench -- <name> [options]`: runs tools/bench/<name>/<name>.bench.ts through the swc hook.
//   npm run bench -- gateway               GET /api/v1/user via gateway+identity vs a bare node:http handler
//   npm run bench -- gateway --duration=5  shorter runs (default 20 s each); --rounds=N unlimited rounds (3), --split
//   npm run bench -- bundle [--no-build]   JavaScript bytes Chromium downloads for the login page and the calendar
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '../..');
const benches = fs
  .readdirSync(__dirname, { withFileTypes: true })
  .filter((d) => d.isDirectory() && fs.existsSync(path.join(__dirname, d.name, `${d.name}.bench.ts`)))
  .map((d) => d.name);

function main() {
  // every bench measures the Node that ships (tools/launcher/runtime.cjs)
  if (require('../launcher/runtime.cjs').reexecOnRuntime({ log: (line) => console.error(line) })) return;
  const [name, ...rest] = process.argv.slice(2);
  if (!name || !benches.includes(name)) {
    console.error(`Usage: npm run bench -- <${benches.join('|')}> [--duration=seconds]`);
    process.exit(2);
  }
  const result = spawnSync(process.execPath, ['-r', './tools/swc/register.cjs', path.join(__dirname, name, `${name}.bench.ts`), ...rest], {
    cwd: root,
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
}

main();
