import { Card, Heading, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import type { CustomerDetail, PetDetail, StoredFile, Tag } from '@pawline/contracts';
import type { TranslationKey } from '@pawline/i18n';
import { ErrorState, FormField } from '@pawline/ui';
import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ClientsContext } from '../shared/clients-context';
import { DetailFrame } from '../shared/DetailFrame';
import { EditorHeader } from '../shared/EditorHeader';
import { useDetailPage } from '../shared/useDetailPage';
import { useEditorForm } from '../shared/useEditorForm';
import { TagsCard } from '../tags/TagsCard';
import { PetAppointments } from './PetAppointments';
import { PetGallery } from './PetGallery';
import {
  emptyPetForm,
  PET_COLOURS,
  PET_HAIRS,
  PET_SEXES,
  PET_SIZES,
  PET_TYPE_OPTIONS,
  petFormFrom,
  petRequest,
  validatePetForm,
  type PetForm,
  type PetFormErrors,
} from './pet-form';
import { petTypeKey } from './pet-labels';

type PageData = { detail: PetDetail | null; owner: CustomerDetail | null; tags: Tag[]; images: StoredFile[] };

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** /{orgaId}/store/{storeId}/pet/{petId} ('new?customer=' creates): the spec §3 pet fields, tags and photos. */
export function PetPage({
  ctx,
  orgaId,
  storeId,
  petId,
  newOwnerId,
}: {
  ctx: ClientsContext;
  orgaId: string;
  storeId: string;
  petId: string;
  newOwnerId: string | null;
}) {
  const { crm, t } = ctx;
  const isNew = petId === 'new';
  const loader = useCallback(async (): Promise<PageData> => {
    const detail = isNew ? null : await crm.getPet(orgaId, storeId, petId);
    const ownerId = detail?.pet.customer_id ?? newOwnerId;
    const [owner, tags, images] = await Promise.all([
      ownerId ? crm.getCustomer(orgaId, storeId, ownerId) : Promise.resolve(null),
      crm.listTags(orgaId, 'pet'),
      isNew ? Promise.resolve([]) : crm.listPetImages(orgaId, storeId, petId),
    ]);
    return { detail, owner, tags, images };
  }, [crm, orgaId, storeId, petId, isNew, newOwnerId]);
  // R4.20: the pet's change, its owner's or a tag's refetches the page; the owner's deletion is the pet's
  const { load, reload, deleted, onDirty } = useDetailPage(ctx, loader, isNew, (value) => ({
    entity: 'pet',
    id: petId,
    ownerId: value?.owner?.customer.id ?? null,
  }));

  return (
    <DetailFrame
      load={load}
      onRetry={reload}
      deleted={deleted}
      deletedTitle={t('clients.petDeletedElsewhere')}
      back={{ to: `/${orgaId}/store/${storeId}/pet`, label: t('clients.backToPets') }}
      t={t}
    >
      {(data) =>
        data.owner ? (
          <PetEditor
            key={data.detail?.pet.updated_at ?? 'new'}
            ctx={ctx}
            orgaId={orgaId}
            storeId={storeId}
            data={data}
            owner={data.owner}
            onReload={reload}
            onDirty={onDirty}
          />
        ) : (
          <ErrorState title={t('clients.ownerMissing')} />
        )
      }
    </DetailFrame>
  );
}

function Select({
  name,
  value,
  onChange,
  options,
  label,
}: {
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  label: string;
}) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field name={name} aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function PetEditor({
  ctx,
  orgaId,
  storeId,
  data,
  owner,
  onReload,
  onDirty,
}: {
  ctx: ClientsContext;
  orgaId: string;
  storeId: string;
  data: PageData;
  owner: CustomerDetail;
  onReload: () => void;
  onDirty: (dirty: boolean) => void;
}) {
  const { crm, t } = ctx;
  const pet = data.detail?.pet ?? null;
  const { form, set, busy, saveWith, deleteWith, goTo } = useEditorForm<PetForm>(
    ctx,
    () => (data.detail ? petFormFrom(data.detail) : emptyPetForm()),
    onDirty,
  );
  const [errors, setErrors] = useState<PetFormErrors>({});
  const base = `/${orgaId}/store/${storeId}`;
  const ownerPath = `${base}/customer/${owner.customer.id}`;
  const none = { value: '', label: '—' };
  const opts = <V extends string>(values: readonly V[], label: (value: V) => TranslationKey) => [
    none,
    ...values.map((value) => ({ value, label: t(label(value)) })),
  ];
  const tri = [none, { value: 'yes', label: t('clients.yes') }, { value: 'no', label: t('clients.no') }];

  const save = async () => {
    const found = validatePetForm(form, today());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await saveWith(
      () => {
        const body = petRequest(form);
        return pet
          ? crm.updatePet(orgaId, storeId, pet.id, body)
          : crm.createPet(orgaId, storeId, { ...body, customer_id: owner.customer.id });
      },
      t('clients.petSaved'),
      (saved) => (pet ? onReload() : goTo(`${base}/pet/${saved.pet.id}`)),
    );
  };

  const text = (field: 'breed' | 'microchip', label: string): ReactNode => (
    <FormField label={label}>
      <Input name={field} value={form[field]} onChange={(e) => set(field, e.currentTarget.value)} />
    </FormField>
  );
  const area = (field: 'allergies' | 'attitude' | 'notes' | 'medical'): ReactNode => (
    <FormField label={t(`clients.pet_${field}`)}>
      <Textarea name={field} value={form[field]} onChange={(e) => set(field, e.currentTarget.value)} />
    </FormField>
  );
  const ownerName = `${owner.customer.first_name} ${owner.customer.last_name}`.trim();

  return (
    <Stack gap="5" data-testid="pet-page">
      <EditorHeader
        back={<Link to={ownerPath} data-testid="pet-owner">{`← ${ownerName}`}</Link>}
        title={pet ? pet.name : t('clients.newPet')}
        remove={
          pet
            ? {
                label: t('clients.deletePet'),
                question: t('clients.deletePetQuestion', { name: pet.name }),
                onConfirm: () => void deleteWith(() => crm.deletePet(orgaId, storeId, pet.id), t('clients.petDeleted'), ownerPath),
              }
            : null
        }
        busy={busy}
        onSave={() => void save()}
        saveTestId="save-pet"
        t={t}
      />
      <Card.Root>
        <Card.Body>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <FormField label={t('clients.pet_name')} error={errors.name ? t(errors.name) : null} required>
              <Input name="name" value={form.name} onChange={(e) => set('name', e.currentTarget.value)} />
            </FormField>
            <FormField label={t('clients.pet_type')}>
              <Select
                name="pet_type"
                label={t('clients.pet_type')}
                value={form.pet_type === '1' ? '0' : form.pet_type}
                onChange={(value) => set('pet_type', value)}
                options={PET_TYPE_OPTIONS.map((value) => ({ value: String(value), label: t(petTypeKey(value)) }))}
              />
            </FormField>
            {text('breed', t('clients.pet_breed'))}
            <FormField label={t('clients.pet_hair')}>
              <Select
                name="hair"
                label={t('clients.pet_hair')}
                value={form.hair}
                onChange={(value) => set('hair', value)}
                options={opts(PET_HAIRS, (v) => `clients.hair_${v}`)}
              />
            </FormField>
            <FormField label={t('clients.pet_size')}>
              <Select
                name="size"
                label={t('clients.pet_size')}
                value={form.size}
                onChange={(value) => set('size', value)}
                options={opts(PET_SIZES, (v) => `clients.size_${v}`)}
              />
            </FormField>
            <FormField label={t('clients.pet_sex')}>
              <Select
                name="sex"
                label={t('clients.pet_sex')}
                value={form.sex}
                onChange={(value) => set('sex', value)}
                options={opts(PET_SEXES, (v) => `clients.sex_${v}`)}
              />
            </FormField>
            <FormField label={t('clients.pet_born')} error={errors.born ? t(errors.born) : null}>
              <Input name="born" type="date" value={form.born} onChange={(e) => set('born', e.currentTarget.value)} />
            </FormField>
            <FormField label={t('clients.pet_weight')} error={errors.weight ? t(errors.weight) : null}>
              <Input name="weight" inputMode="decimal" value={form.weight} onChange={(e) => set('weight', e.currentTarget.value)} />
            </FormField>
            <FormField label={t('clients.pet_colour')}>
              <Select
                name="colour"
                label={t('clients.pet_colour')}
                value={form.colour}
                onChange={(value) => set('colour', value)}
                options={opts(PET_COLOURS, (v) => `clients.colour_${v}`)}
              />
            </FormField>
            {text('microchip', t('clients.pet_microchip'))}
            <FormField label={t('clients.pet_sterilized')}>
              <Select
                name="sterilized"
                label={t('clients.pet_sterilized')}
                value={form.sterilized}
                onChange={(value) => set('sterilized', value as PetForm['sterilized'])}
                options={tri}
              />
            </FormField>
            <FormField label={t('clients.pet_vaccinated')}>
              <Select
                name="vaccinated"
                label={t('clients.pet_vaccinated')}
                value={form.vaccinated}
                onChange={(value) => set('vaccinated', value as PetForm['vaccinated'])}
                options={tri}
              />
            </FormField>
          </SimpleGrid>
          <Stack gap="3" mt="3">
            {area('allergies')}
            {area('attitude')}
            {area('notes')}
            {area('medical')}
          </Stack>
        </Card.Body>
      </Card.Root>
      <TagsCard tags={data.tags} value={form.tag_ids} onChange={(ids) => set('tag_ids', ids)} t={t} testId="pet-tags" />
      {pet ? (
        <Card.Root>
          <Card.Header>
            <Heading size="md">{t('clients.photos')}</Heading>
          </Card.Header>
          <Card.Body>
            <PetGallery ctx={ctx} orgaId={orgaId} storeId={storeId} petId={pet.id} initial={data.images} />
          </Card.Body>
        </Card.Root>
      ) : null}
      {pet ? <PetAppointments ctx={ctx} orgaId={orgaId} storeId={storeId} petId={pet.id} /> : null}
    </Stack>
  );
}
