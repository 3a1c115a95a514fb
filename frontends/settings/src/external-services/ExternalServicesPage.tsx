import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useApiMutation, useApiQuery, type ShellBridge } from '@pawline/api-client';
import { ConfirmDialog, EmptyState, PlainDataTable, QueryState, type PlainColumn } from '@pawline/ui';
import { useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { settingsTranslator } from '../i18n/translator';
import { ListPageHeader } from '../shared/ListPageHeader';
import { ExternalServiceDialog } from './ExternalServiceDialog';
import { sortExternalServices } from './external-service-form';
import { externalServiceWrites, type ExternalService } from './external-services-api';

type Editing = { service: ExternalService | null } | null;

/**
 * /{orgaId}/settings/external-services: the organization's external services (R1.10), extra customer
 * fields with a unique service id (R5.14); organization administrators only. Deleting one also removes
 * every customer's entity id in it (the server does).
 */
export function ExternalServicesPage({ bridge }: { bridge: ShellBridge }) {
  const t = useMemo(() => settingsTranslator(bridge.language), [bridge.language]);
  const orgaId = useParams()['orgaId'] ?? '';
  const language = bridge.language;
  const list = useApiQuery(
    'listExternalServices',
    { params: { orga: orgaId } },
    { select: useCallback((services: ExternalService[]) => sortExternalServices(services, language), [language]) },
  );
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ExternalService | null>(null);
  const removal = useApiMutation('deleteExternalService', {
    invalidates: externalServiceWrites(orgaId),
    // the list read again no longer has it: the name comes from the confirmation still open
    success: () => t('settings.externalServiceDeleted', { name: deleting?.name ?? '' }),
  });

  const remove = (service: ExternalService) =>
    removal.mutate({ params: { orga: orgaId, id: service.id } }, { onSuccess: () => setDeleting(null) });

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

  const all = list.data ?? [];
  return (
    <Stack gap="5" data-testid="external-services-page">
      <ListPageHeader
        title={t('settings.externalServicesTitle')}
        action={{
          label: t('settings.newExternalService'),
          testId: 'new-external-service',
          disabled: list.data === undefined,
          onClick: () => setEditing({ service: null }),
        }}
      />
      <Text color="fg.muted">{t('settings.externalServicesHint')}</Text>
      <QueryState
        query={list}
        language={language}
        errorTitle={t('settings.loadFailed')}
        isEmpty={(services) => services.length === 0}
        empty={<EmptyState title={t('settings.externalServicesEmpty')} description={t('settings.externalServicesEmptyHint')} />}
      >
        {(services) => (
          <PlainDataTable
            columns={columns}
            data={services}
            testId="external-services-table"
            rowTestId={(row) => `external-service-${row.id}`}
          />
        )}
      </QueryState>
      {editing ? (
        <ExternalServiceDialog
          t={t}
          orgaId={orgaId}
          service={editing.service}
          others={all.filter((other) => other.id !== editing.service?.id)}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('settings.externalServiceDeleteTitle')}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        danger
        busy={removal.isPending}
        onConfirm={() => deleting && remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <Text>{t('settings.externalServiceDeleteText', { name: deleting?.name ?? '' })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
