import { execFile } from 'node:child_process';
import { join } from 'node:path';

export type LoadOptions = {
  url: string;
  headers: Record<string, string>;
  duration: number;
  connections: number;
  /**
   * requests per second for the whole run, sent open loop at a constant rate (latency counted
   * from when each request was due); unlimited (autocannon, `connections` in flight) when left out
   */
  overallRate?: number;
  /** paths to cycle through on `url`'s host; `url` itself when left out */
  paths?: string[];
  /** open loop: also return every answer's [ms after start when due, latency ms] and the start (epoch ms) */
  samples?: boolean;
  /** open loop: ask each path with If-None-Match of its last ETag, as a browser keeping the answer (304 counts) */
  revalidate?: boolean;
};

export type LoadResult = {
  requestsPerSecond: number;
  answers: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
  startedAt?: number;
  samples?: [number, number][];
};

/** Runs the load (load-worker.cjs) in a child process so the measured server keeps its event loop to itself. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(__dirname, 'load-worker.cjs'), JSON.stringify(options)],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`load generator failed: ${stderr || error.message}`));
        else resolve(JSON.parse(stdout) as LoadResult);
      },
    );
  });
}
