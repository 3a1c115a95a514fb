import type { ApiClient } from './api-client';
import type { Language } from './api-types';
import { apiBase, apiHeaders, globalFetch, readJsonBody, sendJson, type FetchLike } from './http';

/**
 * What a remote borrows from the shell's ApiClient (ShellBridge.api): the device id and the session.
 * Only members every shell's client has had, because the remote's bundle runs against whatever shell
 * is deployed — which is also why the remote's calls live here, in the remote's own copy of this lib,
 * and not as a new ApiClient method an older shell would not have.
 */
export type BorrowedSession = Pick<ApiClient, 'deviceId' | 'freshAccessToken' | 'refresh'>;

export type RemoteHttpOptions = {
  api: BorrowedSession;
  /** The bridge's language, sent as Accept-Language. */
  language: Language;
  /** Origin in front of /api/v1; '' (same origin) when absent. */
  baseUrl?: string;
  fetch?: FetchLike;
};

/**
 * A remote's way to the gateway routes the shell's ApiClient does not name (calendar's scheduling
 * routes, clients' crm routes), with the shell's session. Unlike the shell's own calls, an answer
 * that stays 401 is not reported to onUnauthorized: the remote only shows the error.
 */
export function createRemoteHttp(options: RemoteHttpOptions) {
  const { api, language } = options;
  const doFetch = options.fetch ?? globalFetch;
  const base = apiBase(options.baseUrl ?? '');

  function send(method: string, path: string, body: unknown, token: string | null): Promise<Response> {
    return sendJson(doFetch, { method, url: `${base}${path}`, body, language, deviceId: api.deviceId, token });
  }

  /** A call with a token that is still good for a minute; a 401 refreshes the session once and retries. */
  async function authorized(method: string, path: string, body?: unknown): Promise<Response> {
    const first = await send(method, path, body, await api.freshAccessToken());
    if (first.status !== 401) return first;
    const session = await api.refresh();
    return session ? send(method, path, body, session.access_token) : first;
  }

  return {
    /** `${baseUrl}/api/v1`, for requests that do not go through fetch (an upload's XMLHttpRequest). */
    base,
    /** The headers of every call, for requests that do not go through fetch; no Content-Type. */
    headers: (token: string | null): Record<string, string> => apiHeaders({ language, deviceId: api.deviceId, token, json: false }),
    authorized,
    /** authorized(), then the JSON answer or the server's ApiError (readJsonBody). */
    call: async <T>(method: string, path: string, body?: unknown): Promise<T> => readJsonBody<T>(await authorized(method, path, body)),
  };
}

export type RemoteHttp = ReturnType<typeof createRemoteHttp>;
