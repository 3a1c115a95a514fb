import { Badge, Button, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useApiPages, useApiQuery } from '@pawline/api-client';
import type { CustomerSort } from '@pawline/contracts';
import { hasStoreAccess } from '@pawline/domain';
import { EmptyState, PagedDataTable, pagedQueryList, pagedQueryMoreError } from '@pawline/ui';
import { rowSortingFeature, tableFeatures, useTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { customerListQuery, LIST_PAGE_SIZE, nextAfterLast, type CustomerListItem } from '../api/crm-api';
import type { ClientsContext } from '../shared/clients-context';
import { pagedTableTexts } from '../shared/paged-rows';
import { TagManager } from '../tags/TagManager';
import { sortAssigned, tagSymbol } from '../tags/tag-icons';

export const CUSTOMER_LIST_PAGE_SIZE = LIST_PAGE_SIZE;
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

/**
 * /{orgaId}/store/{storeId}/customers: server search (name, phone, e-mail, pet name), sort,
 * tag filter and paging by last id (R4.22: done when a page is shorter than the page size).
 */
export function CustomerListPage({ ctx, orgaId, storeId }: { ctx: ClientsContext; orgaId: string; storeId: string }) {
  const { t, bridge } = ctx;
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }]);
  const [tagFilter, setTagFilter] = useState<string[]>([]);
  const [showTags, setShowTags] = useState(false);
  // the filter's tags; realtime keeps them and the list current (R4.20)
  const tags = useApiQuery('listTags', { params: { orga: orgaId }, query: { kind: 'customer' } });
  const sort = sortParam(sorting);

  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const pages = useApiPages('listCustomers', {
    input: (lastId: string | null) => ({
      params: { orga: orgaId, store: storeId },
      query: customerListQuery({ q, sort, tag_ids: tagFilter, last_id: lastId, limit: CUSTOMER_LIST_PAGE_SIZE }),
    }),
    next: (page) => nextAfterLast(page.items),
  });
  const list = useMemo(() => pagedQueryList(pages, (page) => page.items, bridge.language), [pages, bridge.language]);

  const base = `/${orgaId}/store/${storeId}`;
  // spec §6: the customer page needs pet write access (the shell's guard sends others home), so no button to it
  const mayWrite = !bridge.orga || hasStoreAccess(bridge.orga, bridge.user.id, storeId, 'pet_write');
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
              <Badge key={tag.tag_id} colorPalette="brand">
                {`${tagSymbol(tag)} ${tag.name}`.trim()}
              </Badge>
            ))}
          </HStack>
        ),
      },
      {
        id: 'created',
        accessorFn: (row) => row.created_at,
        header: t('clients.created'),
        cell: (info) => new Date(info.row.original.created_at).toLocaleDateString(bridge.language),
      },
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

  const toggleTag = (id: string) =>
    setTagFilter((current) => (current.includes(id) ? current.filter((other) => other !== id) : [...current, id]));

  return (
    <Stack gap="4" data-testid="customer-list-page">
      <HStack justify="space-between" wrap="wrap">
        <Heading size="lg">{t('clients.customers')}</Heading>
        <HStack>
          <Button variant="outline" onClick={() => setShowTags(!showTags)} data-testid="manage-tags">
            {t('clients.manageTags')}
          </Button>
          {mayWrite ? (
            <Button asChild colorPalette="brand">
              <Link to={`${base}/customer/new`} data-testid="new-customer">
                {t('clients.newCustomer')}
              </Link>
            </Button>
          ) : null}
        </HStack>
      </HStack>
      {showTags ? (
        <Stack gap="4">
          <TagManager ctx={ctx} orgaId={orgaId} kind="customer" />
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
      {tags.data && tags.data.length > 0 ? (
        <HStack gap="2" wrap="wrap" data-testid="tag-filter" aria-label={t('clients.filterByTag')}>
          <Text fontSize="sm">{t('clients.filterByTag')}</Text>
          {tags.data.map((tag) => (
            <Button
              key={tag.id}
              size="xs"
              variant={tagFilter.includes(tag.id) ? 'solid' : 'outline'}
              aria-pressed={tagFilter.includes(tag.id)}
              onClick={() => toggleTag(tag.id)}
            >
              {`${tagSymbol(tag)} ${tag.name}`.trim()}
            </Button>
          ))}
        </HStack>
      ) : null}
      <PagedDataTable
        table={table}
        list={list}
        texts={pagedTableTexts(t)}
        empty={
          <EmptyState
            title={q || tagFilter.length > 0 ? t('clients.noCustomersFound') : t('clients.noCustomers')}
            description={q || tagFilter.length > 0 ? undefined : t('clients.noCustomersHint')}
          />
        }
        onRetry={() => void pages.refetch()}
        onLoadMore={() => void pages.fetchNextPage()}
        moreError={pagedQueryMoreError(pages, bridge.language)}
        testId="customer-table"
        rowTestId="customer-row"
      />
    </Stack>
  );
}
