import { readJsonBody, routePath } from './http';
import type { JsonRoute, RouteAnswer, RouteArgs, RouteRef } from './route-ref';

/** Sends one request to a URL with the caller's session rules (token, refresh, retry). */
export type Send = (method: string, url: string, body: unknown) => Promise<Response>;

type LooseInput = { params?: Readonly<Record<string, string>>; query?: object; body?: unknown } | undefined;

/** The URL of a declared route below `origin`, with its path parameters and query. */
export function routeUrl(origin: string, route: { readonly path: string }, input: unknown): string {
  const { params, query } = (input as LooseInput) ?? {};
  return `${origin}${routePath(route, params, query)}`;
}

/** The typed JSON call of a declared route over `send`: its input and answer types come from the declaration. */
export function routeRequest(origin: string, send: Send) {
  return async function request<R extends JsonRoute>(route: RouteRef<R>, ...[input]: RouteArgs<R>): Promise<RouteAnswer<R>> {
    const response = await send(route.method.toUpperCase(), routeUrl(origin, route, input), (input as LooseInput)?.body);
    return readJsonBody<RouteAnswer<R>>(response);
  };
}
