import { Box, Button, Table } from '@chakra-ui/react';
import { ErrorState, LoadingState } from '@pawline/ui';
import { FlexRender, type Header, type ReactTable, type RowData, type TableFeatures } from '@tanstack/react-table';
import { column_getCanSort, column_getIsSorted, column_getToggleSortingHandler } from '@tanstack/react-table/static-functions';
import type { ReactNode } from 'react';
import type { Translate } from '../i18n/translator';
import type { PagedList } from './usePagedList';

type DataTableProps<TFeatures extends TableFeatures, TData extends RowData> = {
  table: ReactTable<TFeatures, TData>;
  list: PagedList<TData>;
  t: Translate;
  /** Shown when the list is read and has no rows. */
  empty: ReactNode;
  onRetry: () => void;
  onLoadMore: () => void;
  testId: string;
  rowTestId: string;
};

/**
 * A paged list as a table: loading, failed (with retry) and empty states, the rows, and "load more"
 * until the last page. Columns of a table with the row sorting feature sort from their header.
 */
export function DataTable<TFeatures extends TableFeatures, TData extends RowData>({ table, list, t, empty, onRetry, onLoadMore, testId, rowTestId }: DataTableProps<TFeatures, TData>) {
  // the sorting calls exist only where the table registered the feature: a plain table has no sort buttons
  const sortable = 'rowSortingFeature' in table.options.features;
  return (
    <>
      {list.status === 'loading' ? <LoadingState label={t('common.loading')} /> : null}
      {list.status === 'failed' ? <ErrorState title={t('clients.loadFailed')} message={list.message} retryLabel={t('common.retry')} onRetry={onRetry} /> : null}
      {list.status === 'ready' && list.items.length === 0 ? empty : null}
      {list.status === 'ready' && list.items.length > 0 ? (
        <Box>
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
                  <Table.Row key={row.id} data-testid={rowTestId}>
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
          {!list.done ? (
            <Button mt="3" variant="outline" loading={list.loadingMore} onClick={onLoadMore} data-testid="load-more">
              {t('clients.loadMore')}
            </Button>
          ) : null}
        </Box>
      ) : null}
    </>
  );
}

function HeaderCell<TFeatures extends TableFeatures, TData extends RowData>({ header, sortable }: { header: Header<TFeatures, TData>; sortable: boolean }) {
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
