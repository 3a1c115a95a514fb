import { Button, Card, Heading, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useApiMutation, useApiQuery, useApiUpload } from '@pawline/api-client';
import { hasStoreAccess, UPLOAD_LIMITS } from '@pawline/domain';
import type { TranslationKey } from '@pawline/i18n';
import { ErrorState, FormField, QueryState, SNACKBAR_TYPE } from '@pawline/ui';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { petImageWrites, petWrites, type CustomerDetail, type PetDetail, type Tag } from '../api/crm-api';
import type { ClientsContext } from '../shared/clients-context';
import { DeletedElsewhere } from '../shared/DeletedElsewhere';
import { EditorHeader } from '../shared/EditorHeader';
import { bookingPath } from '../shared/other-remotes';
import { allParts, readyPart } from '../shared/query-parts';
import { useEditorForm } from '../shared/useEditorForm';
import { TagsCard } from '../tags/TagsCard';
import { PetAppointments } from './PetAppointments';
import { PetGallery } from './PetGallery';
import { PetVaccinations } from './PetVaccinations';
import { PhotoQueue, type QueueUpload } from './PhotoQueue';
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

type PageData = { detail: PetDetail | null; owner: CustomerDetail | null; tags: Tag[] };

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
  const { t, bridge } = ctx;
  const isNew = petId === 'new';
  const store = { orga: orgaId, store: storeId };
  const pet = useApiQuery('getPet', { params: { ...store, id: petId } }, { enabled: !isNew });
  const ownerId = isNew ? newOwnerId : (pet.data?.pet.customer_id ?? null);
  const owner = useApiQuery('getCustomer', { params: { ...store, id: ownerId ?? '' } }, { enabled: ownerId !== null });
  const tags = useApiQuery('listTags', { params: { orga: orgaId }, query: { kind: 'pet' } });
  // R4.20: the realtime table reads the pet, its owner and the tags again; the pet or its owner gone answers 404
  const page = allParts({
    detail: isNew ? readyPart(null) : pet,
    owner: isNew && !newOwnerId ? readyPart(null) : owner,
    tags,
  });

  return (
    <QueryState
      query={page}
      language={bridge.language}
      errorTitle={t('clients.loadFailed')}
      gone={
        <DeletedElsewhere
          title={t('clients.petDeletedElsewhere')}
          description={t('clients.deletedElsewhereHint')}
          backTo={`/${orgaId}/store/${storeId}/pet`}
          backLabel={t('clients.backToPets')}
        />
      }
    >
      {(data) =>
        data.owner ? (
          <PetEditor key={petId} ctx={ctx} orgaId={orgaId} storeId={storeId} data={data} owner={data.owner} />
        ) : (
          <ErrorState title={t('clients.ownerMissing')} />
        )
      }
    </QueryState>
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
}: {
  ctx: ClientsContext;
  orgaId: string;
  storeId: string;
  data: PageData;
  owner: CustomerDetail;
}) {
  const { t, bridge } = ctx;
  const pet = data.detail?.pet ?? null;
  // issue 29: a new pet's photos wait here until it is saved
  const [queued, setQueued] = useState<File[]>([]);
  const [uploading, setUploading] = useState<QueueUpload | null>(null);
  const editor = useEditorForm<PetForm>(
    ctx,
    { form: data.detail ? petFormFrom(data.detail) : emptyPetForm(), version: pet?.updated_at ?? null },
    queued.length > 0,
  );
  const { form, set } = editor;
  const [errors, setErrors] = useState<PetFormErrors>({});
  const base = `/${orgaId}/store/${storeId}`;
  const store = { orga: orgaId, store: storeId };
  const ownerPath = `${base}/customer/${owner.customer.id}`;
  // issue 29: Book opens the calendar's new appointment for this pet (booking needs store write access)
  const mayBook = !bridge.orga || hasStoreAccess(bridge.orga, bridge.user.id, storeId, 'store_write');
  const none = { value: '', label: '—' };
  const opts = <V extends string>(values: readonly V[], label: (value: V) => TranslationKey) => [
    none,
    ...values.map((value) => ({ value, label: t(label(value)) })),
  ];
  const tri = [none, { value: 'yes', label: t('clients.yes') }, { value: 'no', label: t('clients.no') }];
  const create = useApiMutation('createPet', { invalidates: petWrites(orgaId), success: t('clients.petSaved') });
  const update = useApiMutation('updatePet', { invalidates: (answer) => petWrites(orgaId, answer.pet.id), success: t('clients.petSaved') });
  const remove = useApiMutation('deletePet', { invalidates: petWrites(orgaId), success: t('clients.petDeleted') });
  const addPhoto = useApiUpload('uploadPetImage', {
    invalidates: (_file, sent) => petImageWrites(orgaId, sent.input.params.pet),
    notifyFailure: false,
  });
  const busy = create.isPending || update.isPending || remove.isPending || uploading !== null;

  /** The queued photos of the pet just created, one after the other; the pet stays saved whatever fails. */
  const sendQueued = async (petId: string) => {
    let failed = 0;
    for (const [index, file] of queued.entries()) {
      setUploading({ current: index + 1, total: queued.length, progress: 0 });
      try {
        await addPhoto.mutateAsync({ file, input: { params: { ...store, pet: petId } } });
      } catch {
        failed += 1;
      }
    }
    setUploading(null);
    setQueued([]);
    if (failed > 0) bridge.notify(SNACKBAR_TYPE.warn, t('clients.photosNotAdded', { count: failed }));
  };

  const save = async () => {
    const found = validatePetForm(form, today());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = petRequest(form);
    try {
      if (pet) {
        const saved = await update.mutateAsync({ params: { ...store, id: pet.id }, body });
        editor.saved(saved.pet.updated_at);
      } else {
        const saved = await create.mutateAsync({ params: store, body: { ...body, customer_id: owner.customer.id } });
        await sendQueued(saved.pet.id);
        editor.leave(`${base}/pet/${saved.pet.id}`);
      }
    } catch {
      // the error snackbar says it (useApiMutation); the edits stay
    }
  };

  const deletePet = async (id: string) => {
    try {
      await remove.mutateAsync({ params: { ...store, id } });
      editor.leave(ownerPath);
    } catch {
      // the error snackbar says it
    }
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
        actions={
          pet && mayBook ? (
            <Button asChild variant="outline">
              <Link to={bookingPath(orgaId, storeId, owner.customer.id, pet.id)} data-testid="book-pet">
                {t('clients.book')}
              </Link>
            </Button>
          ) : null
        }
        remove={
          pet
            ? {
                label: t('clients.deletePet'),
                question: t('clients.deletePetQuestion', { name: pet.name }),
                onConfirm: () => void deletePet(pet.id),
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
            <PetGallery ctx={ctx} orgaId={orgaId} storeId={storeId} petId={pet.id} />
          </Card.Body>
        </Card.Root>
      ) : (
        <PhotoQueue
          ctx={ctx}
          files={queued}
          onAdd={(file) => setQueued((current) => (current.length < UPLOAD_LIMITS.pet_image.maxFiles ? [...current, file] : current))}
          onRemove={(file) => setQueued((current) => current.filter((other) => other !== file))}
          uploading={uploading && { ...uploading, progress: addPhoto.progress }}
        />
      )}
      {pet ? (
        <Card.Root>
          <Card.Header>
            <Heading size="md">{t('clients.vaccinations')}</Heading>
          </Card.Header>
          <Card.Body>
            <PetVaccinations ctx={ctx} orgaId={orgaId} storeId={storeId} petId={pet.id} petType={pet.pet_type} />
          </Card.Body>
        </Card.Root>
      ) : null}
      {pet ? <PetAppointments ctx={ctx} orgaId={orgaId} storeId={storeId} petId={pet.id} /> : null}
    </Stack>
  );
}
