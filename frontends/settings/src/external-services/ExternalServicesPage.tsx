import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { ShellBridge } from '@pawline/api-client';
import { ConfirmDialog, EmptyState, ErrorState, LoadingState, PlainDataTable, useLoad, type PlainColumn } from '@pawline/ui';
import { useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { settingsTranslator } from '../i18n/translator';
import { errorText } from '../shared/options';
import { ExternalServiceDialog } from './ExternalServiceDialog';
import { sortExternalServices } from './external-service-form';
import { createExternalServicesApi, type ExternalService } from './external-services-api';
import { ListPageHeader } from '../shared/ListPageHeader';

type Editing = { service: ExternalService | null } | null;

/**
 * /{orgaId}/settings/external-services: the organization's external services (R1.10), extra customer
 * fields with a unique service id (R5.14); organization administrators only. Deleting one also removes
 * every customer's entity id in it (the server does).
 */
export function ExternalServicesPage({ bridge }: { bridge: ShellBridge }) {
  const t = useMemo(() => settingsTranslator(bridge.language), [bridge.language]);
  const orgaId = useParams()['orgaId'] ?? '';
  const services = useMemo(() => createExternalServicesApi(bridge, orgaId), [bridge, orgaId]);
  const loader = useCallback(
    () => services.list().then((list) => sortExternalServices(list, bridge.language)),
    [services, bridge.language],
  );
  const { load, reload } = useLoad(loader, errorText);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ExternalService | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = (service: ExternalService) => {
    setBusy(true);
    services
      .remove(service.id)
      .then(() => {
        bridge.notify(2, t('settings.externalServiceDeleted', { name: service.name }));
        setDeleting(null);
        reload();
      })
      .catch((error: unknown) => bridge.notify(0, errorText(error)))
      .finally(() => setBusy(false));
  };

  const columns = useMemo<PlainColumn<ExternalService>[]>(
    () => [
      { id: 'name', header: t('settings.externalServiceName'), cell: ({ row }) => row.original.name },
      {
        id: 'service_id',
        header: t('settings.externalServiceId'),
        cell: ({ row }) => <Text fontFamily="mono">{row.original.service_id}</Text>,
      },
      {
        id: 'actions',
        header: '',
        cell: ({ row }) => (
          <HStack gap="2" justify="flex-end">
            <Button
              size="xs"
              variant="outline"
              data-testid="edit-external-service"
              aria-label={t('settings.editExternalServiceNamed', { name: row.original.name })}
              onClick={() => setEditing({ service: row.original })}
            >
              {t('common.edit')}
            </Button>
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              data-testid="delete-external-service"
              aria-label={t('settings.deleteExternalServiceNamed', { name: row.original.name })}
              onClick={() => setDeleting(row.original)}
            >
              {t('common.delete')}
            </Button>
          </HStack>
        ),
      },
    ],
    [t],
  );

  const all = load.status === 'ready' ? load.value : [];
  return (
    <Stack gap="5" data-testid="external-services-page">
      <ListPageHeader
        title={t('settings.externalServicesTitle')}
        action={{
          label: t('settings.newExternalService'),
          testId: 'new-external-service',
          disabled: load.status !== 'ready',
          onClick: () => setEditing({ service: null }),
        }}
      />
      <Text color="fg.muted">{t('settings.externalServicesHint')}</Text>
      {load.status === 'loading' ? <LoadingState label={t('common.loading')} /> : null}
      {load.status === 'failed' ? (
        <ErrorState title={t('settings.loadFailed')} message={load.message} retryLabel={t('common.retry')} onRetry={reload} />
      ) : null}
      {load.status === 'ready' && all.length === 0 ? (
        <EmptyState title={t('settings.externalServicesEmpty')} description={t('settings.externalServicesEmptyHint')} />
      ) : null}
      {load.status === 'ready' && all.length > 0 ? (
        <PlainDataTable columns={columns} data={all} testId="external-services-table" rowTestId={(row) => `external-service-${row.id}`} />
      ) : null}
      {editing ? (
        <ExternalServiceDialog
          bridge={bridge}
          t={t}
          services={services}
          service={editing.service}
          others={all.filter((other) => other.id !== editing.service?.id)}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            bridge.notify(2, t('settings.changesSaved'));
            reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('settings.externalServiceDeleteTitle')}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        danger
        busy={busy}
        onConfirm={() => deleting && remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <Text>{t('settings.externalServiceDeleteText', { name: deleting?.name ?? '' })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
