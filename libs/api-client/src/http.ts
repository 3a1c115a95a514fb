import { ApiError, apiErrorFromBody } from './api-error';
import type { Language } from './api-types';

// The HTTP pieces every caller of the gateway's /api/v1 shares: the shell's ApiClient and the
// remotes' own route modules (remote-http.ts). One copy, so a header, the query encoding or an
// error rule cannot drift between the shell and a remote.

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** globalThis.fetch, looked up at call time: a test or polyfill may install it after import. */
export const globalFetch: FetchLike = (input, init) => globalThis.fetch(input, init);

/** The origin in front of every route's path ('' for same origin), without a trailing slash. */
export function apiOrigin(baseUrl: string): string {
  return baseUrl.replace(/\/$/, '');
}

const PATH_PARAMETER = /:([a-z_][a-z0-9_]*)/g;

/**
 * A declared route's path with its parameters filled in, percent-encoded (`:token.ics` keeps its
 * suffix), and the query string; a parameter the caller left out is a bug, not a request.
 */
export function routePath(route: { readonly path: string }, params?: Readonly<Record<string, string>>, query?: object): string {
  const path = route.path.replace(PATH_PARAMETER, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${route.path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  return `${path}${queryString((query ?? {}) as Readonly<Record<string, QueryValue>>)}`;
}

export type QueryValue = string | number | readonly (string | number)[] | null | undefined;

/**
 * `?name=value&…` in the order given, or '' when nothing is left. Undefined, null and '' are left
 * out: an unset filter is no filter. A list travels as one comma-separated value (the gateway reads
 * `tag_ids=a,b`), so its commas are encoded with the rest; an empty list is left out. Names and
 * values are percent-encoded with encodeURIComponent.
 */
export function queryString(params: Readonly<Record<string, QueryValue>>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const text = typeof value === 'object' ? value.join(',') : String(value);
    if (text === '') continue;
    parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

export type HeaderParts = {
  /** Accept-Language: server messages come back in the user's language. */
  language: Language;
  deviceId: string;
  /** The bearer token; null sends none. */
  token: string | null;
  /** The body is JSON (Content-Type). */
  json: boolean;
};

export function apiHeaders(parts: HeaderParts): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': parts.language,
    // The gateway tags what this request causes with the device, so the realtime echo of
    // our own change can be skipped here (R4.16); at login it becomes the session's device.
    'X-Device-Id': parts.deviceId,
  };
  if (parts.json) headers['Content-Type'] = 'application/json';
  if (parts.token) headers.Authorization = `Bearer ${parts.token}`;
  return headers;
}

export type JsonRequest = Omit<HeaderParts, 'json'> & {
  method: string;
  /** The whole URL, origin included. */
  url: string;
  /** Sent as JSON; undefined sends no body. */
  body?: unknown;
};

/** Sends one request; a fetch that throws (offline, CORS, DNS) becomes ApiError status 0, code network. */
export async function sendJson(doFetch: FetchLike, request: JsonRequest): Promise<Response> {
  const { method, url, body, language, deviceId, token } = request;
  try {
    return await doFetch(url, {
      method,
      headers: apiHeaders({ language, deviceId, token, json: body !== undefined }),
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(0, 'network', error instanceof Error ? error.message : String(error));
  }
}

/**
 * The parsed JSON of a 2xx answer (undefined for an empty body). A non-2xx answer throws the
 * server's error (apiErrorFromBody, R8.06); a 2xx that is not JSON throws code bad_response.
 */
export async function readJsonBody<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw apiErrorFromBody(response.status, response.statusText, text);
  if (text.length === 0) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(response.status, 'bad_response', text);
  }
}
