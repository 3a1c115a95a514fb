import type { HttpRoute } from '@pawline/contracts';
import type { ApiClient } from './api-client';
import { ApiError, apiErrorFromBody } from './api-error';
import type { Language } from './api-types';
import { apiHeaders, apiOrigin, globalFetch, sendJson, type FetchLike } from './http';
import { routeRequest, routeUrl } from './route-call';
import type { DownloadRoute, RouteArgs, RouteRef } from './route-ref';

/**
 * What a remote borrows from the shell's ApiClient (ShellBridge.api): the device id and the session.
 * Only members every shell's client has had, because the remote's bundle runs against whatever shell
 * is deployed — which is also why the remote's calls live here, in the remote's own copy of this lib,
 * and not as a new ApiClient method an older shell would not have.
 */
export type BorrowedSession = Pick<ApiClient, 'deviceId' | 'freshAccessToken' | 'refresh'>;

/** The XMLHttpRequest parts an upload uses; a fake in tests. */
export type UploadRequest = Pick<
  XMLHttpRequest,
  'open' | 'setRequestHeader' | 'send' | 'abort' | 'status' | 'responseText' | 'statusText'
> & {
  upload: { onprogress: ((event: ProgressEvent) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
};

/** An upload under way: its answer, and a way to stop it (the answer then fails with code 'aborted'). */
export type Upload<T> = { done: Promise<T>; abort: () => void };

export type RemoteHttpOptions = {
  api: BorrowedSession;
  /** The bridge's language, sent as Accept-Language. */
  language: Language;
  /** Origin in front of /api/v1; '' (same origin) when absent. */
  baseUrl?: string;
  fetch?: FetchLike;
  /** The request an upload sends (tests give a fake); XMLHttpRequest by default. */
  createUploadRequest?: () => UploadRequest;
};

/**
 * A remote's way to the gateway's declared routes (API_ROUTES) with the shell's session. Unlike
 * the shell's own calls, an answer that stays 401 is not reported to onUnauthorized: the remote
 * only shows the error.
 */
export function createRemoteHttp(options: RemoteHttpOptions) {
  const { api, language } = options;
  const doFetch = options.fetch ?? globalFetch;
  const origin = apiOrigin(options.baseUrl ?? '');

  function send(method: string, url: string, body: unknown, token: string | null): Promise<Response> {
    return sendJson(doFetch, { method, url, body, language, deviceId: api.deviceId, token });
  }

  /** A call with a token that is still good for a minute; a 401 refreshes the session once and retries. */
  async function authorized(method: string, url: string, body?: unknown): Promise<Response> {
    const first = await send(method, url, body, await api.freshAccessToken());
    if (first.status !== 401) return first;
    const session = await api.refresh();
    return session ? send(method, url, body, session.access_token) : first;
  }

  /**
   * A file as the raw body of a declared upload route, its name in X-File-Name (percent-encoded: a header value
   * must be ASCII), with progress (fetch has none). A lost connection fails with code 'network', a stopped
   * upload with 'aborted': the screen says those in the user's language, they carry no server message.
   */
  function upload<T>(method: string, target: string, file: File, onProgress: (fraction: number) => void = () => undefined): Upload<T> {
    const request = options.createUploadRequest ? options.createUploadRequest() : (new XMLHttpRequest() as unknown as UploadRequest);
    const done = (async () => {
      const token = await api.freshAccessToken();
      return new Promise<T>((resolve, reject) => {
        request.open(method.toUpperCase(), target);
        for (const [name, value] of Object.entries(apiHeaders({ language, deviceId: api.deviceId, token, json: false })))
          request.setRequestHeader(name, value);
        request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
        request.setRequestHeader('X-File-Name', encodeURIComponent(file.name));
        request.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
        };
        request.onload = () => {
          if (request.status >= 200 && request.status < 300) {
            onProgress(1);
            try {
              resolve(JSON.parse(request.responseText) as T);
            } catch {
              reject(new ApiError(request.status, 'bad_response', request.responseText));
            }
          } else reject(apiErrorFromBody(request.status, request.statusText, request.responseText));
        };
        request.onerror = () => reject(new ApiError(0, 'network', 'Network error'));
        request.onabort = () => reject(new ApiError(0, 'aborted', 'Upload aborted'));
        request.send(file);
      });
    })();
    return { done, abort: () => request.abort() };
  }

  return {
    upload,
    /** The whole URL of a declared route, for requests that do not go through fetch (an upload's XMLHttpRequest). */
    url: <R extends HttpRoute>(route: RouteRef<R>, ...[input]: RouteArgs<R>): string => routeUrl(origin, route, input),
    /** The headers of every call, for requests that do not go through fetch; no Content-Type. */
    headers: (token: string | null): Record<string, string> => apiHeaders({ language, deviceId: api.deviceId, token, json: false }),
    /** A declared JSON route: the typed answer, or the server's ApiError (readJsonBody). */
    request: routeRequest(origin, authorized),
    /** A declared download route: the file's bytes (they need the bearer token, so an <img> shows them through an object URL). */
    download: async <R extends DownloadRoute>(route: RouteRef<R>, ...[input]: RouteArgs<R>): Promise<Blob> => {
      const response = await authorized(route.method.toUpperCase(), routeUrl(origin, route, input));
      if (!response.ok) throw apiErrorFromBody(response.status, response.statusText, await response.text());
      return response.blob();
    },
  };
}

export type RemoteHttp = ReturnType<typeof createRemoteHttp>;
