import { createApiClient, type FetchLike } from './api-client';
import { ApiError } from './api-error';

type Seen = { method: string; path: string; headers: Record<string, string>; body: unknown };
type Reply = { status: number; body?: unknown; raw?: string };

// A tiny in-process stand-in for the gateway: records each call and answers from a handler.
function fakeGateway(handler: (call: Seen, index: number) => Reply) {
  const calls: Seen[] = [];
  const fetch: FetchLike = async (input, init) => {
    const seen: Seen = {
      method: init.method ?? 'GET',
      path: input.replace(/^.*\/api\/v1/, ''),
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(seen);
    const reply = handler(seen, calls.length - 1);
    const text = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    return new Response(reply.status === 204 ? null : text, { status: reply.status });
  };
  return { fetch, calls };
}

const user = { id: 'u1', email: 'a@b.c', orga_id: 'o1', first_name: 'Ada' };

function client(handler: (call: Seen, index: number) => Reply, onUnauthorized = jest.fn()) {
  const gateway = fakeGateway(handler);
  const api = createApiClient({
    baseUrl: 'http://gateway.test',
    getLanguage: () => 'it',
    onUnauthorized,
    fetch: gateway.fetch,
    deviceId: 'device-1',
  });
  return { api, calls: gateway.calls, onUnauthorized };
}

describe('createApiClient', () => {
  it('R7.10 sends the bearer token and the chosen language with every call', async () => {
    const { api, calls } = client((call) =>
      call.path === '/auth/login' ? { status: 200, body: { access_token: 'tok-1', expires_at: 'x' } } : { status: 200, body: user },
    );
    await api.login('ada', 'secret');
    const fetched = await api.getUser();
    expect(fetched).toEqual(user);
    expect(calls[0]?.body).toEqual({ username: 'ada', password: 'secret' });
    expect(calls[1]?.headers.Authorization).toBe('Bearer tok-1');
    expect(calls[1]?.headers['Accept-Language']).toBe('it');
  });

  it('R4.16 sends the device value with every call, login included', async () => {
    const { api, calls } = client((call) =>
      call.path === '/auth/login' ? { status: 200, body: { access_token: 'tok-1', expires_at: 'x' } } : { status: 200, body: user },
    );
    await api.login('ada', 'secret');
    await api.getUser();
    expect(calls.map((c) => c.headers['X-Device-Id'])).toEqual(['device-1', 'device-1']);
  });

  it('refreshes once on 401 and retries the call with the new token', async () => {
    const { api, calls, onUnauthorized } = client((call) => {
      if (call.path === '/auth/refresh') return { status: 200, body: { access_token: 'tok-2', expires_at: 'x' } };
      return call.headers.Authorization === 'Bearer tok-2'
        ? { status: 200, body: user }
        : { status: 401, body: { code: 'unauthorized', message: 'no' } };
    });
    await expect(api.getUser()).resolves.toEqual(user);
    expect(calls.map((c) => c.path)).toEqual(['/user', '/auth/refresh', '/user']);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('gives up after one failed refresh and reports unauthorized', async () => {
    const { api, calls, onUnauthorized } = client(() => ({ status: 401, body: { code: 'session_expired', message: 'Session expired' } }));
    await expect(api.getUser()).rejects.toMatchObject({ status: 401, code: 'session_expired', message: 'Session expired' });
    expect(calls.map((c) => c.path)).toEqual(['/user', '/auth/refresh']);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('shares one refresh between calls that fail at the same time', async () => {
    let refreshes = 0;
    const { api } = client((call) => {
      if (call.path === '/auth/refresh') {
        refreshes += 1;
        return { status: 200, body: { access_token: 'tok-3', expires_at: 'x' } };
      }
      return call.headers.Authorization === 'Bearer tok-3'
        ? { status: 200, body: user }
        : { status: 401, body: { code: 'unauthorized', message: 'no' } };
    });
    await Promise.all([api.getUser(), api.getUser()]);
    expect(refreshes).toBe(1);
  });

  it('R4.16 hands the realtime socket a fresh token once the current one is about to expire', async () => {
    let issued = 0;
    const { api } = client(() => {
      issued += 1;
      return { status: 200, body: { access_token: `tok-${issued}`, expires_at: '2026-11-22T10:15:00Z' } };
    });
    await api.login('ada', 'pw');
    expect(await api.freshAccessToken(Date.parse('2026-11-22T10:00:00Z'))).toBe('tok-1');
    expect(await api.freshAccessToken(Date.parse('2026-11-22T10:14:30Z'))).toBe('tok-2');
  });

  it('R4.15 refresh answers null when there is no session cookie', async () => {
    const { api } = client(() => ({ status: 401, body: { code: 'unauthorized', message: 'no' } }));
    await expect(api.refresh()).resolves.toBeNull();
    expect(api.getAccessToken()).toBeNull();
  });

  it('R8.01 R5.18 retries the login with the lower-cased username on server_100', async () => {
    const { api, calls } = client((call) => {
      const body = call.body as { username: string };
      return body.username === 'ada.lovelace'
        ? { status: 200, body: { access_token: 'tok', expires_at: 'x' } }
        : { status: 401, body: { code: 'server_100', message: 'Wrong username or password' } };
    });
    await api.login('Ada.Lovelace', 'pw');
    expect(calls.map((c) => (c.body as { username: string }).username)).toEqual(['Ada.Lovelace', 'ada.lovelace']);
    expect(api.getAccessToken()).toBe('tok');
  });

  it('R5.18 retries on server_112 too and reports the second failure', async () => {
    const { api, calls } = client(() => ({ status: 401, body: { code: 'server_112', message: 'Wrong username or password' } }));
    await expect(api.login('ADA', 'pw')).rejects.toMatchObject({ code: 'server_112' });
    expect(calls).toHaveLength(2);
  });

  it('R5.18 does not retry other failures or an already lower-cased username', async () => {
    const notConfirmed = client(() => ({
      status: 403,
      body: { code: 'server_701', message: 'Email is not confirmed. Please confirm your email first.' },
    }));
    await expect(notConfirmed.api.login('ADA', 'pw')).rejects.toMatchObject({ code: 'server_701' });
    expect(notConfirmed.calls).toHaveLength(1);
    const lower = client(() => ({ status: 401, body: { code: 'server_100', message: 'Wrong username or password' } }));
    await expect(lower.api.login('ada', 'pw')).rejects.toBeInstanceOf(ApiError);
    expect(lower.calls).toHaveLength(1);
  });

  it('R8.06 keeps the server message and field errors of a JSON error', async () => {
    const { api } = client(() => ({
      status: 400,
      body: { code: 'validation_failed', message: 'Campi non validi', fields: { email: 'E-mail non valida' } },
    }));
    const error = await api.verifyEmail('t').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Campi non validi',
      fields: { email: 'E-mail non valida' },
    });
  });

  it('R8.06 shows the raw text when the error body cannot be parsed', async () => {
    const { api } = client(() => ({ status: 502, raw: '<html>Bad Gateway</html>' }));
    await expect(api.verifyEmail('t')).rejects.toMatchObject({ status: 502, message: '<html>Bad Gateway</html>' });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    const api = createApiClient({
      baseUrl: '',
      getLanguage: () => 'en',
      deviceId: 'd',
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(api.getUser()).rejects.toMatchObject({ status: 0, code: 'network', message: 'Failed to fetch' });
  });

  it('R2.09 logout forgets the token even when the call fails', async () => {
    const { api } = client((call) =>
      call.path === '/auth/login' ? { status: 200, body: { access_token: 'tok', expires_at: 'x' } } : { status: 500, raw: 'boom' },
    );
    await api.login('ada', 'pw');
    await expect(api.logout()).rejects.toMatchObject({ message: 'boom' });
    expect(api.getAccessToken()).toBeNull();
  });

  it('sends registration without a token and returns on 201', async () => {
    const { api, calls } = client(() => ({ status: 201, body: { id: 'u1' } }));
    await api.register({
      email: 'a@b.c',
      password: 'pw12345678',
      first_name: 'A',
      last_name: 'B',
      organization_name: 'Salon',
      country: 'IT',
      language: 'it',
      accept_terms: true,
      accept_privacy: true,
    });
    expect(calls[0]?.path).toBe('/auth/register');
    expect(calls[0]?.headers.Authorization).toBeUndefined();
  });
});
