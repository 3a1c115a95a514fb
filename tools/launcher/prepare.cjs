// Steps shared by `npm start` and `npm test` that must run on a fresh clone before any
// dependency is installed: Node version, npm install when stale, the token secret, frontends.
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '../..');

/**
 * Why this Node cannot run Pawline, or null. The launcher runs on the pinned runtime (runtime.cjs);
 * only where the registry has no binary for the platform does it stay on the machine's own Node,
 * which must then be of the pinned major or newer.
 */
function nodeVersionProblem(version = process.versions.node, pinned = require('./runtime.cjs').pinnedVersion()) {
  const major = Number(version.split('.')[0]);
  const wanted = Number(pinned.split('.')[0]);
  if (major >= wanted) return null;
  return `Pawline runs on Node.js ${pinned} (package.json devEngines); this is ${version}. Install Node ${wanted} and run again.`;
}

function checkNode() {
  const problem = nodeVersionProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * The packages package-lock.json asks for that node_modules lacks or has at another version (npm's own
 * record of what it installed, node_modules/.package-lock.json). Optional packages (other platforms'
 * binaries) may be absent.
 */
function lockDifferences(lock, installed) {
  const wanted = lock?.packages ?? {};
  const have = installed?.packages ?? {};
  return Object.entries(wanted)
    .filter(([name, entry]) => name !== '' && !entry.link)
    .filter(([name, entry]) => (have[name] ? have[name].version !== entry.version : !entry.optional))
    .map(([name]) => name);
}

/**
 * True when node_modules is missing, or when package-lock.json is newer and asks for packages that are not
 * installed as it says. A newer file alone is not enough: a fresh checkout of the same lockfile (a git
 * worktree whose node_modules links to another checkout's) would run npm install for nothing, and that
 * install replaced the link with a folder of its own.
 */
function installNeeded(dir = root) {
  const installedFile = path.join(dir, 'node_modules', '.package-lock.json');
  const lockFile = path.join(dir, 'package-lock.json');
  const installed = mtime(installedFile);
  const lock = mtime(lockFile);
  if (installed === null) return true;
  if (lock === null || lock <= installed) return false;
  const wanted = readJson(lockFile);
  const have = readJson(installedFile);
  return wanted === null || have === null || lockDifferences(wanted, have).length > 0;
}

/** npm install (never npm ci: it fails on a lockfile made here). */
function ensureInstalled(log = console.log) {
  if (!installNeeded()) return false;
  log('Installing dependencies (npm install --no-audit --no-fund) …');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('npm install failed; fix the error above and run again.');
    process.exit(result.status ?? 1);
  }
  return true;
}

/** AUTH_TOKEN_SECRET from the environment, else one generated into .data/secret (0600) and kept. */
function tokenSecret(fromEnv, dataDir = path.join(root, '.data')) {
  if (fromEnv) return { secret: fromEnv, source: 'AUTH_TOKEN_SECRET' };
  const file = path.join(dataDir, 'secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return { secret: existing, source: '.data/secret' };
  } catch {
    // first start: generated below
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return { secret, source: '.data/secret (new)' };
}

const FRONTEND_INPUTS = ['frontends', 'libs/ui/src', 'libs/api-client/src', 'libs/i18n/src', 'libs/domain/src', 'libs/contracts/src'];
const SKIP_DIRS = new Set(['node_modules', 'dist', '.nx', 'test-results']);

function newestMtime(dir) {
  let newest = 0;
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    const value = entry.isDirectory() ? newestMtime(full) : (mtime(full) ?? 0);
    if (value > newest) newest = value;
  }
  return newest;
}

/**
 * Builds the frontends when a source is newer than the last build (stamp file in the output).
 * Uses frontends/build.mjs; without it, Nx `build` targets of frontend projects; else says so.
 */
function buildFrontends({ log = console.log, force = false } = {}) {
  const outDir = path.join(root, 'dist', 'frontends');
  const stamp = path.join(outDir, '.build-stamp');
  const script = path.join(root, 'frontends', 'build.mjs');
  const nxProjects = fs.existsSync(path.join(root, 'frontends'))
    ? fs
        .readdirSync(path.join(root, 'frontends'), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .filter((d) => {
          try {
            return Boolean(JSON.parse(fs.readFileSync(path.join(root, 'frontends', d.name, 'project.json'), 'utf8')).targets?.build);
          } catch {
            return false;
          }
        })
        .map((d) => d.name)
    : [];
  if (!fs.existsSync(script) && nxProjects.length === 0) {
    log('Frontends: no frontends/build.mjs and no frontend build targets yet: skipped (the API still runs).');
    return { state: 'absent', ok: true };
  }
  const built = mtime(stamp);
  const newest = Math.max(...FRONTEND_INPUTS.map((dir) => newestMtime(path.join(root, dir))));
  if (!force && built !== null && built >= newest) {
    log('Frontends: up to date.');
    return { state: 'fresh', ok: true };
  }
  log(
    fs.existsSync(script)
      ? 'Frontends: building (node frontends/build.mjs) …'
      : `Frontends: building (nx run-many -t build -p ${nxProjects.join(',')}) …`,
  );
  const started = Date.now();
  const result = fs.existsSync(script)
    ? spawnSync(process.execPath, [script], { cwd: root, stdio: 'inherit' })
    : spawnSync('npx', ['nx', 'run-many', '-t', 'build', '-p', nxProjects.join(','), '--outputStyle=static'], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, NX_DAEMON: 'false' },
      });
  if (result.status !== 0) {
    log('Frontends: build FAILED (see above).');
    return { state: 'failed', ok: false };
  }
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(stamp, new Date().toISOString());
  log(`Frontends: built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return { state: 'built', ok: true };
}

module.exports = { checkNode, nodeVersionProblem, installNeeded, lockDifferences, ensureInstalled, tokenSecret, buildFrontends, root };
