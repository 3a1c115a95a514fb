import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A path parameter that is not an id (spec §7's date parts, paging cursors) and the pattern it must match. */
export type PathParameter = { readonly pattern: RegExp; readonly description: string };

/**
 * The HTTP side of one /api/v1 route, declared once: the gateway binds it to its access rule and
 * RPC (services/gateway/src/routes), the OpenAPI document is built from it, and the browser's
 * client (libs/api-client) takes its path, parameters, body and answer types from it.
 */
export type HttpRoute = {
  readonly kind: 'http';
  readonly method: HttpMethod;
  /** Under /api/v1, parameters as `:name` (`/api/v1/orga/:orga`); every parameter not in `params` is a UUID. */
  readonly path: string;
  readonly summary: string;
  /** OpenAPI tag */
  readonly tag: string;
  /** Success status; 204 answers without a body. Default 200 (201 for an upload). */
  readonly status?: number;
  readonly params?: Readonly<Record<string, PathParameter>>;
  /** Strict schema of the query string (its input is text). */
  readonly query?: z.ZodType;
  /** Strict schema of the JSON body; a route without one accepts no body fields. */
  readonly body?: z.ZodType;
  /** Schema of the JSON answer; absent for 204 and for file downloads. */
  readonly response?: z.ZodType;
  /**
   * A raw file body in (R7.10), or a file's bytes out, instead of JSON; `webhook`: a provider's call,
   * its raw body passed on unread (its signature is over those bytes) and a text answer.
   */
  readonly transfer?: 'upload' | 'download' | 'webhook';
};

const PATH_PARAMETER = /:([a-z_][a-z0-9_]*)/g;

/** Keeps the literal method and path (the client types its parameters from the path) and checks the declaration. */
export function defineRoute<const R extends Omit<HttpRoute, 'kind'>>(route: R): R & { readonly kind: 'http' } {
  if (!route.path.startsWith('/api/v1/')) throw new Error(`route path "${route.path}" must start with /api/v1/`);
  const names = [...route.path.matchAll(PATH_PARAMETER)].map((match) => match[1]);
  for (const name of Object.keys(route.params ?? {})) {
    if (!names.includes(name)) throw new Error(`route ${route.method} ${route.path} declares a parameter :${name} its path lacks`);
  }
  if (route.transfer === 'upload' && route.body) throw new Error(`upload route ${route.path} takes the raw file, not a JSON body`);
  if (route.transfer === 'download' && route.response) throw new Error(`download route ${route.path} answers bytes, not JSON`);
  if (route.transfer === 'webhook' && (route.body || route.response))
    throw new Error(`webhook route ${route.path} passes raw bytes and answers text`);
  return { ...route, kind: 'http' };
}

type Segments<P extends string> = P extends `${infer Head}/${infer Rest}` ? Head | Segments<Rest> : P;
type ParamName<S extends string> = S extends `:${infer Name}.${string}` ? Name : S extends `:${infer Name}` ? Name : never;

/** `/api/v1/orga/:orga/store/:store` → `{ orga: string; store: string }`; `:token.ics` → `{ token: string }`. */
export type RouteParams<R extends Pick<HttpRoute, 'path'>> = { [K in ParamName<Segments<R['path']>>]: string };

/** What a caller sends as the query string (the schema's input). */
export type RouteQuery<R> = R extends { readonly query: infer Q extends z.ZodType } ? z.input<Q> : undefined;
/** What a caller sends as the JSON body (the schema's input: optional and defaulted fields may be left out). */
export type RouteBody<R> = R extends { readonly body: infer B extends z.ZodType } ? z.input<B> : undefined;
/** The JSON answer of a route; void for 204 and downloads. */
export type RouteAnswer<R> = R extends { readonly response: infer A extends z.ZodType } ? z.output<A> : void;

/** The query and body as the gateway hands them to the route after parsing. */
export type ParsedRouteQuery<R> = R extends { readonly query: infer Q extends z.ZodType } ? z.output<Q> : Record<string, never>;
export type ParsedRouteBody<R> = R extends { readonly body: infer B extends z.ZodType } ? z.output<B> : Record<string, never>;
