import type { HttpRoute, RouteAnswer, RouteBody, RouteParams, RouteQuery } from '@pawline/contracts';

/**
 * A route as the browser knows it: its method and path only, so a bundle carries no zod schema, and
 * the declaration in libs/contracts as a type, so params, query, body and answer are checked.
 * The only values of this type are in api-routes.generated.ts.
 */
export type RouteRef<R extends HttpRoute = HttpRoute> = {
  readonly method: R['method'];
  readonly path: R['path'];
  /** Carries the declaration's type; never set. */
  readonly declaration?: R;
} & (R extends { readonly transfer: infer T } ? { readonly transfer: T } : { readonly transfer?: undefined });

type ParamsPart<R extends HttpRoute> = [keyof RouteParams<R>] extends [never] ? { params?: undefined } : { params: RouteParams<R> };
type QueryPart<R> = R extends { readonly query: object } ? { query?: RouteQuery<R> } : { query?: undefined };
type BodyPart<R> = R extends { readonly body: object } ? { body: RouteBody<R> } : { body?: undefined };

/** What a call of the route takes: its path parameters, query and JSON body, each only when it has them. */
export type RouteInput<R extends HttpRoute> = ParamsPart<R> & QueryPart<R> & BodyPart<R>;

/** The input is optional for a route without path parameters or body. */
export type RouteArgs<R extends HttpRoute> = object extends RouteInput<R> ? [input?: RouteInput<R>] : [input: RouteInput<R>];

export type { RouteAnswer, RouteBody, RouteParams, RouteQuery };

/** Declarations of JSON routes, file uploads and file downloads. */
export type JsonRoute = HttpRoute & { readonly transfer?: undefined };
export type UploadRoute = HttpRoute & { readonly transfer: 'upload' };
export type DownloadRoute = HttpRoute & { readonly transfer: 'download' };
