import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** CPU seconds used so far, by pid, by the processes of the given names (Linux /proc; empty elsewhere). */
type CpuReading = Map<string, { name: string; seconds: number }>;

/** utime + stime of one /proc/<pid>/stat line. */
function cpuSecondsOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

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
    if (names.includes(name)) reading.set(pid, { name, seconds: cpuSecondsOf(stat) });
  }
  return reading;
}

export function cpuOfProcess(pid: number): number {
  try {
    return cpuSecondsOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return 0;
  }
}

const perAnswer = (seconds: number, answers: number) => `${((seconds * 1000) / Math.max(answers, 1)).toFixed(2)} ms`;

/**
 * What each part of a run spent on it, which wall-clock latency on a shared machine does not tell.
 * Started before a run; `perAnswer(answers)` after it gives the milliseconds of CPU per answer of
 * this process (`ownLabel`), of other processes of ours by pid (`pids`: label → pid), and of the
 * processes of each name (`names`: Postgres, NATS, Redis). Counted over the processes alive at the
 * end: one that ended meanwhile, such as a closed Postgres connection, is left out, so a figure can
 * only be low, never negative.
 */
export function startCpuMeter(
  ownLabel: string,
  names: readonly string[],
  pids: Readonly<Record<string, number>> = {},
): { perAnswer(answers: number): string } {
  const ownBefore = process.cpuUsage();
  const pidsBefore = Object.fromEntries(Object.entries(pids).map(([label, pid]) => [label, cpuOfProcess(pid)]));
  const namesBefore = cpuByProcessName(names);
  return {
    perAnswer(answers: number): string {
      const own = process.cpuUsage(ownBefore);
      const parts = [`${ownLabel} ${perAnswer((own.user + own.system) / 1e6, answers)}`];
      for (const [label, pid] of Object.entries(pids))
        parts.push(`${label} ${perAnswer(cpuOfProcess(pid) - (pidsBefore[label] ?? 0), answers)}`);
      const spent = new Map<string, number>(names.map((name) => [name, 0]));
      for (const [pid, now] of cpuByProcessName(names))
        spent.set(now.name, (spent.get(now.name) ?? 0) + now.seconds - (namesBefore.get(pid)?.seconds ?? 0));
      for (const [name, seconds] of spent) parts.push(`${name} ${perAnswer(seconds, answers)}`);
      return parts.join(', ');
    },
  };
}
