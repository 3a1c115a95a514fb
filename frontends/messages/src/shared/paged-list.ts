import type { Language } from '@pawline/api-client';
import { apiErrorText, type PagedTableList } from '@pawline/ui';

/** What this reads of a list read page by page (useApiPages). */
export type PagedQuery<P> = {
  status: 'pending' | 'error' | 'success';
  data: { pages: readonly P[] } | undefined;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
};

/**
 * A paged list as PagedDataTable shows it: loading, failed (the reason in the user's language), or its rows,
 * each once (a row that a later page brings again, after a new message moved the pages, stays at its first place).
 */
export function pagedList<P, T>(
  query: PagedQuery<P>,
  rowsOf: (page: P) => readonly T[],
  keyOf: (row: T) => string,
  language: Language,
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

/** Why the last "load more" failed; null when it did not. */
export function loadMoreProblem(query: PagedQuery<unknown>, language: Language): string | null {
  return query.isFetchNextPageError ? apiErrorText(query.error, language) : null;
}
