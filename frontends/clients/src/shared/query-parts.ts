import type { QueryLike } from '@pawline/ui';

/** What a page reads of each of its queries (useApiQuery's result). */
export type QueryPart<T> = QueryLike<T> & { isRefetchError?: boolean };

type DataOf<Q> = Q extends QueryLike<infer T> ? Exclude<T, undefined> : never;

/** A query that needs no request: a new customer has no pets yet. */
export function readyPart<T>(data: T): QueryPart<T> {
  return { status: 'success', data, error: null, isRefetchError: false, refetch: () => undefined };
}

/** A read the page can do without: its failure counts as `fallback` (R5.13 crm settings: then only the first name is required). */
export function optionalPart<T, F>(query: QueryPart<T>, fallback: F): QueryPart<T | F> {
  if (query.status === 'error' && query.data === undefined) return readyPart<T | F>(fallback);
  return query;
}

/**
 * The queries of one page as one for QueryState: loading while any is, failed with the first failure (a retry
 * reads the failed ones again), else every answer by its name. A failed re-read keeps the answers on screen and
 * says whether it failed (a 404 of the page's own entity is its deletion elsewhere: QueryState's `gone`).
 */
export function allParts<P extends Record<string, QueryPart<unknown>>>(parts: P): QueryPart<{ [K in keyof P]: DataOf<P[K]> }> {
  const all = Object.values(parts);
  const failed = all.find((part) => part.status === 'error');
  const refetch = () => {
    for (const part of all) if (part.status === 'error') void part.refetch();
  };
  const complete = all.every((part) => part.data !== undefined);
  const data = complete
    ? (Object.fromEntries(Object.entries(parts).map(([name, part]) => [name, part.data])) as { [K in keyof P]: DataOf<P[K]> })
    : undefined;
  if (failed) return { status: 'error', data, error: failed.error, isRefetchError: complete && failed.isRefetchError === true, refetch };
  if (!complete) return { status: 'pending', data: undefined, error: null, refetch };
  return { status: 'success', data, error: null, isRefetchError: false, refetch };
}
