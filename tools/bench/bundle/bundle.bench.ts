// `npm run bench -- bundle [--no-build]`: how much JavaScript Chromium downloads for the login page and,
// after signing in through it, for the calendar (issue "a light front door": login page at most 200 KB,
// login + calendar at most 350 KB, compressed bytes on the wire). Builds the frontends in production
// mode (node frontends/build.mjs; --no-build uses dist/frontends as it is), starts identity, crm,
// scheduling and the gateway (which serves dist/frontends) in this process on a fresh test database
// and subject prefix (createTestEnv, the machine's Postgres and NATS) on a free port, registers a salon,
// and drives Debian's Chromium. It reports figures; it never fails on size.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { listMailboxRpc, registerUserRpc, verifyEmailRpc } from '@pawline/contracts';
import { call, createTestEnv } from '@pawline/nest-kit/testing';
import type { Response } from 'playwright-core';
import { crmService } from '../../../services/crm/src/crm.service-definition';
import { gatewayService } from '../../../services/gateway/src/gateway.service-definition';
import { identityService } from '../../../services/identity/src/identity.service-definition';
import { schedulingService } from '../../../services/scheduling/src/scheduling.service-definition';
import { launchChromium } from '../../chromium/chromium';
import { formatReport, goalsOf, type Phase, type ScriptTransfer } from './bundle-table';

const root = path.resolve(__dirname, '../../..');
const LOGIN_LIMIT = 200_000;
const ALL_LIMIT = 350_000;
// After the page shows, chunks fetched on idle (prefetch) still count; wait this long for them.
const SETTLE_MS = 1500;

function buildFrontends(): void {
  const started = Date.now();
  const built = spawnSync(process.execPath, ['frontends/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the frontend build failed');
  console.log(`built the frontends in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function transferOf(response: Response): Promise<ScriptTransfer> {
  await response.finished();
  const sizes = await response.request().sizes();
  const body = await response.body().catch(() => Buffer.alloc(0));
  return {
    path: new URL(response.url()).pathname,
    transferBytes: sizes.responseBodySize,
    decodedBytes: body.length,
    encoding: response.headers()['content-encoding'] ?? '',
  };
}

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) buildFrontends();
  process.env['AUTH_TOKEN_SECRET'] = 'bundle-bench-secret-0123456789abcdef';
  process.env['FRONTENDS_DIR'] = path.join(root, 'dist', 'frontends');
  process.env['PAWLINE_SERVICES'] = 'identity,crm,scheduling';
  const env = await createTestEnv();
  const browser = await launchChromium();
  try {
    await env.start(identityService);
    await env.start(crmService);
    await env.start(schedulingService);
    const gateway = await env.start(gatewayService, { httpPort: 0 });
    const url = gateway.httpUrl;
    if (!url) throw new Error('the gateway has no HTTP address');
    const client = env.rpcClient();
    const email = `bundle.${randomUUID().slice(0, 8)}@example.com`;
    const password = 'a-long-password-1';
    await call(
      client,
      registerUserRpc,
      {
        email,
        password,
        first_name: 'Bundle',
        last_name: 'Bench',
        organization_name: 'Salon Bundle',
        country: 'IT',
        language: 'en',
        accept_terms: true,
        accept_privacy: true,
      },
      null,
    );
    const mails = await call(client, listMailboxRpc, { to: email }, null);
    const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mails[0]?.text ?? '')?.[1];
    if (!token) throw new Error(`no verification mail for ${email}`);
    await call(client, verifyEmailRpc, { token }, null);

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    let current: Promise<ScriptTransfer>[] = [];
    const seen: { acceptEncoding?: Promise<string> } = {};
    page.on('response', (response) => {
      const request = response.request();
      if (request.resourceType() !== 'script' && !response.url().endsWith('.js')) return;
      // the network stack adds Accept-Encoding, so only allHeaders() shows it
      seen.acceptEncoding ??= request.allHeaders().then((headers) => headers['accept-encoding'] ?? '(none)');
      current.push(transferOf(response));
    });
    const phases: Phase[] = [];
    const endPhase = async (name: string) => {
      await page.waitForTimeout(SETTLE_MS);
      const scripts = await Promise.all(current);
      current = [];
      phases.push({ name, scripts });
    };

    await page.goto(`${url}/login`);
    await page.locator('form h2').filter({ hasText: 'Log in' }).waitFor();
    await endPhase('login page (/login)');

    await page.locator('input[name="username"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('form button[type="submit"]').click();
    await page.getByTestId('calendar-page').waitFor();
    await endPhase('after signing in: the store home (calendar)');

    console.log(`Chromium ${browser.version()}, Accept-Encoding: ${(await seen.acceptEncoding) ?? '(no script requested)'}`);
    console.log(formatReport(phases, goalsOf(phases, LOGIN_LIMIT, ALL_LIMIT)));
  } finally {
    await browser.close();
    await env.dispose();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
