import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../../../..');
const register = path.join(root, 'tools/swc/register.cjs');
const fixtureMain = path.join(__dirname, '../fixtures/fixture-main.ts');

export type ChildService = {
  process: ChildProcess;
  /** Resolves with the signal (or exit code) when the child has gone. */
  exited: Promise<NodeJS.Signals | number | null>;
  stop(): Promise<void>;
};

/** `node -r tools/swc/register.cjs fixture-main.ts` with the env's settings and an optional fault point. */
export async function startChildService(env: Record<string, string>, fault?: string): Promise<ChildService> {
  const child = fork(fixtureMain, [], {
    execArgv: ['-r', register],
    env: { ...process.env, ...env, PAWLINE_FAULT: fault ?? '' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('fixture service did not start in 30 s')), 30_000);
    child.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`fixture service exited before it was ready (${String(how)})`));
    });
  });
  return {
    process: child,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
