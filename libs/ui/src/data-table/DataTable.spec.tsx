/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { rowSortingFeature, tableFeatures, useTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { useState } from 'react';
import { pawlineSystem } from '../theme/pawline-system';
import { PagedDataTable, PlainDataTable, type PagedDataTableTexts, type PagedTableList, type PlainColumn } from './DataTable';

type Pet = { id: string; name: string; kind: string };

const texts: PagedDataTableTexts = { loading: 'Loading pets', loadFailed: 'No pets today', retry: 'Again', loadMore: 'More pets' };
const pets: Pet[] = [
  { id: '1', name: 'Bello', kind: 'dog' },
  { id: '2', name: 'Mia', kind: 'cat' },
];

const sortingFeatures = tableFeatures({ rowSortingFeature });
const sortingColumns: ColumnDef<typeof sortingFeatures, Pet>[] = [
  { id: 'name', accessorFn: (pet) => pet.name, header: 'Name' },
  { id: 'kind', accessorFn: (pet) => pet.kind, header: 'Kind', enableSorting: false },
];

function SortedPets({
  list,
  onRetry = jest.fn(),
  onLoadMore = jest.fn(),
  moreError = null,
}: {
  list: PagedTableList<Pet>;
  onRetry?: () => void;
  onLoadMore?: () => void;
  moreError?: string | null;
}) {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }]);
  const table = useTable({
    features: sortingFeatures,
    columns: sortingColumns,
    data: list.status === 'ready' ? list.items : [],
    state: { sorting },
    onSortingChange: setSorting,
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
  });
  return (
    <PagedDataTable
      table={table}
      list={list}
      texts={texts}
      empty={<p data-testid="no-pets">none</p>}
      onRetry={onRetry}
      onLoadMore={onLoadMore}
      moreError={moreError}
      testId="pet-table"
      rowTestId="pet-row"
    />
  );
}

const wrap = (ui: React.ReactElement) => render(<ChakraProvider value={pawlineSystem}>{ui}</ChakraProvider>);

describe('PagedDataTable', () => {
  it('shows the loading state with its text and no table', () => {
    wrap(<SortedPets list={{ status: 'loading' }} />);
    expect(screen.getByTestId('loading-state').textContent).toContain('Loading pets');
    expect(screen.queryByTestId('pet-table')).toBeNull();
  });

  it('shows a failed list with its message and retries', () => {
    const onRetry = jest.fn();
    wrap(<SortedPets list={{ status: 'failed', message: 'offline' }} onRetry={onRetry} />);
    const failed = screen.getByTestId('error-state');
    expect(failed.textContent).toContain('No pets today');
    expect(failed.textContent).toContain('offline');
    fireEvent.click(within(failed).getByText('Again'));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows the empty content for a read list without rows', () => {
    wrap(<SortedPets list={{ status: 'ready', items: [], done: true, loadingMore: false }} />);
    expect(screen.getByTestId('no-pets')).toBeTruthy();
    expect(screen.queryByTestId('pet-table')).toBeNull();
  });

  it('draws the rows, marks the sorted column and sorts from the header', () => {
    wrap(<SortedPets list={{ status: 'ready', items: pets, done: true, loadingMore: false }} />);
    expect(screen.getAllByTestId('pet-row').map((row) => row.textContent)).toEqual(['Bellodog', 'Miacat']);
    const nameHeader = screen.getByTestId('sort-name').closest('th');
    expect(nameHeader?.getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByTestId('sort-name').textContent).toBe('Name ▲');
    // a column that cannot sort has a plain header
    expect(screen.queryByTestId('sort-kind')).toBeNull();
    fireEvent.click(screen.getByTestId('sort-name'));
    expect(screen.getByTestId('sort-name').closest('th')?.getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByTestId('sort-name').textContent).toBe('Name ▼');
    // the last page is there: nothing more to load
    expect(screen.queryByTestId('load-more')).toBeNull();
  });

  it('offers "load more" until the last page', () => {
    const onLoadMore = jest.fn();
    wrap(<SortedPets list={{ status: 'ready', items: pets, done: false, loadingMore: false }} onLoadMore={onLoadMore} />);
    fireEvent.click(screen.getByTestId('load-more'));
    expect(screen.getByTestId('load-more').textContent).toBe('More pets');
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('keeps the rows when a later page fails, says why and retries that page', () => {
    const onLoadMore = jest.fn();
    wrap(
      <SortedPets
        list={{ status: 'ready', items: pets, done: false, loadingMore: false }}
        onLoadMore={onLoadMore}
        moreError="Server down"
      />,
    );
    expect(screen.getAllByTestId('pet-row')).toHaveLength(pets.length);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Server down');
    fireEvent.click(within(alert).getByRole('button'));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });
});

describe('PlainDataTable', () => {
  const columns: PlainColumn<Pet>[] = [
    { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
    { id: 'kind', header: 'Kind', cell: ({ row }) => row.original.kind },
  ];

  it('draws every row with a test id made from the row and no sort buttons', () => {
    wrap(<PlainDataTable columns={columns} data={pets} testId="plain-pets" rowTestId={(pet) => `pet-${pet.name}`} />);
    const table = screen.getByTestId('plain-pets');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => [th.textContent, th.getAttribute('aria-sort')]),
    ).toEqual([
      ['Name', null],
      ['Kind', null],
    ]);
    expect(screen.getByTestId('pet-Mia').textContent).toBe('Miacat');
    expect(within(table).queryAllByRole('button')).toEqual([]);
  });
});
