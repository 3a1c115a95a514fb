import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** CPU seconds used so far by each process of the given names, by pid (Linux /proc; empty elsewhere). */
export type CpuReading = Map<string, { name: string; seconds: number }>;

/**
 * What Postgres, NATS or Redis spent on a run, which wall-clock latency on a shared machine does
 * not tell: read before and after, and compare with cpuPerAnswer.
 */
export function cpuByProcessName(names: readonly string[]): CpuReading {
  const reading: CpuReading = new Map();
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return reading;
  }
  for (const pid of entries) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // pid (comm) state ...: comm may hold spaces, so split after the last ')'
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (!names.includes(name)) continue;
    reading.set(pid, { name, seconds: cpuSecondsOf(stat) });
  }
  return reading;
}

/** utime + stime of one /proc/<pid>/stat line. */
function cpuSecondsOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** CPU seconds one process has used so far (0 when it cannot be read). */
export function cpuOfProcess(pid: number): number {
  try {
    return cpuSecondsOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return 0;
  }
}

/**
 * Milliseconds of CPU per answer each process name spent between two readings, over the processes
 * alive at the second one (a process that ended meanwhile, such as a closed Postgres connection,
 * is not counted: the figure can only be low, never negative).
 */
export function cpuPerAnswer(before: CpuReading, after: CpuReading, answers: number, names: readonly string[]): string {
  const spent = new Map<string, number>(names.map((name) => [name, 0]));
  for (const [pid, now] of after) spent.set(now.name, (spent.get(now.name) ?? 0) + now.seconds - (before.get(pid)?.seconds ?? 0));
  return [...spent].map(([name, seconds]) => `${name} ${((seconds * 1000) / Math.max(answers, 1)).toFixed(2)} ms`).join(', ');
}
