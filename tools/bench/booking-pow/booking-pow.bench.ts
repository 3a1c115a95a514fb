// `npm run bench -- booking-pow [--challenges=40]`: how long solving a booking challenge takes in Node (one core),
// at 14 to 20 zero bits, with the service's own issue, solve and check (services/booking/src/public/slot-token.ts).
// Prints p50, p90 and max per difficulty, and how long the service's check of one solution takes.
import { performance } from 'node:perf_hooks';
import { checkChallenge, issueChallenge, solveChallenge } from '../../../services/booking/src/public/slot-token';

const SECRET = 'bench-secret-of-at-least-32-characters!';
const arg = process.argv.find((a) => a.startsWith('--challenges='));
const count = arg ? Number(arg.split('=')[1]) : 40;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

for (const bits of [14, 16, 18, 20]) {
  const times: number[] = [];
  let checkMs = 0;
  for (let i = 0; i < count; i++) {
    const { challenge } = issueChallenge(SECRET, 'benchbenchbench0', bits, Date.now());
    const started = performance.now();
    const nonce = solveChallenge(challenge, bits);
    times.push(performance.now() - started);
    const checked = performance.now();
    if (!checkChallenge(SECRET, challenge, nonce, 'benchbenchbench0', Date.now()).ok) throw new Error('a solution did not check');
    checkMs += performance.now() - checked;
  }
  times.sort((a, b) => a - b);
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  console.log(
    `${bits} bits: p50 ${ms(quantile(times, 0.5))}, p90 ${ms(quantile(times, 0.9))}, max ${ms(times.at(-1) ?? 0)} ` +
      `over ${count} challenges; check ${(checkMs / count).toFixed(3)} ms`,
  );
}
