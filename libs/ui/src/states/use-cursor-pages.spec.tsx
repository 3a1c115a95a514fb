/** @jest-environment jsdom */
import { act, renderHook, waitFor } from '@testing-library/react';
import { useCursorPages } from './use-cursor-pages';

type Row = { id: string; time: number };
const rows = (from: number, count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: `r${from + i}`, time: 1000 - from - i }));

function pages(answers: (Row[] | Error)[]) {
  const cursors: (string | null)[] = [];
  const fetchPage = async (cursor: string | null) => {
    cursors.push(cursor);
    const answer = answers.shift();
    if (answer === undefined || answer instanceof Error) throw answer ?? new Error('no more pages');
    return answer;
  };
  return { cursors, fetchPage };
}

const options = (fetchPage: (cursor: string | null) => Promise<Row[]>) => ({
  fetchPage,
  cursorOf: (last: Row) => `${last.time}/${last.id}`,
  pageSize: 3,
  errorText: (error: unknown) => (error instanceof Error ? error.message : 'failed'),
  keyOf: (row: Row) => row.id,
});

describe('useCursorPages', () => {
  it('R4.22 reads pages after the last row until a page is short, keeping a row a later page repeats once', async () => {
    const { cursors, fetchPage } = pages([rows(0, 3), [...rows(2, 1), ...rows(3, 2)]]);
    const { result } = renderHook(() => useCursorPages(options(fetchPage)));
    await waitFor(() => expect(result.current.list).toMatchObject({ status: 'ready', done: false }));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.list).toMatchObject({ status: 'ready', done: false, loadingMore: false }));
    const list = result.current.list;
    expect(list.status === 'ready' ? list.items.map((r) => r.id) : []).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
    expect(cursors).toEqual([null, '998/r2']);
  });

  it('keeps the rows when a later page fails and says why; the first page failing is the list failing', async () => {
    const later = pages([rows(0, 3), new Error('Server down')]);
    const { result } = renderHook(() => useCursorPages(options(later.fetchPage)));
    await waitFor(() => expect(result.current.list.status).toBe('ready'));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.moreError).toBe('Server down'));
    expect(result.current.list).toMatchObject({ status: 'ready', loadingMore: false });

    const first = pages([new Error('Offline')]);
    const failed = renderHook(() => useCursorPages(options(first.fetchPage)));
    await waitFor(() => expect(failed.result.current.list).toEqual({ status: 'failed', message: 'Offline' }));
  });

  it('reads the first page again without a loading state on refresh', async () => {
    const { fetchPage } = pages([rows(0, 2), rows(5, 1)]);
    const { result } = renderHook(() => useCursorPages(options(fetchPage)));
    await waitFor(() => expect(result.current.list).toMatchObject({ status: 'ready', done: true }));
    act(() => result.current.refresh());
    expect(result.current.list.status).toBe('ready');
    await waitFor(() => expect(result.current.list).toMatchObject({ items: [{ id: 'r5' }] }));
  });
});
