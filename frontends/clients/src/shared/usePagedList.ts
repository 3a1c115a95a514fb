import { isApiError } from '@pawline/api-client';
import type { PagedDataTableTexts, PagedTableList } from '@pawline/ui';
import { useCallback, useEffect, useState } from 'react';
import type { Translate } from '../i18n/translator';
import { listActionOf, withoutRow, withRow, type CrmEvent } from '../realtime/crm-events';
import { errorText } from './clients-context';

/** The texts of a customer or pet list's `PagedDataTable`. */
export function pagedTableTexts(t: Translate): PagedDataTableTexts {
  return { loading: t('common.loading'), loadFailed: t('clients.loadFailed'), retry: t('common.retry'), loadMore: t('clients.loadMore') };
}

export type PagedListOptions<T extends { id: string }> = {
  /** One page after the row `lastId` (null: the first page); a new function reads the list again. */
  fetchPage: (lastId: string | null) => Promise<{ items: T[] }>;
  pageSize: number;
  /** False while the list cannot be read yet (its scope still unknown): no request, no loading state. */
  enabled?: boolean;
  /** Which entity's events the list follows (R4.20). */
  entity: 'customer' | 'pet';
  /** The current row of a shown id, or null when it cannot be read (the row's store unknown). */
  fetchRow: (id: string, event: CrmEvent, shown: T | undefined) => Promise<T> | null;
  /** Shows a failed "load more" (the rows already shown stay). */
  onLoadMoreFailed: (message: string) => void;
};

/**
 * The state of a customer or pet list: the first page (again whenever `fetchPage` changes), more
 * pages on demand, and another device's changes applied to the open list (R4.20) through `applyEvent`.
 */
export function usePagedList<T extends { id: string }>({
  fetchPage,
  pageSize,
  enabled = true,
  entity,
  fetchRow,
  onLoadMoreFailed,
}: PagedListOptions<T>) {
  const [list, setList] = useState<PagedTableList<T>>({ status: 'loading' });
  // R4.22 done once a page comes back shorter than the page size
  const ready = (items: T[], lastPage: T[]): PagedTableList<T> => ({
    status: 'ready',
    items,
    done: lastPage.length < pageSize,
    loadingMore: false,
  });

  const loadFirst = useCallback(() => {
    let active = true;
    if (!enabled) return undefined;
    setList({ status: 'loading' });
    fetchPage(null).then(
      (page) => active && setList(ready(page.items, page.items)),
      (error: unknown) => active && setList({ status: 'failed', message: errorText(error) }),
    );
    return () => {
      active = false;
    };
  }, [fetchPage, pageSize, enabled]);
  useEffect(() => loadFirst(), [loadFirst]);

  const loadMore = () => {
    if (list.status !== 'ready' || list.done || list.items.length === 0) return;
    const lastId = list.items[list.items.length - 1]?.id ?? null;
    setList({ ...list, loadingMore: true });
    fetchPage(lastId).then(
      (page) => setList(ready([...list.items, ...page.items], page.items)),
      (error: unknown) => {
        setList({ ...list, loadingMore: false });
        onLoadMoreFailed(errorText(error));
      },
    );
  };

  const updateItems = (change: (items: T[]) => T[]) =>
    setList((current) => (current.status === 'ready' ? { ...current, items: change(current.items) } : current));

  // R4.20: a deleted row leaves, a changed one is read again, one created elsewhere reloads the first page
  const applyEvent = (event: CrmEvent) => {
    if (list.status !== 'ready') return;
    const action = listActionOf(
      event,
      entity,
      list.items.map((item) => item.id),
    );
    if (!action) return;
    if (action.type === 'remove') {
      updateItems((items) => withoutRow(items, action.id));
    } else if (action.type === 'refetch-row') {
      const row = fetchRow(
        action.id,
        event,
        list.items.find((item) => item.id === action.id),
      );
      row?.then(
        (fresh) => updateItems((items) => withRow(items, fresh)),
        (error: unknown) => {
          if (isApiError(error) && error.status === 404) updateItems((items) => withoutRow(items, action.id));
        },
      );
    } else {
      // without the loading state: the rows stay until the new first page is there
      fetchPage(null).then(
        (page) => setList((current) => (current.status === 'ready' ? ready(page.items, page.items) : current)),
        () => undefined,
      );
    }
  };

  return { list, loadFirst, loadMore, applyEvent };
}
