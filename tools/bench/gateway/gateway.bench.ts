// What do the gateway, NATS request-reply and Nest cost? GET /api/v1/user through gateway +
// identity against a bare node:http handler that verifies the same token and runs identity's
// two Postgres queries. Each at a fixed 200 requests/s, then unlimited in rounds that alternate
// the two (a shared machine's speed drifts within minutes; each round's ratio compares neighbours);
// prints req/s, p50, p99, each round's ratio and their median. Starts its own stack in-process on
// a fresh database and subject prefix (nest-kit testing env).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { Pool } from 'pg';
import { healthRpc, listMailboxRpc, loginRpc, registerUserRpc, verifyEmailRpc } from '@pawline/contracts';
import { verifyAccessToken, type ServiceDefinition } from '@pawline/nest-kit';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { startCpuMeter } from '../load/process-cpu';
import { runLoad } from '../load/run-load';

const root = resolve(__dirname, '../../..');

export type Measurement = {
  target: string;
  mode: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
  cpu: string;
};

const OTHER_PROCESSES = ['postgres', 'nats-server', 'redis-server'];

function wholeArg(argv: string[], name: string, fallback: number, min: number, max: number): number {
  const arg = argv.find((a) => a.startsWith(`--${name}=`));
  const value = arg ? Number(arg.slice(name.length + 3)) : fallback;
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`--${name} takes a whole number between ${min} and ${max}`);
  return value;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** identity's own process under --split, counted with the bench process. */
let identityPid: number | null = null;

async function measure(target: string, url: string, token: string, duration: number, rate: number | null): Promise<Measurement> {
  const meter = startCpuMeter('this process', OTHER_PROCESSES, identityPid === null ? {} : { 'identity process': identityPid });
  const result = await runLoad({
    url,
    headers: { authorization: `Bearer ${token}` },
    duration,
    connections: rate === null ? 32 : 16,
    ...(rate === null ? {} : { overallRate: rate }),
  });
  const cpu = meter.perAnswer(Math.round(result.requestsPerSecond * duration));
  return {
    cpu,
    target,
    mode: rate === null ? 'unlimited' : `${rate}/s fixed`,
    requestsPerSecond: result.requestsPerSecond,
    p50: result.p50,
    p99: result.p99,
    failures: result.failures,
  };
}

/** The bare baseline: the same token check and the same two queries as identity's user.get (session check included). */
function bareServer(pool: Pool, secret: string): Server {
  return createServer((request, response) => {
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    void (async () => {
      const claims = await verifyAccessToken(secret, token);
      if (!claims) {
        response.writeHead(401).end();
        return;
      }
      try {
        // identity's two queries as it runs them: the user provided the token's session is open, then the main organization
        const user = await pool.query(
          `SELECT person.* FROM identity.person_user person JOIN identity."session" s ON s.user_id = person.id AND s.id = $2 AND s.revoked_at IS NULL WHERE person.id = $1`,
          [claims.sub, claims.sid],
        );
        const main = await pool.query(
          'SELECT orga_id FROM identity.orga_user WHERE user_id = $1 AND active ORDER BY created_at, id LIMIT 1',
          [claims.sub],
        );
        const row = user.rows[0] as Record<string, unknown> | undefined;
        if (!row) {
          response.writeHead(404).end();
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        const { password_hash: _hash, ...person } = row;
        response.end(JSON.stringify({ ...person, orga_id: (main.rows[0] as { orga_id?: string } | undefined)?.orga_id ?? null }));
      } catch {
        response.writeHead(500).end();
      }
    })();
  });
}

function table(rows: Measurement[]): string {
  const lines = rows.map(
    (r) =>
      `  ${r.target.padEnd(18)} ${r.mode.padEnd(12)} ${r.requestsPerSecond.toFixed(0).padStart(8)} ${`${r.p50} ms`.padStart(9)} ${`${r.p99} ms`.padStart(9)} ${String(r.failures).padStart(9)}`,
  );
  return [
    `  ${'target'.padEnd(18)} ${'mode'.padEnd(12)} ${'req/s'.padStart(8)} ${'p50'.padStart(9)} ${'p99'.padStart(9)} ${'failures'.padStart(9)}`,
    ...lines,
  ].join('\n');
}

/** --split: identity in a process of its own (as `npm start -- --split` runs it), the gateway in this one. */
async function startIdentityProcess(env: TestEnv, secret: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-r', join(root, 'tools/swc/register.cjs'), join(root, 'services/identity/src/main.ts')], {
    env: { ...process.env, ...env.processEnv, AUTH_TOKEN_SECRET: secret, MAIL_TRANSPORT: 'sandbox', LOG_LEVEL: 'warn', PORT_IDENTITY: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const client = env.rpcClient();
  for (let i = 0; i < 300; i += 1) {
    const up = await client.call(healthRpc('identity'), {}, { auth: null, lang: 'en', timeoutMs: 500 }).then(
      () => true,
      () => false,
    );
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGTERM');
  throw new Error('identity did not start in its own process within 30 s');
}

async function main(): Promise<void> {
  const duration = wholeArg(process.argv.slice(2), 'duration', 20, 1, 300);
  const rounds = wholeArg(process.argv.slice(2), 'rounds', 3, 1, 10);
  const split = process.argv.includes('--split');
  const secret = process.env['AUTH_TOKEN_SECRET'] ?? 'bench-secret-0123456789abcdef0123456789';
  process.env['AUTH_TOKEN_SECRET'] = secret;
  process.env['MAIL_TRANSPORT'] = 'sandbox';
  process.env['LOG_LEVEL'] = 'warn';
  process.env['PAWLINE_SERVICES'] = 'identity';
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- services are applications, loaded at run time
  const { identityService } = require(join(root, 'services/identity/src/identity.service-definition.ts')) as {
    identityService: ServiceDefinition;
  };
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- services are applications, loaded at run time
  const { gatewayService } = require(join(root, 'services/gateway/src/gateway.service-definition.ts')) as {
    gatewayService: ServiceDefinition;
  };

  const env = await createTestEnv();
  const pool = new Pool({ connectionString: env.databaseUrl, max: 10 });
  let bare: Server | null = null;
  let identityProcess: ChildProcess | null = null;
  try {
    if (split) {
      identityProcess = await startIdentityProcess(env, secret);
      identityPid = identityProcess.pid ?? null;
    } else {
      await env.start(identityService, { httpPort: 0 });
    }
    const gateway = await env.start(gatewayService, { httpPort: 0 });
    if (!gateway.httpUrl) throw new Error('the gateway opened no HTTP port');

    const client = env.rpcClient();
    const ctx = { auth: null, lang: 'en' };
    const email = 'bench@pawline.local';
    const password = 'bench-password-1';
    await client.call(
      registerUserRpc,
      {
        email,
        password,
        first_name: 'Bench',
        last_name: 'Mark',
        organization_name: 'Bench Salon',
        country: 'DE',
        language: 'en',
        accept_terms: true,
        accept_privacy: true,
      },
      ctx,
    );
    const mail = (await client.call(listMailboxRpc, { to: email }, ctx))[0];
    const token = mail ? /\/verify-email\?token=([^\s"&<]+)/.exec(mail.text)?.[1] : undefined;
    if (!token) throw new Error('no verification mail for the bench user');
    await client.call(verifyEmailRpc, { token: decodeURIComponent(token) }, ctx);
    const session = await client.call(loginRpc, { username: email, password }, ctx);

    bare = bareServer(pool, secret);
    const bareServer_ = bare;
    await new Promise<void>((done) => bareServer_.listen(0, '127.0.0.1', done));
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/api/v1/user`;
    const gatewayUrl = `${gateway.httpUrl}/api/v1/user`;

    const check = await fetch(gatewayUrl, { headers: { authorization: `Bearer ${session.access_token}` } });
    if (check.status !== 200) throw new Error(`GET /api/v1/user through the gateway answered ${check.status}: ${await check.text()}`);

    console.log(
      `Benchmark: GET /api/v1/user, ${duration} s per run (warm-up 5 s each), ${rounds} unlimited round(s)${split ? '; identity in its own process (--split)' : ''}`,
    );
    const targets = [
      ['gateway+identity', gatewayUrl],
      ['bare node:http', bareUrl],
    ] as const;
    const rows: Measurement[] = [];
    for (const [target, url] of targets) {
      await measure(target, url, session.access_token, 5, null);
      rows.push(await measure(target, url, session.access_token, duration, 200));
    }
    const ratios: number[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      const [gateway, bare] = [
        await measure(targets[0][0], targets[0][1], session.access_token, duration, null),
        await measure(targets[1][0], targets[1][1], session.access_token, duration, null),
      ];
      for (const row of [gateway, bare]) rows.push({ ...row, mode: `unlimited #${round}` });
      ratios.push(gateway.requestsPerSecond / bare.requestsPerSecond);
    }
    console.log(table(rows));
    console.log(`  CPU per answer (the bench process hosts ${split ? 'the gateway' : 'gateway and identity'}, or the bare handler):`);
    for (const row of rows) console.log(`    ${row.target.padEnd(18)} ${row.mode.padEnd(12)} ${row.cpu}`);
    const [gwFixed, bareFixed] = rows as [Measurement, Measurement];
    console.log(
      `  ratio gateway/bare: throughput ${median(ratios).toFixed(2)}x (median; rounds ${ratios.map((r) => `${r.toFixed(2)}x`).join(', ')}), ` +
        `p50 at 200/s ${(gwFixed.p50 / Math.max(bareFixed.p50, 0.001)).toFixed(1)}x, p99 at 200/s ${(gwFixed.p99 / Math.max(bareFixed.p99, 0.001)).toFixed(1)}x`,
    );
    if (rows.some((r) => r.failures > 0))
      console.log('  note: failures are non-2xx answers, errors and timeouts (a 429 means the gateway rate limit held).');
  } finally {
    identityProcess?.kill('SIGTERM');
    const closing = bare;
    if (closing) await new Promise<void>((done) => closing.close(() => done()));
    await pool.end();
    await env.dispose();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('bench failed:', error);
    process.exit(1);
  },
);
