import type { HTTP_ROUTES } from '@pawline/contracts';
import type { RouteInput, RouteParams } from '../route-ref';

type Declared = typeof HTTP_ROUTES;

/** Every route by the name of its declaration (API_ROUTES). */
export type ApiRouteName = keyof Declared;
export type ApiRoute<N extends ApiRouteName> = Declared[N];

/** The routes a page reads: GET with a JSON answer (downloads go through useApiHttp().download). */
export type ApiReadName = {
  [N in ApiRouteName]: Declared[N] extends { readonly method: 'get'; readonly response: object } ? N : never;
}[ApiRouteName];

/** The routes a page writes with a JSON body or none (uploads go through useApiUpload). */
export type ApiWriteName = {
  [N in ApiRouteName]: Declared[N] extends { readonly method: 'get' } | { readonly transfer: 'upload' | 'download' | 'webhook' }
    ? never
    : N;
}[ApiRouteName];

/** The upload routes (a raw file body, R7.10). */
export type ApiUploadName = { [N in ApiRouteName]: Declared[N] extends { readonly transfer: 'upload' } ? N : never }[ApiRouteName];

/** What a call of the named route takes: its path parameters, query and body, each only when it has them. */
export type ApiInput<N extends ApiRouteName> = RouteInput<Declared[N]>;

/** The input is optional for a route with nothing required (no path parameter, no body). */
export type ApiArgs<N extends ApiRouteName> = object extends ApiInput<N> ? [input?: ApiInput<N>] : [input: ApiInput<N>];

type KeyParams = Readonly<Record<string, string>>;
type KeyQuery = Readonly<Record<string, unknown>>;

/**
 * A query's key: the route's name, its path parameters and its query, as plain JSON. It is the one
 * contract between the shell and the remotes (realtime invalidation, ADR 0039): the shell's copy of this
 * library and a remote's copy of another version must build the same key for the same request.
 */
export type ApiQueryKey =
  readonly [name: ApiRouteName, params: KeyParams, query: KeyQuery] | readonly [ApiRouteName, KeyParams, KeyQuery, 'pages'];

/**
 * Where realtime and mutations aim: every query of a route, or those whose parameters include these.
 * Made by apiQueryFilter, which checks the parameter names against the route.
 */
export type ApiQueryFilter = readonly [name: ApiRouteName] | readonly [name: ApiRouteName, params: KeyParams];

/**
 * The query string's values as the URL carries them: undefined, null, '' and empty lists left out (they
 * are no filter, http.ts queryString), so two inputs that send the same request share one key.
 */
function keyQuery(query: object | undefined): KeyQuery {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    kept[name] = value;
  }
  return kept;
}

/** The key of a read of route `name` with this input; every query of the data layer is keyed by it. */
export function apiQueryKey<N extends ApiRouteName>(name: N, ...[input]: ApiArgs<N>): ApiQueryKey {
  return keyOf(name, input);
}

/** The key of a list read page by page (useApiPages): the first page's key, marked. */
export function apiPagesKey<N extends ApiRouteName>(name: N, ...[input]: ApiArgs<N>): ApiQueryKey {
  return [...keyOf(name, input), 'pages'];
}

/** apiQueryKey for an input already checked by the caller's types. */
export function keyOf(name: ApiRouteName, input: unknown): readonly [ApiRouteName, KeyParams, KeyQuery] {
  const loose = (input ?? {}) as { params?: KeyParams; query?: object };
  return [name, { ...(loose.params ?? {}) }, keyQuery(loose.query)];
}

/**
 * A filter for invalidation: every query of route `name`, or only those whose path parameters include
 * `params` (react-query matches a key's objects partially: `{ orga }` matches `{ orga, store }`).
 * Undefined parameters are left out, so a realtime message without a store matches every store.
 */
export function apiQueryFilter<N extends ApiRouteName>(name: N, params?: Partial<RouteParams<Declared[N]>>): ApiQueryFilter {
  if (!params) return [name];
  const defined: Record<string, string> = {};
  for (const [param, value] of Object.entries(params as Record<string, string | undefined>))
    if (typeof value === 'string') defined[param] = value;
  return [name, defined];
}
