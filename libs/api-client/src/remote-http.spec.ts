import { API_ROUTES } from './api-routes.generated';
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
    await expect(http.request(API_ROUTES.listTreatments, { params: { orga: 'o1' } })).resolves.toEqual({ ok: true });
    expect(http.url(API_ROUTES.listTreatments, { params: { orga: 'o1' }, query: { include_archived: 'true' } })).toBe(
      'https://gw.test/api/v1/orga/o1/treatments?include_archived=true',
    );
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
    await expect(http.request(API_ROUTES.updateUser, { body: { first_name: 'Ada' } })).resolves.toEqual([1]);
    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect(seen.map((s) => s.headers.Authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
    expect(seen[1]).toMatchObject({ url: '/api/v1/user', method: 'PUT', headers: { 'Content-Type': 'application/json' } });
  });

  it('gives the first 401 back when there is no session to refresh, and a second 401 without another refresh', async () => {
    const gone = harness([json({ code: 'unauthorized', message: 'Signed out' }, 401)], null);
    await expect(createRemoteHttp({ api: gone.api, language: 'en', fetch: gone.fetch }).request(API_ROUTES.getUser)).rejects.toMatchObject({
      status: 401,
      message: 'Signed out',
    });
    expect(gone.seen).toHaveLength(1);

    const refused = harness([json({ message: 'expired' }, 401), json({ code: 'unauthorized', message: 'Still no' }, 401)]);
    await expect(
      createRemoteHttp({ api: refused.api, language: 'en', fetch: refused.fetch }).request(API_ROUTES.getUser),
    ).rejects.toMatchObject({
      status: 401,
      message: 'Still no',
    });
    expect(refused.api.refresh).toHaveBeenCalledTimes(1);
    expect(refused.seen).toHaveLength(2);
  });

  it("downloads a file route's bytes as a blob, and its JSON error as ApiError", async () => {
    const { fetch, api, seen } = harness([
      new Response(new Uint8Array([0xff, 0xd8]), { status: 200 }),
      json({ code: 'not_found', message: 'Gone' }, 404),
    ]);
    const http = createRemoteHttp({ api, language: 'en', fetch });
    const params = { orga: 'o1', store: 's1', pet: 'p1', file: 'f1' };
    const blob = await http.download(API_ROUTES.downloadPetThumbnail, { params });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8]));
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/v1/orga/o1/store/s1/pet/p1/image/f1/thumbnail' });
    await expect(http.download(API_ROUTES.downloadPetImage, { params })).rejects.toMatchObject({ status: 404, code: 'not_found' });
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
      await expect(http.request(API_ROUTES.listOrgas)).resolves.toEqual({ late: true });
      expect(installed).toHaveBeenCalledWith('/api/v1/orga', expect.objectContaining({ method: 'GET' }));
    } finally {
      globalThis.fetch = original;
    }
  });
});

describe('a declared route as the type system sees it', () => {
  it('refuses a missing path parameter, an unknown query field and a wrong body (tsc), and builds no URL without the parameter', () => {
    const { api, fetch } = harness([]);
    const http = createRemoteHttp({ api, language: 'en', fetch });
    // @ts-expect-error a store route needs :store
    expect(() => http.url(API_ROUTES.getStore, { params: { orga: 'o1' } })).toThrow(/:store/);
    // @ts-expect-error the treatments list knows include_archived only
    http.url(API_ROUTES.listTreatments, { params: { orga: 'o1' }, query: { archived: 'true' } });
    // @ts-expect-error rate takes a number of stars
    void http.request(API_ROUTES.rate, { body: { rating: 'five' } }).catch(() => undefined);
    // @ts-expect-error a file download is not a JSON call
    void http.request(API_ROUTES.downloadPetImage, { params: { orga: 'o', store: 's', pet: 'p', file: 'f' } }).catch(() => undefined);
  });
});
