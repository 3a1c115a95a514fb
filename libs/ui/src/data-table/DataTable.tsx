import { Box, Button, Table, Text } from '@chakra-ui/react';
import {
  FlexRender,
  tableFeatures,
  useTable,
  type ColumnDef,
  type Header,
  type ReactTable,
  type RowData,
  type TableFeatures,
} from '@tanstack/react-table';
import { column_getCanSort, column_getIsSorted, column_getToggleSortingHandler } from '@tanstack/react-table/static-functions';
import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from '../states/ViewStates';

/** A row's `data-testid`: one for every row, or one made from the row (e.g. `member-${username}`). */
export type RowTestId<TData> = string | ((row: TData) => string);

export type DataTableProps<TFeatures extends TableFeatures, TData extends RowData> = {
  table: ReactTable<TFeatures, TData>;
  testId: string;
  rowTestId?: RowTestId<TData>;
};

/**
 * A headless @tanstack/react-table drawn with Chakra's table parts. Columns of a table with the row
 * sorting feature sort from their header (a button, `aria-sort` on the header cell).
 */
export function DataTable<TFeatures extends TableFeatures, TData extends RowData>({
  table,
  testId,
  rowTestId,
}: DataTableProps<TFeatures, TData>) {
  // the sorting calls exist only where the table registered the feature: a plain table has no sort buttons
  const sortable = 'rowSortingFeature' in table.options.features;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" data-testid={testId} interactive>
        <Table.Header>
          {table.getHeaderGroups().map((group) => (
            <Table.Row key={group.id}>
              {group.headers.map((header) => (
                <HeaderCell key={header.id} header={header} sortable={sortable} />
              ))}
            </Table.Row>
          ))}
        </Table.Header>
        <Table.Body>
          {table.getRowModel().rows.map((row) => (
            <Table.Row key={row.id} data-testid={typeof rowTestId === 'function' ? rowTestId(row.original) : rowTestId}>
              {row.getAllCells().map((cell) => (
                <Table.Cell key={cell.id}>
                  <FlexRender cell={cell} />
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function HeaderCell<TFeatures extends TableFeatures, TData extends RowData>({
  header,
  sortable,
}: {
  header: Header<TFeatures, TData>;
  sortable: boolean;
}) {
  // a placeholder stands under a column group for a column without one: it has no header of its own
  if (header.isPlaceholder) return <Table.ColumnHeader />;
  const sorted = sortable ? column_getIsSorted(header.column) : false;
  return (
    <Table.ColumnHeader aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
      {sortable && column_getCanSort(header.column) ? (
        <Button size="xs" variant="ghost" onClick={column_getToggleSortingHandler(header.column)} data-testid={`sort-${header.column.id}`}>
          <FlexRender header={header} />
          {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
        </Button>
      ) : (
        <FlexRender header={header} />
      )}
    </Table.ColumnHeader>
  );
}

export const plainTableFeatures = tableFeatures({});
export type PlainColumn<TData extends RowData> = ColumnDef<typeof plainTableFeatures, TData>;

/** A table without sorting or paging straight from its columns and rows (lists read whole). */
export function PlainDataTable<TData extends RowData>({
  columns,
  data,
  testId,
  rowTestId,
}: {
  columns: PlainColumn<TData>[];
  data: TData[];
  testId: string;
  rowTestId?: RowTestId<TData>;
}) {
  const table = useTable({ features: plainTableFeatures, columns, data });
  return <DataTable table={table} testId={testId} rowTestId={rowTestId} />;
}

/** A list read page by page: `done` once the last page is there; `loadingMore` while the next one comes. */
export type PagedTableList<TData> =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; items: TData[]; done: boolean; loadingMore: boolean };

export type PagedDataTableTexts = { loading: string; loadFailed: string; retry: string; loadMore: string };

export type PagedDataTableProps<TFeatures extends TableFeatures, TData extends RowData> = DataTableProps<TFeatures, TData> & {
  /** The list the table's rows come from (the table's `data` is its items once ready). */
  list: PagedTableList<TData>;
  texts: PagedDataTableTexts;
  /** Shown when the list is read and has no rows. */
  empty: ReactNode;
  onRetry: () => void;
  onLoadMore: () => void;
  /** Why the last "load more" failed; shown under the rows with a retry of that page. */
  moreError?: string | null;
};

/** A paged list as a table: loading, failed (with retry) and empty states, the rows, and "load more" until the last page. */
export function PagedDataTable<TFeatures extends TableFeatures, TData extends RowData>({
  list,
  texts,
  empty,
  onRetry,
  onLoadMore,
  moreError = null,
  ...tableProps
}: PagedDataTableProps<TFeatures, TData>) {
  return (
    <>
      {list.status === 'loading' ? <LoadingState label={texts.loading} /> : null}
      {list.status === 'failed' ? (
        <ErrorState title={texts.loadFailed} message={list.message} retryLabel={texts.retry} onRetry={onRetry} />
      ) : null}
      {list.status === 'ready' && list.items.length === 0 ? empty : null}
      {list.status === 'ready' && list.items.length > 0 ? (
        <Box>
          <DataTable {...tableProps} />
          {!list.done ? (
            <Button mt="3" variant="outline" loading={list.loadingMore} onClick={onLoadMore} data-testid="load-more">
              {texts.loadMore}
            </Button>
          ) : null}
        </Box>
      ) : null}
      {moreError ? (
        <Text color="red.600" role="alert">
          {moreError}{' '}
          <Button size="xs" variant="ghost" onClick={onLoadMore}>
            {texts.retry}
          </Button>
        </Text>
      ) : null}
    </>
  );
}
