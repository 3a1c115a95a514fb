import { useCallback, useEffect, useRef, useState } from 'react';
import type { PagedTableList } from '../data-table/DataTable';

export type CursorPagesOptions<T, C> = {
  /** One page after `cursor` (null: the first page); a new function reads the list again. */
  fetchPage: (cursor: C | null) => Promise<T[]>;
  /** Where the page after the last loaded row starts (spec §7: its time and id). */
  cursorOf: (last: T) => C;
  pageSize: number;
  /** The user's text of a failure. */
  errorText: (error: unknown) => string;
  /** A row's identity: a row a later page brings again (it moved) is kept once. */
  keyOf: (row: T) => string;
};

/**
 * A list read page by page after the last row (spec §7 cursors): the first page with a loading state, the
 * first page again without one (`refresh`, after a realtime change), more pages on demand, done once a page
 * is shorter than the page size (R4.22). A failed later page keeps the rows and says why in `moreError`.
 */
export function useCursorPages<T, C>({ fetchPage, cursorOf, pageSize, errorText, keyOf }: CursorPagesOptions<T, C>) {
  const [list, setList] = useState<PagedTableList<T>>({ status: 'loading' });
  const [moreError, setMoreError] = useState<string | null>(null);
  const listRef = useRef(list);
  listRef.current = list;
  // how a failure reads is not a reason to read the list again
  const textOf = useRef(errorText);
  textOf.current = errorText;

  const loadFirst = useCallback(
    (quiet: boolean) => {
      let active = true;
      if (!quiet) setList({ status: 'loading' });
      fetchPage(null).then(
        (items) => active && setList({ status: 'ready', items, done: items.length < pageSize, loadingMore: false }),
        (error: unknown) => active && !quiet && setList({ status: 'failed', message: textOf.current(error) }),
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
      (page) =>
        setList((now) => {
          if (now.status !== 'ready') return now;
          const known = new Set(now.items.map(keyOf));
          return {
            status: 'ready',
            items: [...now.items, ...page.filter((row) => !known.has(keyOf(row)))],
            done: page.length < pageSize,
            loadingMore: false,
          };
        }),
      (error: unknown) => {
        setList((now) => (now.status === 'ready' ? { ...now, loadingMore: false } : now));
        setMoreError(textOf.current(error));
      },
    );
  };

  return {
    list,
    /** for realtime changes of the loaded rows */
    setList,
    moreError,
    reload: () => void loadFirst(false),
    refresh: () => void loadFirst(true),
    loadMore,
  };
}
