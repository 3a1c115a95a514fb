import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/**
 * CPU seconds used so far by the processes of each name (Linux /proc; empty elsewhere): with the
 * figures before and after a run, what Postgres and NATS spent on it, which wall-clock latency on
 * a shared machine does not tell.
 */
export function cpuByProcessName(names: readonly string[]): Map<string, number> {
  const totals = new Map<string, number>(names.map((name) => [name, 0]));
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return totals;
  }
  for (const pid of entries) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // pid (comm) state ... : comm may hold spaces, so split after the last ')'
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (!totals.has(name)) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
    totals.set(name, (totals.get(name) ?? 0) + ticks / TICKS_PER_SECOND);
  }
  return totals;
}

/** Milliseconds of CPU per answer that each named process spent between two readings. */
export function cpuPerAnswer(before: Map<string, number>, after: Map<string, number>, answers: number): string {
  return [...after]
    .map(([name, seconds]) => `${name} ${(((seconds - (before.get(name) ?? 0)) * 1000) / Math.max(answers, 1)).toFixed(2)} ms`)
    .join(', ');
}
