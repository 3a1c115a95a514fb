import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Checkbox } from '@chakra-ui/react/checkbox';
import type { ShellBridge } from '@pawline/api-client';
import { formatAmount } from '@pawline/domain';
import { ConfirmDialog, EmptyState, ErrorState, LoadingState, PlainDataTable, useLoad, type PlainColumn } from '@pawline/ui';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { settingsTranslator } from '../i18n/translator';
import { errorText } from '../shared/options';
import { TreatmentDialog } from './TreatmentDialog';
import { sortTreatments } from './treatment-form';
import { createTreatmentsApi, type Treatment } from './treatments-api';
import { ListPageHeader } from '../shared/ListPageHeader';

type Editing = { treatment: Treatment | null } | null;

/**
 * /{orgaId}/settings/treatments: the organization's treatments (issue 13), organization administrators
 * only. Archived treatments stay on past appointments and can be restored; the list follows changes
 * made elsewhere (the realtime scope 'treatment').
 */
export function TreatmentsPage({ bridge }: { bridge: ShellBridge }) {
  const t = useMemo(() => settingsTranslator(bridge.language), [bridge.language]);
  const orgaId = useParams()['orgaId'] ?? '';
  const treatments = useMemo(() => createTreatmentsApi(bridge, orgaId), [bridge, orgaId]);
  const loader = useCallback(() => treatments.list().then((list) => sortTreatments(list, bridge.language)), [treatments, bridge.language]);
  const { load, reload } = useLoad(loader, errorText);
  const [showArchived, setShowArchived] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [archiving, setArchiving] = useState<Treatment | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!bridge.subscribe) return undefined;
    return bridge.subscribe((message) => {
      if (message.scope === 'treatment' && message.channel === orgaId) reload();
    });
  }, [bridge, orgaId, reload]);

  const setArchive = useCallback(
    (treatment: Treatment, archive: boolean) => {
      setBusy(true);
      treatments
        .update(treatment.id, { archive })
        .then(() => {
          bridge.notify(2, archive ? t('settings.treatmentArchived') : t('settings.treatmentRestored', { name: treatment.name }));
          setArchiving(null);
          reload();
        })
        .catch((error: unknown) => bridge.notify(0, errorText(error)))
        .finally(() => setBusy(false));
    },
    [treatments, bridge, t, reload],
  );

  const columns = useMemo<PlainColumn<Treatment>[]>(
    () => [
      {
        id: 'color',
        header: t('settings.treatmentColour'),
        cell: ({ row }) =>
          row.original.color ? (
            <Box w="5" h="5" rounded="full" bg={row.original.color} title={row.original.color} data-testid="treatment-swatch" />
          ) : (
            <Text color="fg.muted">—</Text>
          ),
      },
      { id: 'name', header: t('settings.treatmentName'), cell: ({ row }) => row.original.name },
      {
        id: 'duration',
        header: t('settings.treatmentDuration'),
        cell: ({ row }) => t('settings.treatmentMinutes', { minutes: row.original.default_duration }),
      },
      { id: 'price', header: t('settings.treatmentPrice'), cell: ({ row }) => formatAmount(row.original.default_price, { pad: true }) },
      {
        id: 'state',
        header: '',
        cell: ({ row }) => (row.original.archive ? <Badge colorPalette="gray">{t('settings.treatmentArchivedBadge')}</Badge> : null),
      },
      {
        id: 'actions',
        header: '',
        cell: ({ row }) => (
          <HStack gap="2" justify="flex-end">
            <Button size="xs" variant="outline" data-testid="edit-treatment" onClick={() => setEditing({ treatment: row.original })}>
              {t('common.edit')}
            </Button>
            {row.original.archive ? (
              <Button
                size="xs"
                variant="ghost"
                colorPalette="green"
                data-testid="restore-treatment"
                disabled={busy}
                onClick={() => setArchive(row.original, false)}
              >
                {t('settings.treatmentRestore')}
              </Button>
            ) : (
              <Button
                size="xs"
                variant="ghost"
                colorPalette="red"
                data-testid="archive-treatment"
                onClick={() => setArchiving(row.original)}
              >
                {t('settings.treatmentArchive')}
              </Button>
            )}
          </HStack>
        ),
      },
    ],
    [t, busy, setArchive],
  );

  const all = load.status === 'ready' ? load.value : [];
  const shown = showArchived ? all : all.filter((treatment) => !treatment.archive);
  const archivedCount = all.length - all.filter((treatment) => !treatment.archive).length;

  return (
    <Stack gap="5" data-testid="treatments-page">
      <ListPageHeader
        title={t('settings.treatmentsTitle')}
        action={{
          label: t('settings.newTreatment'),
          testId: 'new-treatment',
          disabled: load.status !== 'ready',
          onClick: () => setEditing({ treatment: null }),
        }}
      />
      <Text color="fg.muted">{t('settings.treatmentsHint')}</Text>
      <Checkbox.Root checked={showArchived} onCheckedChange={(e) => setShowArchived(e.checked === true)} data-testid="show-archived">
        <Checkbox.HiddenInput name="show_archived" />
        <Checkbox.Control />
        <Checkbox.Label>{t('settings.treatmentsShowArchived', { count: archivedCount })}</Checkbox.Label>
      </Checkbox.Root>
      {load.status === 'loading' ? <LoadingState label={t('common.loading')} /> : null}
      {load.status === 'failed' ? (
        <ErrorState title={t('settings.loadFailed')} message={load.message} retryLabel={t('common.retry')} onRetry={reload} />
      ) : null}
      {load.status === 'ready' && shown.length === 0 ? (
        <EmptyState
          title={all.length === 0 ? t('settings.treatmentsEmpty') : t('settings.treatmentsNoActive')}
          description={all.length === 0 ? t('settings.treatmentsEmptyHint') : undefined}
        />
      ) : null}
      {load.status === 'ready' && shown.length > 0 ? (
        <PlainDataTable columns={columns} data={shown} testId="treatments-table" rowTestId={(row) => `treatment-${row.id}`} />
      ) : null}
      {editing ? (
        <TreatmentDialog
          bridge={bridge}
          t={t}
          treatments={treatments}
          treatment={editing.treatment}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            bridge.notify(2, t('settings.changesSaved'));
            reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={archiving !== null}
        title={t('settings.treatmentArchiveTitle')}
        confirmLabel={t('settings.treatmentArchive')}
        cancelLabel={t('common.cancel')}
        danger
        busy={busy}
        onConfirm={() => archiving && setArchive(archiving, true)}
        onCancel={() => setArchiving(null)}
      >
        <Text>{t('settings.treatmentArchiveText', { name: archiving?.name ?? '' })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
