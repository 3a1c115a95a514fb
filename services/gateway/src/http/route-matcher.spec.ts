import { z } from 'zod';
import type { ApiRoute } from './route-definition';
import { RouteMatcher } from './route-matcher';

function route(method: ApiRoute['method'], path: string): ApiRoute {
  return {
    method,
    path,
    access: 'public',
    summary: path,
    tags: [],
    handle: async () => null,
    responseSchema: z.null(),
  } as unknown as ApiRoute;
}

const user = route('get', '/api/v1/user');
const updateUser = route('put', '/api/v1/user');
const store = route('get', '/api/v1/orga/:orga/store/:store');
const stores = route('get', '/api/v1/orga/:orga/store');
const feed = route('get', '/api/v1/public/calendar/:token.ics');
const week = route('get', '/api/v1/orga/:orga/store/:store/appointments/:y/:m/:d/:y2/:m2/:d2');
const matcher = new RouteMatcher([user, updateUser, stores, store, feed, week]);

describe('route matcher', () => {
  it('finds a route by method and path, with its parameters', () => {
    expect(matcher.match('GET', '/api/v1/user')).toEqual({ route: user, params: {} });
    expect(matcher.match('PUT', '/api/v1/user')).toEqual({ route: updateUser, params: {} });
    expect(matcher.match('GET', '/api/v1/orga/o-1/store/s-2')).toEqual({ route: store, params: { orga: 'o-1', store: 's-2' } });
    expect(matcher.match('GET', '/api/v1/orga/o-1/store')).toEqual({ route: stores, params: { orga: 'o-1' } });
    expect(matcher.match('GET', '/api/v1/orga/o/store/s/appointments/2026/11/23/2026/11/29')?.params).toEqual({
      orga: 'o',
      store: 's',
      y: '2026',
      m: '11',
      d: '23',
      y2: '2026',
      m2: '11',
      d2: '29',
    });
  });

  it('reads like Express did: query ignored, one trailing slash, literals in any case, HEAD as GET, parameters decoded', () => {
    expect(matcher.match('GET', '/api/v1/user?x=1&y=2')?.route).toBe(user);
    expect(matcher.match('GET', '/api/v1/user/')?.route).toBe(user);
    expect(matcher.match('GET', '/API/V1/User')?.route).toBe(user);
    expect(matcher.match('HEAD', '/api/v1/user')?.route).toBe(user);
    expect(matcher.match('GET', '/api/v1/orga/a%20b/store')?.params).toEqual({ orga: 'a b' });
  });

  it('takes a parameter with a literal suffix only when the suffix is there and something precedes it', () => {
    expect(matcher.match('GET', '/api/v1/public/calendar/abc123.ics')).toEqual({ route: feed, params: { token: 'abc123' } });
    expect(matcher.match('GET', '/api/v1/public/calendar/abc123.ICS')?.params).toEqual({ token: 'abc123' });
    expect(matcher.match('GET', '/api/v1/public/calendar/abc123')).toBeNull();
    expect(matcher.match('GET', '/api/v1/public/calendar/.ics')).toBeNull();
  });

  it('finds nothing for another method, another length, another literal or a broken percent-encoding', () => {
    expect(matcher.match('DELETE', '/api/v1/user')).toBeNull();
    expect(matcher.match('GET', '/api/v1/user/extra')).toBeNull();
    expect(matcher.match('GET', '/api/v1/orga/o-1/shop/s-2')).toBeNull();
    expect(matcher.match('GET', '/api/v1/orga/%E0%A4%A/store')).toBeNull();
    expect(matcher.match('GET', '/')).toBeNull();
  });
});
