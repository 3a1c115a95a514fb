import type { PagedTableList } from '@pawline/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FIRST_PAGE, type Cursor } from '../api/messages-api';
import { errorText } from './messages-context';

export type CursorPage<T, X> = { items: T[]; extra: X };

/**
 * A list read page by page after (last time, last id) (spec §7): the first page, Next pages, and
 * the first page again without a loading state (a realtime change). R4.22 done once a page is
 * shorter than the page size.
 */
export function useCursorList<T, X>(options: {
  fetchPage: (cursor: Cursor) => Promise<CursorPage<T, X>>;
  cursorOf: (last: T) => Cursor;
  pageSize: number;
  /** how a page's extra (attachments …) joins the ones before */
  mergeExtra: (before: X, page: X) => X;
  emptyExtra: X;
}) {
  const { fetchPage, cursorOf, pageSize, mergeExtra, emptyExtra } = options;
  const [list, setList] = useState<PagedTableList<T>>({ status: 'loading' });
  const [extra, setExtra] = useState<X>(emptyExtra);
  const [moreError, setMoreError] = useState<string | null>(null);
  const listRef = useRef(list);
  listRef.current = list;
  const extraRef = useRef(extra);
  extraRef.current = extra;

  const loadFirst = useCallback(
    (quiet: boolean) => {
      let active = true;
      if (!quiet) setList({ status: 'loading' });
      fetchPage(FIRST_PAGE).then(
        (page) => {
          if (!active) return;
          setExtra(page.extra);
          setList({ status: 'ready', items: page.items, done: page.items.length < pageSize, loadingMore: false });
        },
        (error: unknown) => active && !quiet && setList({ status: 'failed', message: errorText(error) }),
      );
      return () => {
        active = false;
      };
    },
    [fetchPage, pageSize],
  );
  useEffect(() => loadFirst(false), [loadFirst]);

  const loadMore = () => {
    const current = listRef.current;
    if (current.status !== 'ready' || current.done || current.loadingMore) return;
    const last = current.items[current.items.length - 1];
    if (last === undefined) return;
    setMoreError(null);
    setList({ ...current, loadingMore: true });
    fetchPage(cursorOf(last)).then(
      (page) => {
        setExtra(mergeExtra(extraRef.current, page.extra));
        setList({ status: 'ready', items: [...current.items, ...page.items], done: page.items.length < pageSize, loadingMore: false });
      },
      (error: unknown) => {
        setList({ ...current, loadingMore: false });
        setMoreError(errorText(error));
      },
    );
  };

  return { list, extra, moreError, reload: () => void loadFirst(false), refresh: () => void loadFirst(true), loadMore };
}
