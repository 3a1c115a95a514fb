import type { Language } from '@pawline/api-client';
import { apiErrorText, type PagedDataTableTexts, type PagedTableList } from '@pawline/ui';
import type { Translate } from '../i18n/translator';

/** The texts of a customer or pet list's `PagedDataTable`. */
export function pagedTableTexts(t: Translate): PagedDataTableTexts {
  return { loading: t('common.loading'), loadFailed: t('clients.loadFailed'), retry: t('common.retry'), loadMore: t('clients.loadMore') };
}

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
 * A paged list as PagedDataTable shows it: loading, failed (with the reason in the user's language), or its
 * rows, each once (a row that moved between two pages read at different times is kept at its first place).
 */
export function pagedRows<P, T extends { id: string }>(
  query: PagedQuery<P>,
  rowsOf: (page: P) => readonly T[],
  language: Language,
): PagedTableList<T> {
  if (query.data === undefined) {
    return query.status === 'error' ? { status: 'failed', message: apiErrorText(query.error, language) } : { status: 'loading' };
  }
  const seen = new Set<string>();
  const items: T[] = [];
  for (const row of query.data.pages.flatMap(rowsOf)) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    items.push(row);
  }
  return { status: 'ready', items, done: !query.hasNextPage, loadingMore: query.isFetchingNextPage };
}

/** Why the last "load more" failed, for the table's retry line; null when it did not. */
export function loadMoreProblem(query: PagedQuery<unknown>, language: Language): string | null {
  return query.isFetchNextPageError ? apiErrorText(query.error, language) : null;
}
