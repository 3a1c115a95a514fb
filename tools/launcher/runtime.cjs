// The Node.js Pawline ships on (the image's base, ADR 0049) is pinned in package.json's
// devEngines.runtime. A machine whose own Node is another version still starts and tests that one:
// the launcher fetches it from the npm registry (node-<platform>-<arch>, the `node` package family)
// into .data/runtime and runs itself, npm and every process on it. The system Node only bootstraps.
//   node tools/launcher/runtime.cjs --bin-dir     prints the folder to put first in PATH
//   node tools/launcher/runtime.cjs <args…>       runs `node <args…>` on the pinned runtime
// Plain CommonJS with node: modules only: it runs before anything is installed.
const fs = require('node:fs');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '../..');
const REEXEC_MARK = 'PAWLINE_RUNTIME';

/** The exact version package.json pins (devEngines.runtime, name node). */
function pinnedVersion(dir = root) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const runtimes = [pkg.devEngines?.runtime ?? []].flat();
  const node = runtimes.find((r) => r.name === 'node');
  if (!node || !/^\d+\.\d+\.\d+$/.test(node.version ?? '')) throw new Error('package.json devEngines.runtime names no exact node version');
  return node.version;
}

/** The registry package that carries Node's binary for a platform, as the `node` package names them. */
function runtimePackage(platform = process.platform, arch = process.arch) {
  const os = { linux: 'linux', darwin: 'darwin', win32: 'win' }[platform];
  return os && ['x64', 'arm64'].includes(arch) ? `node-${os}-${arch}` : null;
}

function runtimeDir(version, dir = root) {
  return path.join(dir, '.data', 'runtime', version);
}

/** Where the pinned binary lives once fetched (bin/node; node.exe on Windows). */
function runtimeBinary(version, dir = root, platform = process.platform, arch = process.arch) {
  const pkg = runtimePackage(platform, arch);
  if (!pkg) return null;
  const base = path.join(runtimeDir(version, dir), 'node_modules', pkg);
  return platform === 'win32' ? path.join(base, 'bin', 'node.exe') : path.join(base, 'bin', 'node');
}

function versionOf(binary) {
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim().replace(/^v/, '') : null;
}

/**
 * The pinned Node's binary: this process's own when it already is that version (the image), else the
 * one in .data/runtime, fetched first when missing. Null with a reason when neither is possible.
 */
function ensureRuntime({ log = console.log, dir = root } = {}) {
  const version = pinnedVersion(dir);
  if (process.versions.node === version) return { binary: process.execPath, version };
  const binary = runtimeBinary(version, dir);
  if (!binary) return { binary: null, version, reason: `the registry has no Node binary package for ${process.platform}-${process.arch}` };
  if (fs.existsSync(binary) && versionOf(binary) === version) return { binary, version };
  const pkg = runtimePackage();
  log(`Fetching Node.js ${version}, the version Pawline ships on (npm install ${pkg}@${version} into .data/runtime) …`);
  fs.mkdirSync(runtimeDir(version, dir), { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = [
    'install',
    `${pkg}@${version}`,
    '--prefix',
    runtimeDir(version, dir),
    '--no-save',
    '--no-package-lock',
    '--no-audit',
    '--no-fund',
  ];
  const result = spawnSync(npm, args, { cwd: dir, stdio: ['ignore', process.stderr, process.stderr] });
  if (result.status !== 0 || !fs.existsSync(binary)) return { binary: null, version, reason: `npm install ${pkg}@${version} failed` };
  return { binary, version };
}

/** PATH with the runtime's folder first, so `npx`, `npm` and `#!/usr/bin/env node` scripts run on it. */
function pathWith(binary, envPath = process.env.PATH ?? '') {
  return [path.dirname(binary), envPath].filter(Boolean).join(path.delimiter);
}

/**
 * Runs this very script again on the pinned Node (same arguments, PATH led by the runtime) and exits
 * with its code: true then, and the caller does nothing more. False when this process already runs on
 * it. Ctrl-C reaches the child from the terminal, so this parent only waits; a SIGTERM sent to it
 * alone is passed on.
 */
function reexecOnRuntime({ log = console.log } = {}) {
  if (process.env[REEXEC_MARK] === process.execPath) return false;
  const runtime = ensureRuntime({ log });
  if (!runtime.binary) {
    const major = Number(runtime.version.split('.')[0]);
    if (Number(process.versions.node.split('.')[0]) >= major) {
      log(`Running on this machine's Node ${process.versions.node}: ${runtime.reason}; Pawline ships on ${runtime.version}.`);
      return false;
    }
    console.error(`Pawline runs on Node.js ${runtime.version} and ${runtime.reason}. Install Node ${major} and run again.`);
    process.exit(1);
  }
  if (runtime.binary === process.execPath) return false;
  const child = spawn(runtime.binary, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: pathWith(runtime.binary), [REEXEC_MARK]: runtime.binary },
  });
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
  return true;
}

module.exports = { pinnedVersion, runtimePackage, runtimeBinary, ensureRuntime, pathWith, reexecOnRuntime };

if (require.main === module) {
  const args = process.argv.slice(2);
  const runtime = ensureRuntime({ log: (line) => console.error(line) });
  const binary = runtime.binary ?? process.execPath;
  if (args[0] === '--bin-dir') {
    console.log(path.dirname(binary));
  } else {
    const child = spawn(binary, args, { stdio: 'inherit', env: { ...process.env, PATH: pathWith(binary), [REEXEC_MARK]: binary } });
    process.on('SIGINT', () => undefined);
    process.on('SIGTERM', () => child.kill('SIGTERM'));
    child.on('exit', (code) => process.exit(code ?? 1));
  }
}
