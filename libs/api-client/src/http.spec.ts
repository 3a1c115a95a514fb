import { ApiError } from './api-error';
import { API_ROUTES } from './api-routes.generated';
import { apiHeaders, apiOrigin, queryString, readJsonBody, routePath, sendJson, type FetchLike } from './http';

describe('queryString', () => {
  it('is empty without parameters or when every value is unset', () => {
    expect(queryString({})).toBe('');
    expect(queryString({ q: undefined, last_id: null, sort: '', tag_ids: [] })).toBe('');
  });

  it('keeps the given order and leaves out undefined, null and empty strings but not 0 or a space', () => {
    expect(queryString({ q: 'rex', sort: undefined, last_id: null, tag: '', limit: 0, page: 2, blank: ' ' })).toBe(
      '?q=rex&limit=0&page=2&blank=%20',
    );
  });

  it('sends a list as one comma-separated value, encoded, and leaves out an empty list', () => {
    expect(queryString({ tag_ids: ['t1', 't2'] })).toBe('?tag_ids=t1%2Ct2');
    expect(queryString({ tag_ids: ['only'] })).toBe('?tag_ids=only');
    expect(queryString({ ids: [1, 20, 300] })).toBe('?ids=1%2C20%2C300');
    expect(queryString({ tag_ids: [], q: 'x' })).toBe('?q=x');
    // an element's own comma is indistinguishable from the separator, as the gateway splits on ','
    expect(queryString({ tag_ids: ['a,b', 'c d'] })).toBe('?tag_ids=a%2Cb%2Cc%20d');
  });

  it('percent-encodes names and values: reserved characters, spaces as %20, non-ASCII as UTF-8', () => {
    expect(queryString({ q: 'a&b=c?d#e/f+g%h' })).toBe('?q=a%26b%3Dc%3Fd%23e%2Ff%2Bg%25h');
    expect(queryString({ q: 'Müller Straße' })).toBe('?q=M%C3%BCller%20Stra%C3%9Fe');
    expect(queryString({ q: '🐶' })).toBe('?q=%F0%9F%90%B6');
    expect(queryString({ 'a b&c': 'x' })).toBe('?a%20b%26c=x');
  });

  it('matches what URLSearchParams reads back', () => {
    const built = queryString({ q: ' Fido & Rex ', tag_ids: ['t 1', 't2'], limit: 50 });
    const read = new URLSearchParams(built);
    expect(read.get('q')).toBe(' Fido & Rex ');
    expect(read.get('tag_ids')?.split(',')).toEqual(['t 1', 't2']);
    expect(read.get('limit')).toBe('50');
  });
});

describe('routePath', () => {
  it('leaves the origin without a trailing slash', () => {
    expect(apiOrigin('')).toBe('');
    expect(apiOrigin('https://gw.test/')).toBe('https://gw.test');
  });

  it('fills in every path parameter percent-encoded, keeps a literal suffix and appends the query', () => {
    expect(routePath(API_ROUTES.updateStore, { orga: 'o/1', store: 's 1?' })).toBe('/api/v1/orga/o%2F1/store/s%201%3F');
    expect(routePath(API_ROUTES.calendarFeed, { token: 'a.b' })).toBe('/api/v1/public/calendar/a.b.ics');
    expect(routePath(API_ROUTES.listTags, { orga: 'o1' }, { kind: 'pet' })).toBe('/api/v1/orga/o1/tags?kind=pet');
  });

  it('refuses to build a path with a parameter missing', () => {
    expect(() => routePath(API_ROUTES.getStore, { orga: 'o1' })).toThrow(/:store/);
  });
});

describe('apiHeaders', () => {
  it('sends Accept, language and device always, Content-Type for JSON and the token when there is one', () => {
    expect(apiHeaders({ language: 'de', deviceId: 'dev-1', token: null, json: false })).toEqual({
      Accept: 'application/json',
      'Accept-Language': 'de',
      'X-Device-Id': 'dev-1',
    });
    expect(apiHeaders({ language: 'it', deviceId: 'dev-2', token: 'tok', json: true })).toEqual({
      Accept: 'application/json',
      'Accept-Language': 'it',
      'X-Device-Id': 'dev-2',
      'Content-Type': 'application/json',
      Authorization: 'Bearer tok',
    });
  });
});

describe('sendJson', () => {
  function recorder(answer: () => Promise<Response>) {
    const seen: { url: string; init: RequestInit }[] = [];
    const fetch: FetchLike = (url, init) => {
      seen.push({ url, init });
      return answer();
    };
    return { fetch, seen };
  }

  it('sends the body as JSON with its Content-Type and nothing for a body-less call', async () => {
    const { fetch, seen } = recorder(async () => new Response('{}'));
    await sendJson(fetch, { method: 'POST', url: '/api/v1/x', body: { a: [1, null] }, language: 'en', deviceId: 'd', token: 't' });
    await sendJson(fetch, { method: 'GET', url: '/api/v1/y', language: 'en', deviceId: 'd', token: null });
    expect(seen[0]).toEqual({
      url: '/api/v1/x',
      init: {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Accept-Language': 'en',
          'X-Device-Id': 'd',
          'Content-Type': 'application/json',
          Authorization: 'Bearer t',
        },
        credentials: 'same-origin',
        body: '{"a":[1,null]}',
      },
    });
    expect(seen[1]?.init.body).toBeUndefined();
    expect(seen[1]?.init.headers).not.toHaveProperty('Content-Type');
    expect(seen[1]?.init.headers).not.toHaveProperty('Authorization');
  });

  it('sends a null body as JSON null (only undefined means no body)', async () => {
    const { fetch, seen } = recorder(async () => new Response('{}'));
    await sendJson(fetch, { method: 'PUT', url: '/u', body: null, language: 'en', deviceId: 'd', token: null });
    expect(seen[0]?.init.body).toBe('null');
  });

  it('turns a failed fetch into ApiError status 0, code network', async () => {
    const offline = recorder(() => Promise.reject(new TypeError('Failed to fetch')));
    const error: unknown = await sendJson(offline.fetch, { method: 'GET', url: '/u', language: 'en', deviceId: 'd', token: null }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'network', message: 'Failed to fetch' });
    // a fetch polyfill may reject with a bare string; its text is still what the user sees
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    const odd = recorder(() => Promise.reject('socket hang up'));
    await expect(sendJson(odd.fetch, { method: 'GET', url: '/u', language: 'en', deviceId: 'd', token: null })).rejects.toMatchObject({
      code: 'network',
      message: 'socket hang up',
    });
  });
});

describe('readJsonBody', () => {
  it('parses a JSON answer and gives undefined for an empty one', async () => {
    await expect(readJsonBody(new Response('{"id":"a1"}'))).resolves.toEqual({ id: 'a1' });
    await expect(readJsonBody(new Response(null, { status: 204 }))).resolves.toBeUndefined();
  });

  it("throws the server's error with code, message and fields", async () => {
    const body = JSON.stringify({ code: 'validation_failed', message: 'Name missing', fields: { name: ['errors.required'] } });
    await expect(readJsonBody(new Response(body, { status: 400 }))).rejects.toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Name missing',
      fields: { name: 'errors.required' },
    });
  });

  it('throws the raw text of a non-JSON error (R8.06) and bad_response for a 2xx that is not JSON', async () => {
    await expect(readJsonBody(new Response('Bad Gateway from proxy', { status: 502 }))).rejects.toMatchObject({
      status: 502,
      code: 'http_502',
      message: 'Bad Gateway from proxy',
    });
    await expect(readJsonBody(new Response('<html>', { status: 200 }))).rejects.toMatchObject({
      status: 200,
      code: 'bad_response',
      message: '<html>',
    });
  });
});
