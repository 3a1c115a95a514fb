import { Box, Button, Heading, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { apiQueryFilter, useApiMutation, useApiQuery } from '@pawline/api-client';
import { apiErrorText, FormField, QueryState, useConfirmLeave } from '@pawline/ui';
import { useMemo, useState } from 'react';
import { ALL_TREATMENTS, type ServiceTime, type Treatment } from '../api/booking-api';
import type { BookingContext } from '../shared/booking-context';
import { petTypeText } from '../shared/labels';
import {
  breedRows,
  cellKey,
  COATS,
  effectiveEntries,
  fallbackMinutes,
  MATRIX_COLUMNS,
  MATRIX_PET_TYPES,
  matrixChanges,
  MAX_CHANGES_PER_SAVE,
  MAX_MINUTES,
  MIN_MINUTES,
  ownMinutes,
  SIZES,
  type Cell,
  type Coat,
  type Drafts,
  type MatrixPetType,
  type Size,
} from './service-time-matrix';

type Matrix = { treatments: Treatment[]; saved: ServiceTime[] };

const withoutArchived = (treatments: Treatment[]) => treatments.filter((tr) => !tr.archive);

/** R1.08 R3.09 service minutes per treatment, pet type, size and coat, with breed rows; organization administrators edit. */
export function ServiceTimesPage({ ctx }: { ctx: BookingContext }) {
  const { t, bridge, orgaId } = ctx;
  const orga = { orga: orgaId };
  // the same read as the requests' treatment names; an archived treatment has no row here
  const treatments = useApiQuery('listTreatments', { params: orga, query: ALL_TREATMENTS }, { select: withoutArchived });
  const times = useApiQuery('listServiceTimes', { params: orga });
  const title = t('booking-setup.loadFailed');
  return (
    <QueryState query={treatments} language={bridge.language} errorTitle={title}>
      {(active) => (
        <QueryState query={times} language={bridge.language} errorTitle={title}>
          {(saved) => <MatrixEditor ctx={ctx} matrix={{ treatments: active, saved: saved.v }} />}
        </QueryState>
      )}
    </QueryState>
  );
}

function MatrixEditor({ ctx, matrix }: { ctx: BookingContext; matrix: Matrix }) {
  const { t, bridge, orgaId } = ctx;
  const [petType, setPetType] = useState<MatrixPetType>(0);
  const [drafts, setDrafts] = useState<Drafts>(new Map());
  const [addedBreeds, setAddedBreeds] = useState<{ treatmentId: string; breed: string; petType: number }[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const saveTimes = useApiMutation('saveServiceTimes', {
    invalidates: [apiQueryFilter('listServiceTimes', { orga: orgaId })],
    success: t('booking-setup.serviceTimesSaved'),
    // the page shows the refusal under the matrix
    notifyFailure: false,
    onSuccess: () => {
      setDrafts(new Map());
      setAddedBreeds([]);
    },
    onError: (error) => setFailure(apiErrorText(error, bridge.language)),
  });
  const saving = saveTimes.isPending;
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const editable = ctx.orgaAdmin;

  const entries = useMemo(() => effectiveEntries(matrix.saved, drafts), [matrix.saved, drafts]);
  const { entries: changes } = useMemo(() => matrixChanges(matrix.saved, drafts), [matrix.saved, drafts]);
  // R5.15 leaving with unsaved cells asks first
  useConfirmLeave(changes.length > 0 && !saving, t('common.unsavedChanges'));
  const byId = useMemo(() => new Map(matrix.treatments.map((tr) => [tr.id, tr])), [matrix.treatments]);
  const rows = useMemo(() => {
    const breeds = breedRows(
      matrix.saved,
      petType,
      addedBreeds.filter((b) => b.petType === petType),
    );
    return matrix.treatments.flatMap((treatment) => [
      { treatment, breed: null as string | null },
      ...breeds
        .filter((b) => b.treatmentId === treatment.id)
        .sort((a, b) => a.breed.localeCompare(b.breed))
        .map((b) => ({ treatment, breed: b.breed })),
    ]);
  }, [matrix, petType, addedBreeds]);

  const edit = (cell: Cell, text: string) =>
    setDrafts((before) => {
      const next = new Map(before);
      next.set(cellKey(cell), { cell, text });
      return next;
    });

  const save = () => {
    const { entries: toSend, invalid: bad } = matrixChanges(matrix.saved, drafts);
    setInvalid(new Set(bad));
    if (bad.length > 0) {
      setFailure(t('booking-setup.minutesInvalid', { min: MIN_MINUTES, max: MAX_MINUTES }));
      return;
    }
    if (toSend.length === 0) return;
    if (toSend.length > MAX_CHANGES_PER_SAVE) {
      // the contract takes at most 500 entries a PUT
      setFailure(t('booking-setup.tooManyChanges', { max: MAX_CHANGES_PER_SAVE }));
      return;
    }
    setFailure(null);
    saveTimes.mutate({ params: { orga: orgaId }, body: { entries: toSend } });
  };

  const columnLabel = (size: Size | null, hair: Coat | null) =>
    size === null || hair === null
      ? t('booking-setup.anySizeCoat')
      : `${t(`booking-setup.size_${size}`)} ${t(`booking-setup.hair_${hair}`)}`;

  return (
    <Stack gap="4" data-testid="service-times-page">
      <Heading as="h2" size="lg">
        {t('booking-setup.serviceTimesTitle')}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {t('booking-setup.serviceTimesText')}
      </Text>
      {!editable ? (
        <Text fontSize="sm" color="fg.muted" data-testid="read-only-note">
          {t('booking-setup.orgaAdminsOnly')}
        </Text>
      ) : null}
      <HStack role="group" aria-label={t('booking-setup.petType')} gap="1" data-testid="pet-type-switch">
        {MATRIX_PET_TYPES.map((type) => (
          <Button
            key={type}
            size="sm"
            aria-pressed={petType === type}
            variant={petType === type ? 'solid' : 'outline'}
            colorPalette="brand"
            onClick={() => setPetType(type)}
            data-testid={`pet-type-${type}`}
          >
            {petTypeText(type, t)}
          </Button>
        ))}
      </HStack>

      {matrix.treatments.length === 0 ? (
        <Text data-testid="no-treatments">{t('booking-setup.noTreatments')}</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" data-testid="service-time-matrix" showColumnBorder>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader rowSpan={2}>{t('booking-setup.treatment')}</Table.ColumnHeader>
                <Table.ColumnHeader rowSpan={2}>{t('booking-setup.anySizeCoat')}</Table.ColumnHeader>
                {SIZES.map((size) => (
                  <Table.ColumnHeader key={size} colSpan={COATS.length} textAlign="center">
                    {t(`booking-setup.size_${size}`)}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
              <Table.Row>
                {SIZES.flatMap((size) =>
                  COATS.map((hair) => (
                    <Table.ColumnHeader key={`${size}-${hair}`} fontWeight="normal">
                      {t(`booking-setup.hair_${hair}`)}
                    </Table.ColumnHeader>
                  )),
                )}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map(({ treatment, breed }) => (
                <Table.Row
                  key={`${treatment.id}|${breed ?? ''}`}
                  data-testid={breed === null ? `row-${treatment.id}` : `row-${treatment.id}-${breed}`}
                >
                  <Table.Cell>
                    {breed === null ? (
                      <Text fontWeight="semibold">{treatment.name}</Text>
                    ) : (
                      <Text ps="3" fontSize="sm">
                        {t('booking-setup.breedRow', { breed })}
                      </Text>
                    )}
                    {breed === null ? (
                      <Text fontSize="xs" color="fg.muted">
                        {t('booking-setup.defaultDuration', { minutes: treatment.default_duration })}
                      </Text>
                    ) : null}
                  </Table.Cell>
                  {MATRIX_COLUMNS.map(({ size, hair }) => {
                    const cell: Cell = { treatmentId: treatment.id, petType, breed, size, hair };
                    const key = cellKey(cell);
                    const own = ownMinutes(entries, cell);
                    const fallback = fallbackMinutes(entries, byId.get(treatment.id) ?? treatment, cell);
                    const draft = drafts.get(key);
                    const testId = `cell-${treatment.id}-${breed ?? ''}-${size ?? 'any'}-${hair ?? 'any'}`;
                    const label = [treatment.name, breed, columnLabel(size, hair)].filter(Boolean).join(', ');
                    return (
                      <Table.Cell key={key} px="1">
                        {editable ? (
                          <Input
                            size="xs"
                            w="14"
                            inputMode="numeric"
                            aria-label={label}
                            aria-invalid={invalid.has(key) || undefined}
                            value={draft ? draft.text : own === null ? '' : String(own)}
                            placeholder={String(fallback)}
                            onChange={(e) => edit(cell, e.currentTarget.value)}
                            data-testid={testId}
                            data-fallback={own === null ? 'true' : undefined}
                            borderColor={invalid.has(key) ? 'red.500' : undefined}
                            fontWeight={draft ? 'bold' : undefined}
                          />
                        ) : (
                          <Text
                            data-testid={testId}
                            data-fallback={own === null ? 'true' : undefined}
                            color={own === null ? 'fg.subtle' : undefined}
                            title={own === null ? t('booking-setup.inherited') : undefined}
                          >
                            {own ?? fallback}
                          </Text>
                        )}
                      </Table.Cell>
                    );
                  })}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <Text fontSize="xs" color="fg.muted">
        {t('booking-setup.fallbackLegend')}
      </Text>
      {editable && matrix.treatments.length > 0 ? (
        <BreedRowAdder
          ctx={ctx}
          treatments={matrix.treatments}
          onAdd={(treatmentId, breed) => setAddedBreeds((b) => [...b, { treatmentId, breed, petType }])}
        />
      ) : null}
      {failure ? (
        <Text color="red.600" role="alert" data-testid="matrix-error">
          {failure}
        </Text>
      ) : null}
      {editable ? (
        <HStack>
          <Button colorPalette="brand" onClick={save} loading={saving} disabled={drafts.size === 0} data-testid="matrix-save">
            {t('common.save')}
          </Button>
          <Text fontSize="sm" color="fg.muted" data-testid="matrix-changes">
            {t('booking-setup.changesCount', { count: changes.length })}
          </Text>
          <Button
            variant="ghost"
            disabled={drafts.size === 0 || saving}
            onClick={() => {
              setDrafts(new Map());
              setInvalid(new Set());
              setFailure(null);
            }}
          >
            {t('common.cancel')}
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
}

function BreedRowAdder({
  ctx,
  treatments,
  onAdd,
}: {
  ctx: BookingContext;
  treatments: Treatment[];
  onAdd: (treatmentId: string, breed: string) => void;
}) {
  const { t } = ctx;
  const [treatmentId, setTreatmentId] = useState(treatments[0]?.id ?? '');
  const [breed, setBreed] = useState('');
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (breed.trim() === '' || treatmentId === '') return;
    onAdd(treatmentId, breed.trim());
    setBreed('');
  };
  return (
    <Box as="form" onSubmit={submit} data-testid="breed-row-adder">
      <HStack align="flex-end" gap="2" flexWrap="wrap">
        <Box minW="40">
          <FormField label={t('booking-setup.treatment')}>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={treatmentId} onChange={(e) => setTreatmentId(e.currentTarget.value)} name="breedTreatment">
                {treatments.map((tr) => (
                  <option key={tr.id} value={tr.id}>
                    {tr.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        </Box>
        <Box minW="40">
          <FormField label={t('booking-setup.breed')}>
            <Input size="sm" name="breed" maxLength={100} value={breed} onChange={(e) => setBreed(e.currentTarget.value)} />
          </FormField>
        </Box>
        <Button type="submit" size="sm" variant="outline" disabled={breed.trim() === ''} data-testid="breed-row-add">
          {t('booking-setup.addBreedRow')}
        </Button>
      </HStack>
    </Box>
  );
}
