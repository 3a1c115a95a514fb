import type { Language } from '@pawline/i18n';
import { apiErrorText } from '../states/api-error-text';
import type { PagedTableList } from './DataTable';

/** What this reads of a list read page by page (useApiPages of libs/api-client). */
export type PagedQuery<P> = {
  status: 'pending' | 'error' | 'success';
  data: { pages: readonly P[] } | undefined;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
};

/**
 * A paged query as PagedDataTable shows it: loading, failed (with the reason in the user's language), or its
 * rows, each once (a row that moved between two pages read at different times is kept at its first place).
 * Rows are told apart by their `id`, or by `keyOf` where a row has none of its own.
 */
export function pagedQueryList<P, T extends { id: string }>(
  query: PagedQuery<P>,
  rowsOf: (page: P) => readonly T[],
  language: Language,
): PagedTableList<T>;
export function pagedQueryList<P, T>(
  query: PagedQuery<P>,
  rowsOf: (page: P) => readonly T[],
  language: Language,
  keyOf: (row: T) => string,
): PagedTableList<T>;
export function pagedQueryList<P, T>(
  query: PagedQuery<P>,
  rowsOf: (page: P) => readonly T[],
  language: Language,
  keyOf: (row: T) => string = (row) => (row as { id: string }).id,
): PagedTableList<T> {
  if (query.data === undefined) {
    return query.status === 'error' ? { status: 'failed', message: apiErrorText(query.error, language) } : { status: 'loading' };
  }
  const seen = new Set<string>();
  const items: T[] = [];
  for (const row of query.data.pages.flatMap(rowsOf)) {
    const key = keyOf(row);
    if (seen.has(key)) continue;
    seen.add(key);
    items.push(row);
  }
  return { status: 'ready', items, done: !query.hasNextPage, loadingMore: query.isFetchingNextPage };
}

/** Why the last "load more" failed, for PagedDataTable's retry line; null when it did not. */
export function pagedQueryMoreError(query: PagedQuery<unknown>, language: Language): string | null {
  return query.isFetchNextPageError ? apiErrorText(query.error, language) : null;
}
