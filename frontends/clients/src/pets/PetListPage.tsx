import { Badge, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useApiPages, useApiQuery, type Organization } from '@pawline/api-client';
import { apiErrorText, EmptyState, ErrorState, PagedDataTable, pagedQueryList, pagedQueryMoreError } from '@pawline/ui';
import { tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { LIST_PAGE_SIZE, nextAfterLast, petListQuery, type PetListItem } from '../api/crm-api';
import type { ClientsContext } from '../shared/clients-context';
import { pagedTableTexts } from '../shared/paged-rows';
import { sortAssigned, tagSymbol } from '../tags/tag-icons';
import { petTypeKey } from './pet-labels';

export const PET_LIST_PAGE_SIZE = LIST_PAGE_SIZE;

/** The owner as the pet list names them: first and last name (crm answers them with every pet of a list). */
export function ownerName(pet: Pick<PetListItem, 'owner'>): string {
  return pet.owner ? `${pet.owner.first_name} ${pet.owner.last_name}`.trim() : '';
}
const petTableFeatures = tableFeatures({});
type PetColumn = ColumnDef<typeof petTableFeatures, PetListItem>;

/**
 * Which list a pet page reads (R6.08, R1.11): a store route reads its store (the server answers
 * the organization's pets when they are shared); /{orgaId}/pet reads the shared list when
 * share_pets is on, else the chosen store's.
 */
export function petListStore(
  routeStoreId: string | null,
  orga: Pick<Organization, 'share_pets' | 'stores'> | null,
  chosenStoreId: string | null,
): string | null {
  if (routeStoreId) return routeStoreId;
  if (orga?.share_pets) return null;
  return chosenStoreId ?? orga?.stores[0]?.id ?? null;
}

/** /{orgaId}/pet and /{orgaId}/store/{storeId}/pet: pets by name, search, paging by last id. */
export function PetListPage({ ctx, orgaId, storeId }: { ctx: ClientsContext; orgaId: string; storeId: string | null }) {
  const { t, bridge } = ctx;
  // the organization's share_pets and stores decide the scope of /{orgaId}/pet; the frame's copy when it is this one
  const framed = bridge.orga && bridge.orga.id === orgaId ? bridge.orga : null;
  const orgaRead = useApiQuery('getOrga', { params: { orga: orgaId } }, { enabled: !storeId && !framed });
  const [chosenStore, setChosenStore] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const orgaValue: Organization | null = storeId ? null : (framed ?? orgaRead.data ?? null);
  const scope = petListStore(storeId, orgaValue, chosenStore);
  const ready = !!storeId || orgaValue !== null;
  const noStore = ready && !storeId && !orgaValue?.share_pets && scope === null;

  // R6.08 R1.11 a store's list, or without one the organization's shared list
  const enabled = ready && !noStore;
  const query = (lastId: string | null) => petListQuery({ q, last_id: lastId, limit: PET_LIST_PAGE_SIZE });
  const next = (page: { items: readonly PetListItem[] }) => nextAfterLast(page.items);
  const storePages = useApiPages(
    'listPets',
    { input: (lastId: string | null) => ({ params: { orga: orgaId, store: scope ?? '' }, query: query(lastId) }), next },
    { enabled: enabled && scope !== null },
  );
  const sharedPages = useApiPages(
    'listSharedPets',
    { input: (lastId: string | null) => ({ params: { orga: orgaId }, query: query(lastId) }), next },
    { enabled: enabled && scope === null },
  );
  const pages = scope !== null ? storePages : sharedPages;
  const list = useMemo(
    () => (enabled ? pagedQueryList(pages, (page) => page.items, bridge.language) : { status: 'loading' as const }),
    [enabled, pages, bridge.language],
  );

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
              <Badge key={tag.tag_id} colorPalette="brand">
                {`${tagSymbol(tag)} ${tag.name}`.trim()}
              </Badge>
            ))}
          </HStack>
        ),
      },
      {
        id: 'owner',
        header: t('clients.owner'),
        accessorFn: (row) => ownerName(row),
        // issue 29: the owner by name, a link to the customer
        cell: (info) => (
          <Link
            to={`/${orgaId}/store/${info.row.original.store_id}/customer/${info.row.original.customer_id}`}
            data-testid="pet-owner-link"
          >
            {ownerName(info.row.original) || t('clients.owner')}
          </Link>
        ),
      },
    ],
    [t, orgaId],
  );
  const data = useMemo(() => (list.status === 'ready' ? list.items : []), [list]);
  const table = useTable({ features: petTableFeatures, columns, data });

  return (
    <Stack gap="4" data-testid="pet-list-page">
      <Heading size="lg">{storeId ? t('clients.storePets') : t('clients.orgaPets')}</Heading>
      {orgaRead.isError && !orgaValue ? (
        <ErrorState
          title={t('clients.loadFailed')}
          message={apiErrorText(orgaRead.error, bridge.language)}
          retryLabel={t('common.retry')}
          onRetry={() => void orgaRead.refetch()}
        />
      ) : null}
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
      <Input
        type="search"
        name="pet-search"
        aria-label={t('clients.searchPets')}
        placeholder={t('clients.searchPets')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      {orgaRead.isError && !orgaValue ? null : noStore ? (
        <EmptyState title={t('clients.noPets')} />
      ) : (
        <PagedDataTable
          table={table}
          list={list}
          texts={pagedTableTexts(t)}
          empty={<EmptyState title={q ? t('clients.noPetsFound') : t('clients.noPets')} />}
          onRetry={() => void pages.refetch()}
          onLoadMore={() => void pages.fetchNextPage()}
          moreError={pagedQueryMoreError(pages, bridge.language)}
          testId="pet-table"
          rowTestId="pet-row"
        />
      )}
    </Stack>
  );
}
