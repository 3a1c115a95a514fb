// Child processes of the launcher: TypeScript run through the swc require hook, output kept
// in .data/logs and warnings/errors echoed in short form, stopped with SIGTERM then SIGKILL.
const fs = require('node:fs');
const path = require('node:path');
const http = require('node:http');
const readline = require('node:readline');
const { spawn } = require('node:child_process');

const root = path.resolve(__dirname, '../..');
const LEVEL_NAMES = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const LEVEL_VALUES = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

/** One pino JSON line → a short line for the terminal, or null when below warn. Non-JSON passes. */
function terminalLine(line, label) {
  if (line.trim() === '') return null;
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line.startsWith(`[${label}]`) ? line : `[${label}] ${line}`;
  }
  if (typeof entry !== 'object' || entry === null) return `[${label}] ${line}`;
  // pino writes the level as a number, or as its label when a formatter says so
  const level = typeof entry.level === 'number' ? entry.level : LEVEL_VALUES[entry.level];
  if (level === undefined) return `[${label}] ${line}`;
  if (level < 40) return null;
  const who = entry.service ?? label;
  const error = entry.err?.stack ?? entry.err?.message ?? entry.error ?? '';
  const text = typeof error === 'string' ? error : JSON.stringify(error);
  return `[${who}] ${LEVEL_NAMES[level] ?? level} ${entry.msg ?? ''}${text ? `\n${text}` : ''}`;
}

/** Spawns `node -r register.cjs -r orphan-guard.cjs <file>` with an IPC channel. */
function spawnTs(file, { env, label, logFile, echo = true, args = [] }) {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.createWriteStream(logFile, { flags: 'a' });
  const child = spawn(
    process.execPath,
    ['-r', path.join(root, 'tools/swc/register.cjs'), '-r', path.join(__dirname, 'orphan-guard.cjs'), file, ...args],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], detached: true },
  );
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      log.write(`${line}\n`);
      if (!echo) return;
      const short = terminalLine(line, label);
      if (short) process.stdout.write(`${short}\n`);
    });
  }
  child.on('exit', () => log.end());
  return child;
}

/** SIGTERM, then SIGKILL after `timeoutMs`; resolves when the child is gone. */
function stopProcess(child, timeoutMs = 15000) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** GET url → { status, body } or null when nothing answers. */
function httpGet(url, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const request = http.get(url, { timeout: timeoutMs }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
  });
}

/** Polls until the URL answers HTTP (any status) or `isDead()` says the server process died. */
async function waitForHttp(url, { timeoutMs, isDead = () => false, intervalMs = 500 }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answer = await httpGet(url);
    if (answer) return answer;
    if (isDead()) return null;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return null;
}

module.exports = { spawnTs, stopProcess, httpGet, waitForHttp, terminalLine };
