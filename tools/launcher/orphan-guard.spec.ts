import { spawn } from 'node:child_process';
import { join } from 'node:path';

describe('orphan guard', () => {
  it('turns the loss of the launcher (IPC channel closed) into SIGTERM for the child', async () => {
    const child = spawn(
      process.execPath,
      [
        '-r',
        join(__dirname, 'orphan-guard.cjs'),
        '-e',
        "process.on('SIGTERM', () => { console.log('stopping on SIGTERM'); process.exit(0); }); process.send('ready'); setInterval(() => undefined, 1000);",
      ],
      { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
    );
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise<void>((resolve) => child.once('message', () => resolve()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.disconnect();
    await expect(exited).resolves.toBe(0);
    expect(output).toContain('stopping on SIGTERM');
  });
});
