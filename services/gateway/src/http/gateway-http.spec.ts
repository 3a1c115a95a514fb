import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import express from 'express';
import { AccessGuard } from '../auth/access.guard';
import { Authenticator } from '../auth/authenticator';
import { MembershipCache } from '../auth/membership-cache';
import { MemorySessionRevocationStore } from '../auth/session-revocation.store';
import { MemoryRateLimitStore, RateLimiter } from '../rate-limit/rate-limiter';
import { authRoutes } from '../routes/auth.routes';
import { ApiError } from './api-error';
import { installGatewayHttp } from './gateway-http';
import type { PassThroughRpcCaller } from './rpc-caller';

const shellIndex = '<!doctype html><html><head><script defer src="/main.js"></script></head><body><div id="root"></div></body></html>';

/** The gateway's HTTP on a bare Express app, as Nest hands it over. */
async function gatewayAt(publicUrl: string, frontendsDir: string): Promise<{ server: Server; base: string }> {
  const app = express();
  const server = createServer(app);
  const nest = { getHttpAdapter: () => ({ getInstance: () => app }), getHttpServer: () => server } as unknown as INestApplication;
  const rpc: PassThroughRpcCaller = {
    call: () => Promise.reject(new ApiError('service_unavailable')),
    callRaw: () => Promise.reject(new ApiError('service_unavailable')),
  };
  const revocations = new MemorySessionRevocationStore();
  installGatewayHttp(nest, {
    routes: authRoutes,
    rpc,
    mailSandbox: true,
    frontendsDir,
    publicUrl,
    deps: {
      rpc,
      authenticator: new Authenticator('unit-test-secret-0123456789abcdef', revocations),
      guard: new AccessGuard(rpc, new MembershipCache()),
      rateLimiter: new RateLimiter(new MemoryRateLimitStore()),
      revocations,
      secureCookies: publicUrl.startsWith('https:'),
      onUnexpectedError: () => undefined,
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('gateway HTTP security headers', () => {
  let frontendsDir: string;
  beforeAll(() => {
    frontendsDir = mkdtempSync(path.join(tmpdir(), 'gateway-http-'));
    mkdirSync(path.join(frontendsDir, 'shell'));
    writeFileSync(path.join(frontendsDir, 'shell', 'index.html'), shellIndex);
    writeFileSync(path.join(frontendsDir, 'shell', 'main.js'), 'document.title = "Pawline";');
  });
  afterAll(() => rmSync(frontendsDir, { recursive: true, force: true }));

  it('sends a script-tight CSP, nosniff, no framing and a referrer policy on API, static and page answers, and no X-Powered-By', async () => {
    const { server, base } = await gatewayAt('http://localhost:3000', frontendsDir);
    try {
      const answers = await Promise.all(
        [
          '/',
          '/main.js',
          '/calendar/week',
          '/api/v1/nothing',
          '/api/v1/auth/login',
          '/api/openapi.json',
          '/api/docs',
          '/dev/mailbox',
          '/no-such.js',
        ].map(async (pathname) => ({ pathname, response: await fetch(`${base}${pathname}`, { headers: { accept: 'text/html,*/*' } }) })),
      );
      for (const { pathname, response } of answers) {
        const headers = Object.fromEntries(response.headers);
        const csp = headers['content-security-policy'] ?? '';
        const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '';
        expect({ pathname, scriptSrc }).toEqual({ pathname, scriptSrc: "'self'" });
        expect(csp).toMatch(/(^|;)\s*default-src 'self'/);
        expect(csp).toMatch(/(^|;)\s*frame-ancestors 'none'/);
        expect(csp).toMatch(/(^|;)\s*object-src 'none'/);
        expect(csp).toMatch(/(^|;)\s*base-uri 'self'/);
        expect(headers).toMatchObject({
          'x-content-type-options': 'nosniff',
          'x-frame-options': 'DENY',
          'referrer-policy': 'strict-origin-when-cross-origin',
        });
        expect({ pathname, poweredBy: headers['x-powered-by'] }).toEqual({ pathname });
        expect({ pathname, hsts: headers['strict-transport-security'] }).toEqual({ pathname });
      }
      expect(await answers[0]?.response.text()).toBe(shellIndex);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('adds HSTS when the public URL is https', async () => {
    const { server, base } = await gatewayAt('https://salon.example.com', frontendsDir);
    try {
      for (const pathname of ['/', '/api/v1/nothing']) {
        expect((await fetch(`${base}${pathname}`)).headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
