import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { useApiMutation, useApiQuery, type ShellBridge } from '@pawline/api-client';
import { formatAmount } from '@pawline/domain';
import { ConfirmDialog, EmptyState, PlainDataTable, QueryState, type PlainColumn } from '@pawline/ui';
import { useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { settingsTranslator } from '../i18n/translator';
import { ListPageHeader } from '../shared/ListPageHeader';
import { TreatmentDialog } from './TreatmentDialog';
import { sortTreatments } from './treatment-form';
import { ALL_TREATMENTS, treatmentWrites, type Treatment } from './treatments-api';

type Editing = { treatment: Treatment | null } | null;

/**
 * /{orgaId}/settings/treatments: the organization's treatments (issue 13), organization administrators
 * only. Archived treatments stay on past appointments and can be restored; the list follows changes
 * made elsewhere (the realtime scope 'treatment' invalidates it).
 */
export function TreatmentsPage({ bridge }: { bridge: ShellBridge }) {
  const t = useMemo(() => settingsTranslator(bridge.language), [bridge.language]);
  const orgaId = useParams()['orgaId'] ?? '';
  const language = bridge.language;
  const list = useApiQuery(
    'listTreatments',
    { params: { orga: orgaId }, query: ALL_TREATMENTS },
    { select: useCallback((treatments: Treatment[]) => sortTreatments(treatments, language), [language]) },
  );
  const [showArchived, setShowArchived] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [archiving, setArchiving] = useState<Treatment | null>(null);
  const update = useApiMutation('updateTreatment', {
    invalidates: treatmentWrites(orgaId),
    success: (changed) => (changed.archive ? t('settings.treatmentArchived') : t('settings.treatmentRestored', { name: changed.name })),
  });
  const busy = update.isPending;

  const setArchive = useCallback(
    (treatment: Treatment, archive: boolean) =>
      update.mutate({ params: { orga: orgaId, id: treatment.id }, body: { archive } }, { onSuccess: () => setArchiving(null) }),
    [update, orgaId],
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

  const all = list.data ?? [];
  const archivedCount = all.filter((treatment) => treatment.archive).length;

  return (
    <Stack gap="5" data-testid="treatments-page">
      <ListPageHeader
        title={t('settings.treatmentsTitle')}
        action={{
          label: t('settings.newTreatment'),
          testId: 'new-treatment',
          disabled: list.data === undefined,
          onClick: () => setEditing({ treatment: null }),
        }}
      />
      <Text color="fg.muted">{t('settings.treatmentsHint')}</Text>
      <Checkbox.Root checked={showArchived} onCheckedChange={(e) => setShowArchived(e.checked === true)} data-testid="show-archived">
        <Checkbox.HiddenInput name="show_archived" />
        <Checkbox.Control />
        <Checkbox.Label>{t('settings.treatmentsShowArchived', { count: archivedCount })}</Checkbox.Label>
      </Checkbox.Root>
      <QueryState query={list} language={language} errorTitle={t('settings.loadFailed')}>
        {(treatments) => {
          const shown = showArchived ? treatments : treatments.filter((treatment) => !treatment.archive);
          if (shown.length > 0)
            return <PlainDataTable columns={columns} data={shown} testId="treatments-table" rowTestId={(row) => `treatment-${row.id}`} />;
          return (
            <EmptyState
              title={treatments.length === 0 ? t('settings.treatmentsEmpty') : t('settings.treatmentsNoActive')}
              description={treatments.length === 0 ? t('settings.treatmentsEmptyHint') : undefined}
            />
          );
        }}
      </QueryState>
      {editing ? (
        <TreatmentDialog
          t={t}
          orgaId={orgaId}
          treatment={editing.treatment}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
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
