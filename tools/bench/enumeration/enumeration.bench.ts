// `npm run bench -- enumeration [--resets=300] [--logins=60]`: does the time of an answer tell a known
// address from an unknown one (issue 11, ADR 0013)? Starts identity in its own test env (fresh
// database and subject prefix on this machine's Postgres and NATS), registers one account, then sends
// password reset requests and failed logins for the known and an unknown address in shuffled pairs
// (so drift of the shared machine hits both alike) and prints p50/p90 of each, the median difference,
// and the Mann-Whitney z of the two samples (|z| < 2: no difference shows at this sample size).
import { randomUUID } from 'node:crypto';
import { loginRpc, registerUserRpc, requestPasswordResetRpc } from '@pawline/contracts';
import type { NatsRpcClient } from '@pawline/nest-kit';
import { createTestEnv } from '@pawline/nest-kit/testing';
import { identityService } from '../../../services/identity/src/identity.service-definition';

function arg(name: string, fallback: number): number {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

/** Mann-Whitney U as a z-score (normal approximation, ties given their mean rank). */
function mannWhitneyZ(a: number[], b: number[]): number {
  const all = [...a.map((v) => ({ v, from: 'a' })), ...b.map((v) => ({ v, from: 'b' }))].sort((x, y) => x.v - y.v);
  const ranks = new Array<number>(all.length);
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j + 1 < all.length && all[j + 1]?.v === all[i]?.v) j++;
    for (let k = i; k <= j; k++) ranks[k] = (i + j) / 2 + 1;
    i = j + 1;
  }
  const rankSumA = all.reduce((sum, item, i) => (item.from === 'a' ? sum + (ranks[i] ?? 0) : sum), 0);
  const u = rankSumA - (a.length * (a.length + 1)) / 2;
  const mean = (a.length * b.length) / 2;
  const sd = Math.sqrt((a.length * b.length * (a.length + b.length + 1)) / 12);
  return (u - mean) / sd;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work().catch(() => undefined);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function compare(label: string, pairs: number, known: () => Promise<unknown>, unknown: () => Promise<unknown>): Promise<void> {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < pairs; i++) {
    // shuffled order within each pair
    if (Math.random() < 0.5) {
      a.push(await timed(known));
      b.push(await timed(unknown));
    } else {
      b.push(await timed(unknown));
      a.push(await timed(known));
    }
  }
  const sa = [...a].sort((x, y) => x - y);
  const sb = [...b].sort((x, y) => x - y);
  const row = (name: string, s: number[]) =>
    `${name.padEnd(9)} p50 ${quantile(s, 0.5).toFixed(2)} ms  p90 ${quantile(s, 0.9).toFixed(2)} ms`;
  process.stdout.write(
    `${label} (${pairs} pairs)\n  ${row('known', sa)}\n  ${row('unknown', sb)}\n` +
      `  median difference ${(quantile(sa, 0.5) - quantile(sb, 0.5)).toFixed(2)} ms, Mann-Whitney z ${mannWhitneyZ(a, b).toFixed(2)}\n`,
  );
}

async function main(): Promise<void> {
  const resets = arg('resets', 300);
  const logins = arg('logins', 60);
  process.env['AUTH_TOKEN_SECRET'] = 'enumeration-bench-secret-0123456789abcdef';
  process.env['PUBLIC_URL'] = 'http://pawline.test';
  delete process.env['MAIL_TRANSPORT'];
  const env = await createTestEnv();
  try {
    await env.start(identityService);
    const client: NatsRpcClient = env.rpcClient();
    const email = `bench.${randomUUID().slice(0, 8)}@example.com`;
    await client.call(
      registerUserRpc,
      {
        email,
        password: 'bench-secret-1',
        first_name: 'Bench',
        last_name: 'Owner',
        organization_name: 'Bench',
        country: 'IT',
        language: 'en',
        accept_terms: true,
        accept_privacy: true,
      },
      { auth: null, lang: 'en' },
    );
    const ask = { auth: null, lang: 'en' } as const;
    // warm both paths (the dummy hash of an unknown login is made once per process)
    for (let i = 0; i < 5; i++) {
      await client.call(requestPasswordResetRpc, { email }, ask);
      await client.call(requestPasswordResetRpc, { email: `nobody.${email}` }, ask);
      await client.call(loginRpc, { username: email, password: 'wrong-password-1' }, ask).catch(() => undefined);
      await client.call(loginRpc, { username: `nobody.${email}`, password: 'wrong-password-1' }, ask).catch(() => undefined);
    }
    await compare(
      `password reset request (${requestPasswordResetRpc.subject})`,
      resets,
      () => client.call(requestPasswordResetRpc, { email }, ask),
      () => client.call(requestPasswordResetRpc, { email: `nobody.${email}` }, ask),
    );
    await compare(
      'failed login (wrong password vs no such address)',
      logins,
      () => client.call(loginRpc, { username: email, password: 'wrong-password-1' }, ask),
      () => client.call(loginRpc, { username: `nobody.${email}`, password: 'wrong-password-1' }, ask),
    );
  } finally {
    await env.dispose();
  }
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
