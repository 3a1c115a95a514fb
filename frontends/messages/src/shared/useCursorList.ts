import { useCursorPages } from '@pawline/ui';
import { useCallback, useState } from 'react';
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
  /** a row's identity: one a later page brings again is kept once */
  keyOf: (row: T) => string;
  pageSize: number;
  /** how a page's extra (attachments …) joins the ones before */
  mergeExtra: (before: X, page: X) => X;
  emptyExtra: X;
}) {
  const { fetchPage, cursorOf, keyOf, pageSize, mergeExtra, emptyExtra } = options;
  const [extra, setExtra] = useState<X>(emptyExtra);
  // the extra of the first page replaces the one before, a later page's joins it
  const pageOf = useCallback(
    (cursor: Cursor | null) =>
      fetchPage(cursor ?? FIRST_PAGE).then((page) => {
        setExtra((before) => (cursor === null ? page.extra : mergeExtra(before, page.extra)));
        return page.items;
      }),
    // mergeExtra is a rule of the caller's list, not a reason to read it again
    [fetchPage],
  );
  const pages = useCursorPages<T, Cursor>({ fetchPage: pageOf, cursorOf, pageSize, errorText, keyOf });
  return { list: pages.list, extra, moreError: pages.moreError, reload: pages.reload, refresh: pages.refresh, loadMore: pages.loadMore };
}
