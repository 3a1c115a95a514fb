import { Button, Stack } from '@chakra-ui/react';
import type { ShellBridge, Store } from '@pawline/api-client';
import { isOrgaAdmin, orgaMemberOf, readableStores } from '@pawline/domain';
import { EmptyState, ErrorState, LoadingState, PlainDataTable, type PlainColumn } from '@pawline/ui';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { settingsTranslator } from '../i18n/translator';
import { countryName } from '../shared/options';
import { useOrganization } from '../shared/useOrganization';
import { StoreDialog } from './StoreDialog';
import { ListPageHeader } from '../shared/ListPageHeader';

/**
 * /{orgaId}/store: the organization's stores (spec §2 'Organization overview', for every member). A member
 * sees the stores they may read (R6.04, min_rank_read_store); organization administrators see every store
 * and alone create and edit them (the server refuses others too).
 */
export function StoresPage({ bridge }: { bridge: ShellBridge }) {
  const t = useMemo(() => settingsTranslator(bridge.language), [bridge.language]);
  const orgaId = useParams()['orgaId'] ?? '';
  const { load, reload } = useOrganization(bridge, orgaId);
  const [editing, setEditing] = useState<{ store: Store | null } | null>(null);
  const orga = load.status === 'ready' ? load.orga : null;
  const member = orgaMemberOf(orga, bridge.user.id);
  const admin = member !== null && isOrgaAdmin(member);
  const stores = orga ? (admin ? orga.stores : readableStores(orga, bridge.user.id)) : [];

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
      {load.status === 'loading' ? <LoadingState label={t('common.loading')} /> : null}
      {load.status === 'failed' ? (
        <ErrorState title={t('settings.loadFailed')} message={load.message} retryLabel={t('common.retry')} onRetry={reload} />
      ) : null}
      {load.status === 'ready' && stores.length === 0 ? (
        <EmptyState
          title={admin || load.orga.stores.length === 0 ? t('settings.storesEmpty') : t('settings.storesNoneReadable')}
          description={admin || load.orga.stores.length === 0 ? undefined : t('settings.storesNoneReadableHint')}
        />
      ) : null}
      {load.status === 'ready' && stores.length > 0 ? (
        <PlainDataTable columns={columns} data={stores} testId="stores-table" rowTestId={(s) => `store-${s.name}`} />
      ) : null}
      {editing && admin && load.status === 'ready' ? (
        <StoreDialog
          bridge={bridge}
          t={t}
          orgaId={orgaId}
          orgaCountry={load.orga.country}
          store={editing.store}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            bridge.notify(2, t('settings.changesSaved'));
            reload();
            // the frame's store switcher follows (R2.07)
            void bridge.reloadOrganization?.().catch(() => undefined);
          }}
        />
      ) : null}
    </Stack>
  );
}
