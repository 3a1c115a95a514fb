import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from './api-error';
import {
  appendCookie,
  clientIp,
  JSON_BODY_LIMIT,
  parseCookies,
  parseJsonBody,
  parseTrustedProxies,
  readJsonBody,
  sendJson,
} from './http-io';

type Answer = { status: number; headers: IncomingMessage['headers']; body: string };

/** A server answering with what `readJsonBody` made of the request (or the error's code). */
async function withBodyServer(
  run: (send: (options: { method?: string; headers?: Record<string, string>; body?: string | Buffer }) => Promise<Answer>) => Promise<void>,
): Promise<void> {
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    readJsonBody(req, res).then(
      (body) => sendJson(res, 200, { body: body === undefined ? '(none)' : body }),
      (error: unknown) =>
        sendJson(res, error instanceof ApiError && error.code === 'payload_too_large' ? 413 : 400, {
          code: error instanceof ApiError ? error.code : 'other',
        }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const send = (options: { method?: string; headers?: Record<string, string>; body?: string | Buffer }) =>
    new Promise<Answer>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, method: options.method ?? 'POST', path: '/', headers: options.headers ?? {} },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        },
      );
      req.on('error', reject);
      req.end(options.body);
    });
  try {
    await run(send);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('readJsonBody', () => {
  it('reads a JSON object or array; no body is undefined and an empty body is {}', async () => {
    await withBodyServer(async (send) => {
      expect(JSON.parse((await send({ body: '{"a":[1,"x"]}', headers: { 'content-type': 'application/json' } })).body)).toEqual({
        body: { a: [1, 'x'] },
      });
      // chunked, with no Content-Length and any content type
      expect(
        JSON.parse((await send({ body: '[1,2]', headers: { 'transfer-encoding': 'chunked', 'content-type': 'text/plain' } })).body),
      ).toEqual({ body: [1, 2] });
      expect(JSON.parse((await send({ method: 'GET' })).body)).toEqual({ body: '(none)' });
      expect(JSON.parse((await send({ body: '' })).body)).toEqual({ body: {} });
      expect(
        JSON.parse((await send({ body: '{"name":"Müller 🐕"}', headers: { 'content-type': 'application/json; charset=UTF-8' } })).body),
      ).toEqual({ body: { name: 'Müller 🐕' } });
    });
  });

  it('refuses broken JSON, a bare value, another charset or a compressed body with bad_json', async () => {
    await withBodyServer(async (send) => {
      for (const [body, headers] of [
        ['{"a":', {}],
        ['"just a string"', {}],
        ['42', {}],
        ['{"a":1}', { 'content-type': 'application/json; charset=latin1' }],
        ['{"a":1}', { 'content-encoding': 'gzip' }],
      ] as const) {
        const answer = await send({ body, headers });
        expect({ status: answer.status, body: JSON.parse(answer.body) as unknown }).toEqual({ status: 400, body: { code: 'bad_json' } });
      }
    });
  });

  it('refuses a body over 100 KB with 413, announced or streamed, and closes that connection', async () => {
    await withBodyServer(async (send) => {
      const announced = await send({ body: 'x'.repeat(JSON_BODY_LIMIT + 1), headers: { 'content-type': 'application/json' } });
      expect(announced.status).toBe(413);
      expect(announced.headers.connection).toBe('close');
      const streamed = await send({ body: Buffer.alloc(JSON_BODY_LIMIT * 3, 0x20), headers: { 'transfer-encoding': 'chunked' } });
      expect(streamed.status).toBe(413);
      expect(JSON.parse(streamed.body)).toEqual({ code: 'payload_too_large' });
      // exactly the limit is still read
      const atLimit = await send({ body: `[${' '.repeat(JSON_BODY_LIMIT - 2)}]` });
      expect(atLimit.status).toBe(200);
    });
  });

  it('parseJsonBody tells leading whitespace from a bare value', () => {
    expect(parseJsonBody('  \n {"a":1}')).toEqual({ a: 1 });
    expect(parseJsonBody(' \t ')).toEqual({});
    expect(() => parseJsonBody('null')).toThrow(ApiError);
  });
});

describe('clientIp', () => {
  const requestFrom = (remoteAddress: string, forwardedFor?: string) =>
    ({
      socket: { remoteAddress },
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    }) as unknown as IncomingMessage;

  it('trusts no X-Forwarded-For by default, not even from loopback, so a forged hop changes nothing', () => {
    const none = parseTrustedProxies('');
    expect(clientIp(requestFrom('127.0.0.1', '198.51.100.1'), none)).toBe('127.0.0.1');
    expect(clientIp(requestFrom('::1', '198.51.100.7, 127.0.0.1'), none)).toBe('::1');
    expect(clientIp(requestFrom('203.0.113.9', '198.51.100.1'), none)).toBe('203.0.113.9');
  });

  it('reads X-Forwarded-For from a configured proxy only, taking the right-most address that is not a proxy', () => {
    const proxies = parseTrustedProxies('127.0.0.1, 10.0.0.0/8, ::1');
    expect(clientIp(requestFrom('203.0.113.9', '198.51.100.1'), proxies)).toBe('203.0.113.9');
    expect(clientIp(requestFrom('127.0.0.1', '198.51.100.1'), proxies)).toBe('198.51.100.1');
    expect(clientIp(requestFrom('::ffff:127.0.0.1', '10.0.0.5, 198.51.100.1'), proxies)).toBe('198.51.100.1');
    // a client forging a left-most hop does not move its own address
    expect(clientIp(requestFrom('127.0.0.1', 'forged-1, 198.51.100.1, 10.2.3.4'), proxies)).toBe('198.51.100.1');
    expect(clientIp(requestFrom('::1', '198.51.100.7, 127.0.0.1'), proxies)).toBe('198.51.100.7');
    expect(clientIp(requestFrom('127.0.0.1', '10.0.0.1, 10.0.0.2'), proxies)).toBe('10.0.0.1');
    expect(clientIp(requestFrom('127.0.0.1'), proxies)).toBe('127.0.0.1');
    // a proxy outside the list is the client itself
    expect(clientIp(requestFrom('127.0.0.2', '198.51.100.1'), proxies)).toBe('127.0.0.2');
  });

  it('refuses a TRUSTED_PROXIES entry that is not an address or a CIDR', () => {
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow(/10.0.0.0\/33/);
    expect(() => parseTrustedProxies('proxy.local')).toThrow(/proxy.local/);
  });
});

describe('cookies', () => {
  it('sets the refresh cookie with its attributes, keeps earlier cookies and clears with Max-Age=0', () => {
    const headers = new Map<string, unknown>();
    const res = {
      getHeader: (name: string) => headers.get(name),
      setHeader: (name: string, value: unknown) => headers.set(name, value),
    } as unknown as ServerResponse;
    appendCookie(res, 'refresh', 'a b;c', { path: '/api/v1/auth', httpOnly: true, secure: true, sameSite: 'Strict', maxAgeSeconds: 3600 });
    appendCookie(res, 'other', '', { path: '/', httpOnly: false, secure: false, sameSite: 'Lax', maxAgeSeconds: 0 });
    const [refresh, other] = headers.get('Set-Cookie') as string[];
    expect(refresh).toMatch(
      /^refresh=a%20b%3Bc; Max-Age=3600; Expires=[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} [\d:]{8} GMT; Path=\/api\/v1\/auth; HttpOnly; Secure; SameSite=Strict$/,
    );
    expect(other).toMatch(/^other=; Max-Age=0; Expires=.*; Path=\/; SameSite=Lax$/);
    expect(parseCookies('refresh=a%20b%3Bc; theme="dark"; broken=%E0')).toEqual({ refresh: 'a b;c', theme: 'dark', broken: '%E0' });
  });
});
