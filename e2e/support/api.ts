import { productUrl } from './browser';

/** A session of the test itself on /api/v1: for setting up data and reading what reached the server. */
export type ApiSession = {
  token: string;
  call<T = unknown>(method: string, pathname: string, body?: unknown): Promise<T>;
};

/**
 * Signs `username` in through POST /auth/login from the test, on a device of its own, so the
 * browsers under test never hear their own echo of what the test sets up (R4.16).
 */
export async function apiSession(username: string, password: string, device = 'e2e-api-device'): Promise<ApiSession> {
  const login = await fetch(`${productUrl()}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-device-id': device },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const token = ((await login.json()) as { access_token: string }).access_token;
  return {
    token,
    async call<T>(method: string, pathname: string, body?: unknown): Promise<T> {
      const response = await fetch(`${productUrl()}/api/v1${pathname}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json',
          'accept-language': 'en',
          'x-device-id': device,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
  };
}

export type Salon = { orgaId: string; storeIds: string[] };

/** The signed-in user's organization and its stores, in the organization's order. */
export async function salonOf(session: ApiSession): Promise<Salon> {
  const user = await session.call<{ orga_id: string | null }>('GET', '/user');
  if (!user.orga_id) throw new Error('the user has no organization');
  const orga = await session.call<{ stores: { id: string }[] }>('GET', `/orga/${user.orga_id}`);
  return { orgaId: user.orga_id, storeIds: orga.stores.map((store) => store.id) };
}
