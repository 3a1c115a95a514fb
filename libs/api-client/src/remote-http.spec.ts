import type { FetchLike } from './http';
import { createRemoteHttp, type BorrowedSession } from './remote-http';

type Seen = { url: string; method: string | undefined; headers: Record<string, string> };

function harness(answers: Response[], refreshed: string | null = 'tok-2') {
  const seen: Seen[] = [];
  const fetch: FetchLike = async (url, init) => {
    seen.push({ url, method: init.method, headers: { ...(init.headers as Record<string, string>) } });
    const next = answers.shift();
    if (!next) throw new Error('no answer left');
    return next;
  };
  const api = {
    deviceId: 'dev-1',
    freshAccessToken: jest.fn().mockResolvedValue('tok-1'),
    refresh: jest.fn().mockResolvedValue(refreshed ? { access_token: refreshed, expires_at: '2099-01-01T00:00:00Z' } : null),
  } satisfies BorrowedSession;
  return { seen, api, fetch };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('createRemoteHttp', () => {
  it("R7.10 R4.16 calls below the base URL with the shell's fresh token, the device and the bridge language", async () => {
    const { seen, api, fetch } = harness([json({ ok: true })]);
    const http = createRemoteHttp({ api, language: 'fr', baseUrl: 'https://gw.test/', fetch });
    await expect(http.call('GET', '/orga/o1/treatments')).resolves.toEqual({ ok: true });
    expect(http.base).toBe('https://gw.test/api/v1');
    expect(seen).toEqual([
      {
        url: 'https://gw.test/api/v1/orga/o1/treatments',
        method: 'GET',
        headers: { Accept: 'application/json', 'Accept-Language': 'fr', 'X-Device-Id': 'dev-1', Authorization: 'Bearer tok-1' },
      },
    ]);
    expect(api.refresh).not.toHaveBeenCalled();
  });

  it('R7.10 refreshes once on 401 and retries with the new token', async () => {
    const { seen, api, fetch } = harness([json({ message: 'expired' }, 401), json([1])]);
    const http = createRemoteHttp({ api, language: 'en', fetch });
    await expect(http.call('PUT', '/x', { a: 1 })).resolves.toEqual([1]);
    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect(seen.map((s) => s.headers.Authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
    expect(seen[1]?.headers['Content-Type']).toBe('application/json');
  });

  it('gives the first 401 back when there is no session to refresh, and a second 401 without another refresh', async () => {
    const gone = harness([json({ code: 'unauthorized', message: 'Signed out' }, 401)], null);
    await expect(createRemoteHttp({ api: gone.api, language: 'en', fetch: gone.fetch }).call('GET', '/x')).rejects.toMatchObject({
      status: 401,
      message: 'Signed out',
    });
    expect(gone.seen).toHaveLength(1);

    const refused = harness([json({ message: 'expired' }, 401), json({ code: 'unauthorized', message: 'Still no' }, 401)]);
    await expect(createRemoteHttp({ api: refused.api, language: 'en', fetch: refused.fetch }).call('GET', '/x')).rejects.toMatchObject({
      status: 401,
      message: 'Still no',
    });
    expect(refused.api.refresh).toHaveBeenCalledTimes(1);
    expect(refused.seen).toHaveLength(2);
  });

  it('hands authorized() answers back unread, so bytes can be taken as a blob', async () => {
    const { fetch, api } = harness([new Response(new Uint8Array([0xff, 0xd8]), { status: 200 })]);
    const response = await createRemoteHttp({ api, language: 'en', fetch }).authorized('GET', '/file');
    expect(new Uint8Array(await (await response.blob()).arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8]));
  });

  it('gives the headers for a request outside fetch without Content-Type', () => {
    const { fetch, api } = harness([]);
    const http = createRemoteHttp({ api, language: 'it', fetch });
    expect(http.headers('tok-9')).toEqual({
      Accept: 'application/json',
      'Accept-Language': 'it',
      'X-Device-Id': 'dev-1',
      Authorization: 'Bearer tok-9',
    });
    expect(http.headers(null)).not.toHaveProperty('Authorization');
  });

  it('uses globalThis.fetch as it is at call time when no fetch is given', async () => {
    const { api } = harness([]);
    const http = createRemoteHttp({ api, language: 'en' });
    const original = globalThis.fetch;
    const installed = jest.fn(async () => json({ late: true }));
    globalThis.fetch = installed;
    try {
      await expect(http.call('GET', '/late')).resolves.toEqual({ late: true });
      expect(installed).toHaveBeenCalledWith('/api/v1/late', expect.objectContaining({ method: 'GET' }));
    } finally {
      globalThis.fetch = original;
    }
  });
});
