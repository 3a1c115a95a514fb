import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export type SalonSite = { url: string; close(): Promise<void> };

/**
 * tools/salon-site on a free port of 127.0.0.1 (another origin than the gateway), its pages' script
 * tag pointing at `pawlineUrl`; a child process, as a salon's site is its own server.
 */
export function startSalonSite(pawlineUrl: string): Promise<SalonSite> {
  const child: ChildProcess = spawn(process.execPath, [path.join(__dirname, 'server.mjs')], {
    env: { ...process.env, SALON_PORT: '0', SALON_HOST: '127.0.0.1', PAWLINE_URL: pawlineUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`the salon site stopped (${String(code)}): ${output}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (!match?.[1]) return;
      child.removeAllListeners('exit');
      resolve({
        url: match[1],
        close: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill();
          }),
      });
    });
  });
}
