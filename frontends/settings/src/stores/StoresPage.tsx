import { Button, Stack } from '@chakra-ui/react';
import { useApiQuery, type ShellBridge, type Store } from '@pawline/api-client';
import { isOrgaAdmin, orgaMemberOf, readableStores } from '@pawline/domain';
import { EmptyState, PlainDataTable, QueryState, type PlainColumn } from '@pawline/ui';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { settingsTranslator } from '../i18n/translator';
import { ListPageHeader } from '../shared/ListPageHeader';
import { countryName } from '../shared/options';
import { StoreDialog } from './StoreDialog';

/**
 * /{orgaId}/store: the organization's stores (spec §2 'Organization overview', for every member). A member
 * sees the stores they may read (R6.04, min_rank_read_store); organization administrators see every store
 * and alone create and edit them (the server refuses others too).
 */
export function StoresPage({ bridge }: { bridge: ShellBridge }) {
  const t = useMemo(() => settingsTranslator(bridge.language), [bridge.language]);
  const orgaId = useParams()['orgaId'] ?? '';
  // the shell's own organization query: a store saved here shows in the frame's switcher too (R2.07)
  const orga = useApiQuery('getOrga', { params: { orga: orgaId } });
  const [editing, setEditing] = useState<{ store: Store | null } | null>(null);
  const member = orgaMemberOf(orga.data, bridge.user.id);
  const admin = member !== null && isOrgaAdmin(member);

  const columns = useMemo<PlainColumn<Store>[]>(
    () => [
      {
        id: 'name',
        header: t('settings.storeName'),
        cell: ({ row }) => <Link to={`/${orgaId}/store/${row.original.id}`}>{row.original.name}</Link>,
      },
      {
        id: 'address',
        header: t('settings.address'),
        cell: ({ row }) =>
          row.original.address_from_orga
            ? t('settings.addressFromOrgaShort')
            : [row.original.address, row.original.zip_code, row.original.city].filter(Boolean).join(', '),
      },
      { id: 'country', header: t('settings.country'), cell: ({ row }) => countryName(row.original.country, t) },
      { id: 'phone', header: t('settings.phone'), cell: ({ row }) => row.original.phone ?? '' },
      { id: 'zone', header: t('settings.timeZone'), cell: ({ row }) => row.original.time_zone ?? '' },
      ...(admin
        ? [
            {
              id: 'actions',
              header: '',
              cell: ({ row }: { row: { original: Store } }) => (
                <Button
                  size="xs"
                  variant="outline"
                  data-testid="edit-store"
                  aria-label={t('settings.editStoreNamed', { name: row.original.name })}
                  onClick={() => setEditing({ store: row.original })}
                >
                  {t('common.edit')}
                </Button>
              ),
            },
          ]
        : []),
    ],
    [t, orgaId, admin],
  );

  return (
    <Stack gap="5" data-testid="stores-page">
      <ListPageHeader
        title={t('settings.storesTitle')}
        action={admin ? { label: t('settings.newStore'), testId: 'new-store', onClick: () => setEditing({ store: null }) } : null}
      />
      <QueryState query={orga} language={bridge.language} errorTitle={t('settings.loadFailed')}>
        {(current) => {
          const stores = admin ? current.stores : readableStores(current, bridge.user.id);
          if (stores.length > 0)
            return <PlainDataTable columns={columns} data={stores} testId="stores-table" rowTestId={(s) => `store-${s.name}`} />;
          const none = admin || current.stores.length === 0;
          return (
            <EmptyState
              title={none ? t('settings.storesEmpty') : t('settings.storesNoneReadable')}
              description={none ? undefined : t('settings.storesNoneReadableHint')}
            />
          );
        }}
      </QueryState>
      {editing && admin && orga.data ? (
        <StoreDialog
          t={t}
          orgaId={orgaId}
          orgaCountry={orga.data.country}
          store={editing.store}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
