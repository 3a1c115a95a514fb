import { Badge, Box, Button, HStack, Image, Input, Link, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { apiQueryFilter, useApiDownload, useApiMutation, useApiQuery, useApiUpload, type ApiQueryFilter } from '@pawline/api-client';
import type { Vaccination, VaccinationState } from '@pawline/contracts';
import { UPLOAD_LIMITS, requiredVaccines, vaccinationStatus, vaccinesFor } from '@pawline/domain';
import { vaccineName } from '@pawline/i18n';
import { FormField, QueryState, SNACKBAR_TYPE } from '@pawline/ui';
import { useState } from 'react';
import { canvasCodec, preparePhoto } from '../files/photo-prepare';
import { UploadButton } from '../files/UploadButton';
import type { Translate } from '../i18n/translator';
import type { ClientsContext } from '../shared/clients-context';
import { useObjectUrl } from '../shared/useObjectUrl';
import {
  emptyVaccinationForm,
  OTHER_CHOICE,
  validateVaccinationForm,
  vaccinationRequest,
  type VaccinationForm,
  type VaccinationFormErrors,
} from './vaccination-form';

type PetScope = { ctx: ClientsContext; orgaId: string; storeId: string; petId: string };

/** A proof is a photo, scaled like a pet photo (ADR 0053) within the proof's limit, or the vet's PDF as it is. */
export const prepareProof = (file: File) =>
  file.type === 'application/pdf' ? Promise.resolve(file) : preparePhoto(file, canvasCodec, UPLOAD_LIMITS.vaccination_proof.maxBytes);
const PROOF_ACCEPT = 'image/*,.pdf,application/pdf';

const STATE_COLOURS: Record<VaccinationState, string> = { ok: 'green', expiring: 'orange', expired: 'red', missing: 'red' };

function todayLocal(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function writes(orga: string, pet: string): ApiQueryFilter[] {
  return [apiQueryFilter('listVaccinations', { orga, pet }), apiQueryFilter('listPetCards', { orga })];
}

/**
 * Issue 31 a pet's vaccinations: the store's requirement as the domain rule reads it, each vaccination with its
 * proof, staff checking the dates beside the proof's image, and a new one added with its proof.
 */
export function PetVaccinations({ ctx, orgaId, storeId, petId, petType }: PetScope & { petType: number }) {
  const { t, bridge } = ctx;
  const params = { orga: orgaId, store: storeId, pet: petId };
  const list = useApiQuery('listVaccinations', { params });
  const settings = useApiQuery('getCareSettings', { params: { orga: orgaId, store: storeId } });

  return (
    <Stack gap="4" data-testid="pet-vaccinations">
      <QueryState query={list} language={bridge.language} errorTitle={t('clients.loadFailed')}>
        {({ items }) => (
          <>
            {settings.data ? <RequirementSummary t={t} vaccinations={items} petType={petType} settings={settings.data} /> : null}
            {items.length === 0 ? <Text color="fg.muted">{t('clients.vaccinationsEmpty')}</Text> : null}
            <Stack gap="3" as="ul" listStyleType="none">
              {items.map((vaccination) => (
                <Box as="li" key={vaccination.id}>
                  <VaccinationRow ctx={ctx} orgaId={orgaId} storeId={storeId} petId={petId} vaccination={vaccination} />
                </Box>
              ))}
            </Stack>
            <AddVaccination ctx={ctx} orgaId={orgaId} storeId={storeId} petId={petId} petType={petType} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}

function RequirementSummary({
  t,
  vaccinations,
  petType,
  settings,
}: {
  t: Translate;
  vaccinations: Vaccination[];
  petType: number;
  settings: { requirements: { pet_type: number; vaccine: string; treatment_ids: string[] }[]; expiring_days: number };
}) {
  const required = requiredVaccines(settings.requirements, petType, null);
  if (required.length === 0) return <Text fontSize="sm">{t('clients.nothingRequired')}</Text>;
  const status = vaccinationStatus(
    vaccinations.map((v) => ({ vaccine: v.vaccine, valid_until: v.valid_until, verified: v.verified_at !== null })),
    required,
    todayLocal(),
    settings.expiring_days,
  );
  return (
    <Stack gap="1" data-testid="vaccination-requirement">
      <Text fontWeight="semibold" fontSize="sm">
        {t('clients.requiredHere')}
      </Text>
      <HStack wrap="wrap" gap="2">
        {status.vaccines.map((v) => (
          <Badge key={v.vaccine} colorPalette={STATE_COLOURS[v.state]} data-testid={`requirement-${v.state}`}>
            {`${vaccineName(t, v.vaccine)}: ${t(`clients.careState_${v.state}`)}`}
          </Badge>
        ))}
      </HStack>
    </Stack>
  );
}

function VaccinationRow({ ctx, orgaId, storeId, petId, vaccination }: PetScope & { vaccination: Vaccination }) {
  const { t, bridge } = ctx;
  const [checking, setChecking] = useState(false);
  const params = { orga: orgaId, store: storeId, pet: petId, vaccination: vaccination.id };
  const remove = useApiMutation('deleteVaccination', { invalidates: writes(orgaId, petId), success: t('clients.vaccinationDeleted') });
  const proofUpload = useApiUpload('putVaccinationProof', { invalidates: writes(orgaId, petId), notifyFailure: false });
  const verifier = bridge.orga?.users.find((u) => u.user_id === vaccination.verified_by);
  const verifiedDate = vaccination.verified_at?.slice(0, 10) ?? '';
  const name = vaccineName(t, vaccination.vaccine);

  return (
    <Stack borderWidth="1px" rounded="md" p="3" gap="2" data-testid="vaccination">
      <HStack justify="space-between" wrap="wrap">
        <Text fontWeight="semibold">{name}</Text>
        {vaccination.verified_at ? (
          <Badge colorPalette="green" data-testid="vaccination-verified">
            {verifier
              ? t('clients.verifiedBy', { name: `${verifier.first_name} ${verifier.last_name}`.trim(), date: verifiedDate })
              : t('clients.verifiedOn', { date: verifiedDate })}
          </Badge>
        ) : (
          <Badge colorPalette="orange" data-testid="vaccination-unverified">
            {t('clients.awaitingVerification')}
          </Badge>
        )}
      </HStack>
      <Text fontSize="sm">{`${t('clients.givenOn')}: ${vaccination.given_on} · ${t('clients.validUntil')}: ${vaccination.valid_until}`}</Text>
      {vaccination.proof ? null : (
        <Text fontSize="sm" color="fg.muted">
          {t('clients.noProof')}
        </Text>
      )}
      <HStack wrap="wrap" gap="2">
        {vaccination.proof && !checking ? (
          <Button size="xs" variant="outline" onClick={() => setChecking(true)} data-testid="vaccination-check">
            {vaccination.verified_at ? t('clients.showProof') : t('clients.checkProof')}
          </Button>
        ) : null}
        <UploadButton
          kind="vaccination_proof"
          existingCount={0}
          upload={proofUpload}
          send={(file) => proofUpload.mutateAsync({ file, input: { params } })}
          prepare={prepareProof}
          accept={PROOF_ACCEPT}
          camera
          label={vaccination.proof ? t('clients.replaceProof') : t('clients.addProof')}
          ctx={ctx}
          testId="vaccination-proof-upload"
        />
        <Button
          size="xs"
          variant="ghost"
          colorPalette="red"
          loading={remove.isPending}
          onClick={() => remove.mutate({ params })}
          aria-label={`${t('clients.delete')} ${name}`}
        >
          {t('clients.delete')}
        </Button>
      </HStack>
      {checking && vaccination.proof ? (
        <VerifyBesideProof
          ctx={ctx}
          orgaId={orgaId}
          storeId={storeId}
          petId={petId}
          vaccination={vaccination}
          onDone={() => setChecking(false)}
        />
      ) : null}
    </Stack>
  );
}

/** The proof on one side, the dates read on it on the other: staff correct them if needed and confirm. */
function VerifyBesideProof({
  ctx,
  orgaId,
  storeId,
  petId,
  vaccination,
  onDone,
}: PetScope & { vaccination: Vaccination; onDone: () => void }) {
  const { t } = ctx;
  const params = { orga: orgaId, store: storeId, pet: petId, vaccination: vaccination.id };
  const bytes = useApiDownload('downloadVaccinationProof', { params }, { staleTime: 0, retry: false });
  const url = useObjectUrl(bytes.data);
  const [dates, setDates] = useState({ given_on: vaccination.given_on, valid_until: vaccination.valid_until });
  const backwards = dates.valid_until < dates.given_on;
  const verify = useApiMutation('verifyVaccination', {
    invalidates: writes(orgaId, petId),
    success: t('clients.vaccinationVerified'),
    onSuccess: onDone,
  });
  const name = vaccineName(t, vaccination.vaccine);
  const isPdf = vaccination.proof?.mime === 'application/pdf';

  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" data-testid="vaccination-verify">
      <Box borderWidth="1px" rounded="md" minH="40" display="flex" alignItems="center" justifyContent="center" overflow="hidden">
        {bytes.isError ? (
          <Text role="alert">{t('clients.loadFailed')}</Text>
        ) : !url ? (
          <Text role="status">{t('clients.loadingProof')}</Text>
        ) : isPdf ? (
          <Link href={url} target="_blank" rel="noreferrer" data-testid="vaccination-proof-link">
            {t('clients.openProof')}
          </Link>
        ) : (
          <Image
            src={url}
            alt={t('clients.proofOf', { vaccine: name })}
            maxH="80"
            objectFit="contain"
            data-testid="vaccination-proof-image"
          />
        )}
      </Box>
      <Stack gap="3">
        <FormField label={t('clients.givenOn')} required>
          <Input type="date" value={dates.given_on} onChange={(e) => setDates({ ...dates, given_on: e.currentTarget.value })} />
        </FormField>
        <FormField label={t('clients.validUntil')} required error={backwards ? t('validation.validUntilBeforeGivenOn') : undefined}>
          <Input type="date" value={dates.valid_until} onChange={(e) => setDates({ ...dates, valid_until: e.currentTarget.value })} />
        </FormField>
        <HStack>
          <Button
            size="sm"
            colorPalette="brand"
            disabled={backwards || !dates.given_on || !dates.valid_until}
            loading={verify.isPending}
            onClick={() => verify.mutate({ params, body: dates })}
            data-testid="vaccination-confirm"
          >
            {t('clients.confirmDates')}
          </Button>
          <Button size="sm" variant="ghost" onClick={onDone}>
            {t('clients.cancel')}
          </Button>
        </HStack>
      </Stack>
    </SimpleGrid>
  );
}

function AddVaccination({ ctx, orgaId, storeId, petId, petType }: PetScope & { petType: number }) {
  const { t } = ctx;
  const choices = vaccinesFor(petType);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<VaccinationForm>(() => emptyVaccinationForm(choices[0] ?? OTHER_CHOICE));
  const [errors, setErrors] = useState<VaccinationFormErrors>({});
  const [proof, setProof] = useState<File | null>(null);
  const [proofProblem, setProofProblem] = useState<string | null>(null);
  const create = useApiMutation('createVaccination', { invalidates: writes(orgaId, petId), notifyFailure: true });
  const upload = useApiUpload('putVaccinationProof', { invalidates: writes(orgaId, petId), notifyFailure: false });
  const busy = create.isPending || upload.progress !== null;

  const save = async () => {
    const found = validateVaccinationForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const created = await create.mutateAsync({ params: { orga: orgaId, store: storeId, pet: petId }, body: vaccinationRequest(form) });
    if (proof) {
      try {
        const prepared = await prepareProof(proof);
        await upload.mutateAsync({
          file: prepared,
          input: { params: { orga: orgaId, store: storeId, pet: petId, vaccination: created.id } },
        });
      } catch (error) {
        // the vaccination is kept: its row offers to add the proof again
        setProofProblem(error instanceof Error && error.message ? error.message : t('clients.proofNotAdded'));
      }
    }
    ctx.bridge.notify(SNACKBAR_TYPE.success, t('clients.vaccinationSaved'));
    setForm(emptyVaccinationForm(choices[0] ?? OTHER_CHOICE));
    setProof(null);
    setOpen(false);
  };
  const errorText = (key: VaccinationFormErrors[keyof VaccinationFormErrors]) => (key ? t(key) : undefined);

  if (!open) {
    return (
      <Box>
        {proofProblem ? (
          <Text color="red.600" role="alert" fontSize="sm">
            {proofProblem}
          </Text>
        ) : null}
        <Button size="sm" variant="outline" onClick={() => setOpen(true)} data-testid="vaccination-add">
          {t('clients.addVaccination')}
        </Button>
      </Box>
    );
  }
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="3" data-testid="vaccination-form">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <FormField label={t('clients.vaccine')} required error={errorText(errors.vaccine)}>
          <NativeSelect.Root>
            <NativeSelect.Field
              aria-label={t('clients.vaccine')}
              value={form.vaccine}
              onChange={(e) => setForm({ ...form, vaccine: e.currentTarget.value })}
              data-testid="vaccination-vaccine"
            >
              {choices.map((code) => (
                <option key={code} value={code}>
                  {vaccineName(t, code)}
                </option>
              ))}
              <option value={OTHER_CHOICE}>{t('clients.vaccineOther')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        {form.vaccine === OTHER_CHOICE ? (
          <FormField label={t('clients.vaccineOtherName')} required>
            <Input value={form.otherName} maxLength={60} onChange={(e) => setForm({ ...form, otherName: e.currentTarget.value })} />
          </FormField>
        ) : null}
        <FormField label={t('clients.givenOn')} required error={errorText(errors.given_on)}>
          <Input
            type="date"
            value={form.given_on}
            onChange={(e) => setForm({ ...form, given_on: e.currentTarget.value })}
            data-testid="vaccination-given"
          />
        </FormField>
        <FormField label={t('clients.validUntil')} required error={errorText(errors.valid_until)}>
          <Input
            type="date"
            value={form.valid_until}
            onChange={(e) => setForm({ ...form, valid_until: e.currentTarget.value })}
            data-testid="vaccination-until"
          />
        </FormField>
        <FormField label={t('clients.proof')} helper={proof ? proof.name : t('clients.proofHint')}>
          <Input
            type="file"
            accept={PROOF_ACCEPT}
            p="1"
            data-testid="vaccination-proof-input"
            onChange={(e) => setProof(e.currentTarget.files?.[0] ?? null)}
          />
        </FormField>
      </SimpleGrid>
      <HStack>
        <Button
          size="sm"
          colorPalette="brand"
          loading={busy}
          onClick={() => void save().catch(() => undefined)}
          data-testid="vaccination-save"
        >
          {t('clients.saveVaccination')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
          {t('clients.cancel')}
        </Button>
      </HStack>
    </Stack>
  );
}
