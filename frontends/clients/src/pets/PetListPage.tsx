import { Badge, Box, Button, Heading, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { isApiError, type Organization } from '@pawline/api-client';
import { EmptyState, ErrorState, LoadingState } from '@pawline/ui';
import { FlexRender, tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { PetListItem } from '../api/crm-api';
import { listActionOf, withoutRow, withRow } from '../realtime/crm-events';
import { errorText, type ClientsContext } from '../shared/clients-context';
import { useCrmEvents } from '../shared/useCrmEvents';
import { useLoad } from '../shared/useLoad';
import { sortAssigned, tagSymbol } from '../tags/tag-icons';
import { petTypeKey } from './pet-labels';

export const PET_LIST_PAGE_SIZE = 50;
const petTableFeatures = tableFeatures({});
type PetColumn = ColumnDef<typeof petTableFeatures, PetListItem>;

type ListState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; items: PetListItem[]; done: boolean; loadingMore: boolean };

/**
 * Which list a pet page reads (R6.08, R1.11): a store route reads its store (the server answers
 * the organization's pets when they are shared); /{orgaId}/pet reads the shared list when
 * share_pets is on, else the chosen store's.
 */
export function petListStore(routeStoreId: string | null, orga: Pick<Organization, 'share_pets' | 'stores'> | null, chosenStoreId: string | null): string | null {
  if (routeStoreId) return routeStoreId;
  if (orga?.share_pets) return null;
  return chosenStoreId ?? orga?.stores[0]?.id ?? null;
}

/** /{orgaId}/pet and /{orgaId}/store/{storeId}/pet: pets by name, search, paging by last id. */
export function PetListPage({ ctx, orgaId, storeId }: { ctx: ClientsContext; orgaId: string; storeId: string | null }) {
  const { crm, t, bridge } = ctx;
  const orgaLoader = useCallback(async () => (storeId ? null : bridge.orga && bridge.orga.id === orgaId ? bridge.orga : bridge.api.getOrganization(orgaId)), [bridge, orgaId, storeId]);
  const { load: orga, reload: reloadOrga } = useLoad<Organization | null>(orgaLoader);
  const [chosenStore, setChosenStore] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [list, setList] = useState<ListState>({ status: 'loading' });

  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const orgaValue = orga.status === 'ready' ? orga.value : null;
  const scope = petListStore(storeId, orgaValue, chosenStore);
  const ready = orga.status === 'ready';
  const noStore = ready && !storeId && !orgaValue?.share_pets && scope === null;

  const fetchPage = useCallback((lastId: string | null) => crm.listPets(orgaId, scope, { q, last_id: lastId, limit: PET_LIST_PAGE_SIZE }), [crm, orgaId, scope, q]);

  const loadFirst = useCallback(() => {
    let active = true;
    if (!ready || noStore) return undefined;
    setList({ status: 'loading' });
    fetchPage(null).then(
      (page) => active && setList({ status: 'ready', items: page.items, done: page.items.length < PET_LIST_PAGE_SIZE, loadingMore: false }),
      (error: unknown) => active && setList({ status: 'failed', message: errorText(error) }),
    );
    return () => {
      active = false;
    };
  }, [fetchPage, ready, noStore]);
  useEffect(() => loadFirst(), [loadFirst]);

  // R4.20: another device's changes reach the open list
  useCrmEvents(bridge, (event) => {
    if (list.status !== 'ready') return;
    const action = listActionOf(event, 'pet', list.items.map((item) => item.id));
    if (!action) return;
    if (action.type === 'remove') {
      setList((current) => (current.status === 'ready' ? { ...current, items: withoutRow(current.items, action.id) } : current));
    } else if (action.type === 'refetch-row') {
      const shown = list.items.find((item) => item.id === action.id);
      const rowStore = event.storeId ?? shown?.store_id ?? scope;
      if (!rowStore) return;
      crm.getPet(orgaId, rowStore, action.id).then(
        (detail) => setList((current) => (current.status === 'ready' ? { ...current, items: withRow(current.items, { ...detail.pet, tags: detail.tags }) } : current)),
        (error: unknown) => {
          if (isApiError(error) && error.status === 404) setList((current) => (current.status === 'ready' ? { ...current, items: withoutRow(current.items, action.id) } : current));
        },
      );
    } else {
      // a pet created elsewhere: the first page again, without the loading state
      fetchPage(null).then(
        (page) => setList((current) => (current.status === 'ready' ? { status: 'ready', items: page.items, done: page.items.length < PET_LIST_PAGE_SIZE, loadingMore: false } : current)),
        () => undefined,
      );
    }
  });

  const loadMore = () => {
    if (list.status !== 'ready' || list.done) return;
    const lastId = list.items[list.items.length - 1]?.id ?? null;
    setList({ ...list, loadingMore: true });
    fetchPage(lastId).then(
      (page) => setList({ status: 'ready', items: [...list.items, ...page.items], done: page.items.length < PET_LIST_PAGE_SIZE, loadingMore: false }),
      (error: unknown) => {
        setList({ ...list, loadingMore: false });
        bridge.notify(0, errorText(error));
      },
    );
  };

  const columns = useMemo<PetColumn[]>(
    () => [
      {
        id: 'name',
        accessorKey: 'name',
        header: t('clients.pet_name'),
        cell: (info) => (
          <Link to={`/${orgaId}/store/${info.row.original.store_id}/pet/${info.row.original.id}`} data-testid="pet-link">
            <Text as="span" color="brand.600" fontWeight="medium">
              {info.row.original.name}
            </Text>
          </Link>
        ),
      },
      { id: 'type', accessorFn: (row) => t(petTypeKey(row.pet_type)), header: t('clients.pet_type') },
      { id: 'breed', accessorFn: (row) => row.breed ?? '', header: t('clients.pet_breed') },
      {
        id: 'tags',
        header: t('clients.tags'),
        cell: (info) => (
          <HStack gap="1" wrap="wrap">
            {sortAssigned(info.row.original.tags).map((tag) => (
              <Badge key={tag.tag_id} colorPalette="brand">{`${tagSymbol(tag)} ${tag.name}`.trim()}</Badge>
            ))}
          </HStack>
        ),
      },
      {
        id: 'owner',
        header: t('clients.owner'),
        cell: (info) => <Link to={`/${orgaId}/store/${info.row.original.store_id}/customer/${info.row.original.customer_id}`}>{t('clients.openOwner')}</Link>,
      },
    ],
    [t, orgaId],
  );
  const data = useMemo(() => (list.status === 'ready' ? list.items : []), [list]);
  const table = useTable({ features: petTableFeatures, columns, data });

  return (
    <Stack gap="4" data-testid="pet-list-page">
      <Heading size="lg">{storeId ? t('clients.storePets') : t('clients.orgaPets')}</Heading>
      {orga.status === 'failed' ? <ErrorState title={t('clients.loadFailed')} message={orga.message} retryLabel={t('common.retry')} onRetry={reloadOrga} /> : null}
      {!storeId && orgaValue && !orgaValue.share_pets && orgaValue.stores.length > 0 ? (
        <HStack>
          <Text fontSize="sm">{t('clients.store')}</Text>
          <NativeSelect.Root size="sm" maxW="xs">
            <NativeSelect.Field aria-label={t('clients.store')} value={scope ?? ''} onChange={(e) => setChosenStore(e.currentTarget.value)}>
              {orgaValue.stores.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
      ) : null}
      <Input type="search" name="pet-search" aria-label={t('clients.searchPets')} placeholder={t('clients.searchPets')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
      {noStore ? <EmptyState title={t('clients.noPets')} /> : null}
      {!noStore && (orga.status === 'loading' || list.status === 'loading') ? <LoadingState label={t('common.loading')} /> : null}
      {list.status === 'failed' ? <ErrorState title={t('clients.loadFailed')} message={list.message} retryLabel={t('common.retry')} onRetry={loadFirst} /> : null}
      {!noStore && list.status === 'ready' && list.items.length === 0 ? <EmptyState title={q ? t('clients.noPetsFound') : t('clients.noPets')} /> : null}
      {list.status === 'ready' && list.items.length > 0 ? (
        <Box>
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" data-testid="pet-table" interactive>
              <Table.Header>
                {table.getHeaderGroups().map((group) => (
                  <Table.Row key={group.id}>
                    {group.headers.map((header) => (
                      <Table.ColumnHeader key={header.id}>
                        <FlexRender header={header} />
                      </Table.ColumnHeader>
                    ))}
                  </Table.Row>
                ))}
              </Table.Header>
              <Table.Body>
                {table.getRowModel().rows.map((row) => (
                  <Table.Row key={row.id} data-testid="pet-row">
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
            <Button mt="3" variant="outline" loading={list.loadingMore} onClick={loadMore}>
              {t('clients.loadMore')}
            </Button>
          ) : null}
        </Box>
      ) : null}
    </Stack>
  );
}
