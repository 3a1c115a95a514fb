import { Badge, Box, Button, Heading, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import type { CustomerSort, Tag } from '@pawline/contracts';
import { EmptyState, ErrorState, LoadingState } from '@pawline/ui';
import { FlexRender, rowSortingFeature, tableFeatures, useTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { CustomerListItem } from '../api/crm-api';
import { listActionOf, withoutRow, withRow } from '../realtime/crm-events';
import { errorText, type ClientsContext } from '../shared/clients-context';
import { useCrmEvents } from '../shared/useCrmEvents';
import { useLoad } from '../shared/useLoad';
import { isApiError } from '@pawline/api-client';
import { TagManager } from '../tags/TagManager';
import { sortAssigned, tagSymbol } from '../tags/tag-icons';

export const CUSTOMER_LIST_PAGE_SIZE = 50;
const SEARCH_DELAY_MS = 300;

const customerTableFeatures = tableFeatures({ rowSortingFeature });
type CustomerColumn = ColumnDef<typeof customerTableFeatures, CustomerListItem>;

/** The table's sorting (one column) as the server's sort parameter. */
export function sortParam(sorting: SortingState): CustomerSort {
  const first = sorting[0];
  if (!first) return 'name';
  if (first.id === 'created') return first.desc ? 'created_desc' : 'created';
  return first.desc ? 'name_desc' : 'name';
}

type ListState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; items: CustomerListItem[]; done: boolean; loadingMore: boolean };

/**
 * /{orgaId}/store/{storeId}/customers: server search (name, phone, e-mail, pet name), sort,
 * tag filter and paging by last id (R4.22: done when a page is shorter than the page size).
 */
export function CustomerListPage({ ctx, orgaId, storeId }: { ctx: ClientsContext; orgaId: string; storeId: string }) {
  const { crm, t, bridge } = ctx;
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }]);
  const [tagFilter, setTagFilter] = useState<string[]>([]);
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [showTags, setShowTags] = useState(false);
  const tagLoader = useCallback(() => crm.listTags(orgaId, 'customer'), [crm, orgaId]);
  const { load: tags, reload: reloadTags } = useLoad<Tag[]>(tagLoader);
  const sort = sortParam(sorting);

  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const fetchPage = useCallback(
    (lastId: string | null) => crm.listCustomers(orgaId, storeId, { q, sort, tag_ids: tagFilter, last_id: lastId, limit: CUSTOMER_LIST_PAGE_SIZE }),
    [crm, orgaId, storeId, q, sort, tagFilter],
  );

  const loadFirst = useCallback(() => {
    let active = true;
    setList({ status: 'loading' });
    fetchPage(null).then(
      (page) => active && setList({ status: 'ready', items: page.items, done: page.items.length < CUSTOMER_LIST_PAGE_SIZE, loadingMore: false }),
      (error: unknown) => active && setList({ status: 'failed', message: errorText(error) }),
    );
    return () => {
      active = false;
    };
  }, [fetchPage]);
  useEffect(() => loadFirst(), [loadFirst]);

  // R4.20: another device's changes reach the open list
  useCrmEvents(bridge, (event) => {
    if (event.entity === 'tag') {
      reloadTags();
      return;
    }
    if (list.status !== 'ready') return;
    const action = listActionOf(event, 'customer', list.items.map((item) => item.id));
    if (!action) return;
    if (action.type === 'remove') {
      setList((current) => (current.status === 'ready' ? { ...current, items: withoutRow(current.items, action.id) } : current));
    } else if (action.type === 'refetch-row') {
      crm.getCustomer(orgaId, storeId, action.id).then(
        (detail) => setList((current) => (current.status === 'ready' ? { ...current, items: withRow(current.items, { ...detail.customer, tags: detail.tags }) } : current)),
        (error: unknown) => {
          if (isApiError(error) && error.status === 404) setList((current) => (current.status === 'ready' ? { ...current, items: withoutRow(current.items, action.id) } : current));
        },
      );
    } else {
      // a customer created elsewhere: the first page again, without the loading state
      fetchPage(null).then(
        (page) => setList((current) => (current.status === 'ready' ? { status: 'ready', items: page.items, done: page.items.length < CUSTOMER_LIST_PAGE_SIZE, loadingMore: false } : current)),
        () => undefined,
      );
    }
  });

  const loadMore = () => {
    if (list.status !== 'ready' || list.done || list.items.length === 0) return;
    const lastId = list.items[list.items.length - 1]?.id ?? null;
    setList({ ...list, loadingMore: true });
    fetchPage(lastId).then(
      (page) => setList({ status: 'ready', items: [...list.items, ...page.items], done: page.items.length < CUSTOMER_LIST_PAGE_SIZE, loadingMore: false }),
      (error: unknown) => {
        setList({ ...list, loadingMore: false });
        bridge.notify(0, errorText(error));
      },
    );
  };

  const base = `/${orgaId}/store/${storeId}`;
  const columns = useMemo<CustomerColumn[]>(
    () => [
      {
        id: 'name',
        accessorFn: (row) => `${row.last_name} ${row.first_name}`.trim(),
        header: t('clients.name'),
        cell: (info) => (
          <Link to={`${base}/customer/${info.row.original.id}`} data-testid="customer-link">
            <Text as="span" color="brand.600" fontWeight="medium">
              {`${info.row.original.first_name} ${info.row.original.last_name}`.trim()}
            </Text>
          </Link>
        ),
      },
      { id: 'fon', accessorFn: (row) => row.fon ?? '', header: t('clients.fon'), enableSorting: false },
      { id: 'email', accessorFn: (row) => row.email ?? '', header: t('clients.email'), enableSorting: false },
      { id: 'pets', accessorFn: (row) => row.pet_names.join(', '), header: t('clients.pets'), enableSorting: false },
      {
        id: 'tags',
        header: t('clients.tags'),
        enableSorting: false,
        cell: (info) => (
          <HStack gap="1" wrap="wrap">
            {sortAssigned(info.row.original.tags).map((tag) => (
              <Badge key={tag.tag_id} colorPalette="brand">{`${tagSymbol(tag)} ${tag.name}`.trim()}</Badge>
            ))}
          </HStack>
        ),
      },
      { id: 'created', accessorFn: (row) => row.created_at, header: t('clients.created'), cell: (info) => new Date(info.row.original.created_at).toLocaleDateString(bridge.language) },
    ],
    [t, base, bridge.language],
  );

  const data = useMemo(() => (list.status === 'ready' ? list.items : []), [list]);
  const table = useTable({
    features: customerTableFeatures,
    columns,
    data,
    state: { sorting },
    onSortingChange: setSorting,
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
  });

  const toggleTag = (id: string) => setTagFilter((current) => (current.includes(id) ? current.filter((other) => other !== id) : [...current, id]));

  return (
    <Stack gap="4" data-testid="customer-list-page">
      <HStack justify="space-between" wrap="wrap">
        <Heading size="lg">{t('clients.customers')}</Heading>
        <HStack>
          <Button variant="outline" onClick={() => setShowTags(!showTags)} data-testid="manage-tags">
            {t('clients.manageTags')}
          </Button>
          <Button asChild colorPalette="brand">
            <Link to={`${base}/customer/new`} data-testid="new-customer">
              {t('clients.newCustomer')}
            </Link>
          </Button>
        </HStack>
      </HStack>
      {showTags ? (
        <Stack gap="4">
          <TagManager ctx={ctx} orgaId={orgaId} kind="customer" onChanged={reloadTags} />
          <TagManager ctx={ctx} orgaId={orgaId} kind="pet" />
        </Stack>
      ) : null}
      <Input
        type="search"
        name="customer-search"
        aria-label={t('clients.searchCustomers')}
        placeholder={t('clients.searchCustomers')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      {tags.status === 'ready' && tags.value.length > 0 ? (
        <HStack gap="2" wrap="wrap" data-testid="tag-filter" aria-label={t('clients.filterByTag')}>
          <Text fontSize="sm">{t('clients.filterByTag')}</Text>
          {tags.value.map((tag) => (
            <Button key={tag.id} size="xs" variant={tagFilter.includes(tag.id) ? 'solid' : 'outline'} aria-pressed={tagFilter.includes(tag.id)} onClick={() => toggleTag(tag.id)}>
              {`${tagSymbol(tag)} ${tag.name}`.trim()}
            </Button>
          ))}
        </HStack>
      ) : null}
      {list.status === 'loading' ? <LoadingState label={t('common.loading')} /> : null}
      {list.status === 'failed' ? <ErrorState title={t('clients.loadFailed')} message={list.message} retryLabel={t('common.retry')} onRetry={loadFirst} /> : null}
      {list.status === 'ready' && list.items.length === 0 ? (
        <EmptyState title={q || tagFilter.length > 0 ? t('clients.noCustomersFound') : t('clients.noCustomers')} description={q || tagFilter.length > 0 ? undefined : t('clients.noCustomersHint')} />
      ) : null}
      {list.status === 'ready' && list.items.length > 0 ? (
        <Box>
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" data-testid="customer-table" interactive>
              <Table.Header>
                {table.getHeaderGroups().map((group) => (
                  <Table.Row key={group.id}>
                    {group.headers.map((header) => {
                      const sorted = header.column.getIsSorted();
                      return (
                        <Table.ColumnHeader key={header.id} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                          {header.column.getCanSort() ? (
                            <Button size="xs" variant="ghost" onClick={header.column.getToggleSortingHandler()} data-testid={`sort-${header.column.id}`}>
                              <FlexRender header={header} />
                              {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                            </Button>
                          ) : (
                            <FlexRender header={header} />
                          )}
                        </Table.ColumnHeader>
                      );
                    })}
                  </Table.Row>
                ))}
              </Table.Header>
              <Table.Body>
                {table.getRowModel().rows.map((row) => (
                  <Table.Row key={row.id} data-testid="customer-row">
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
            <Button mt="3" variant="outline" loading={list.loadingMore} onClick={loadMore} data-testid="load-more">
              {t('clients.loadMore')}
            </Button>
          ) : null}
        </Box>
      ) : null}
    </Stack>
  );
}
