import { Badge, Button, Card, Checkbox, Heading, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { isApiError } from '@pawline/api-client';
import type { CrmSettings, CustomerDetail, ExternalService, StoredFile, Tag } from '@pawline/contracts';
import { ConfirmDialog, EmptyState, ErrorState, FormField, LoadingState, useConfirmLeave } from '@pawline/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PetListItem } from '../api/crm-api';
import { UploadButton } from '../files/UploadButton';
import { pageActionOf } from '../realtime/crm-events';
import { errorText, fieldMessage, type ClientsContext } from '../shared/clients-context';
import { DeletedElsewhere } from '../shared/DeletedElsewhere';
import { useCrmEvents } from '../shared/useCrmEvents';
import { useLoad } from '../shared/useLoad';
import { TagPicker } from '../tags/TagPicker';
import { sortAssigned, tagSymbol } from '../tags/tag-icons';
import { petTypeKey } from '../pets/pet-labels';
import { customerFormFrom, customerRequest, emptyCustomerForm, sameForm, validateCustomerForm, type CustomerForm, type CustomerFormErrors, type CustomerTextField } from './customer-form';

type PageData = { detail: CustomerDetail | null; tags: Tag[]; services: ExternalService[]; settings: CrmSettings | null; pets: PetListItem[]; files: StoredFile[] };

const TEXT_INPUTS: { field: CustomerTextField; type?: string }[] = [
  { field: 'first_name' },
  { field: 'last_name' },
  { field: 'fon', type: 'tel' },
  { field: 'fon_2', type: 'tel' },
  { field: 'email', type: 'email' },
  { field: 'address' },
  { field: 'city' },
  { field: 'zip_code' },
  { field: 'country' },
];

/** /{orgaId}/store/{storeId}/customer/{customerId} ('new' creates): data, consents, tags, external ids, pets, privacy file. */
export function CustomerPage({ ctx, orgaId, storeId, customerId }: { ctx: ClientsContext; orgaId: string; storeId: string; customerId: string }) {
  const { crm, t } = ctx;
  const isNew = customerId === 'new';
  const loader = useCallback(async (): Promise<PageData> => {
    const [detail, tags, services, settings, pets, files] = await Promise.all([
      isNew ? Promise.resolve(null) : crm.getCustomer(orgaId, storeId, customerId),
      crm.listTags(orgaId, 'customer'),
      crm.listExternalServices(orgaId),
      // R5.13 mandatory customer information; a failure leaves only the first name required
      crm.getCrmSettings(orgaId).catch(() => null),
      isNew ? Promise.resolve({ items: [], page_size: 0 }) : crm.listPets(orgaId, storeId, { customer_id: customerId, limit: 200 }),
      isNew ? Promise.resolve([]) : crm.listPrivacyFiles(orgaId, storeId, customerId),
    ]);
    return { detail, tags, services, settings, pets: pets.items, files };
  }, [crm, orgaId, storeId, customerId, isNew]);
  const { load, reload } = useLoad(loader);
  const [deleted, setDeleted] = useState(false);
  const dirtyRef = useRef(false);

  // R4.20: this customer deleted elsewhere shows so; its change, its pets' or a tag's refetches
  useCrmEvents(ctx.bridge, (event) => {
    if (isNew || deleted) return;
    const petIds = load.status === 'ready' ? load.value.pets.map((pet) => pet.id) : [];
    const action = pageActionOf(event, { entity: 'customer', id: customerId, petIds });
    if (action === 'deleted') setDeleted(true);
    else if (action === 'refetch') {
      // unsaved edits are kept: a refetch of the customer itself would replace the form
      if (event.entity === 'customer' && dirtyRef.current) ctx.bridge.notify(1, t('clients.changedElsewhere'));
      else reload();
    }
  });

  if (deleted) {
    return <DeletedElsewhere title={t('clients.customerDeletedElsewhere')} description={t('clients.deletedElsewhereHint')} backTo={`/${orgaId}/store/${storeId}/customers`} backLabel={t('clients.backToCustomers')} />;
  }
  if (load.status === 'loading') return <LoadingState label={t('common.loading')} />;
  if (load.status === 'failed') return <ErrorState title={t('clients.loadFailed')} message={load.message} retryLabel={t('common.retry')} onRetry={reload} />;
  return <CustomerEditor key={load.value.detail?.customer.updated_at ?? 'new'} ctx={ctx} orgaId={orgaId} storeId={storeId} data={load.value} onReload={reload} onDirty={(dirty) => void (dirtyRef.current = dirty)} />;
}

function CustomerEditor({ ctx, orgaId, storeId, data, onReload, onDirty }: { ctx: ClientsContext; orgaId: string; storeId: string; data: PageData; onReload: () => void; onDirty: (dirty: boolean) => void }) {
  const { crm, t, bridge } = ctx;
  const navigate = useNavigate();
  const customer = data.detail?.customer ?? null;
  const [initial, setInitial] = useState<CustomerForm>(() => (data.detail ? customerFormFrom(data.detail) : emptyCustomerForm()));
  const [form, setForm] = useState<CustomerForm>(initial);
  const [errors, setErrors] = useState<CustomerFormErrors>({});
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [goTo, setGoTo] = useState<string | null>(null);
  const [files, setFiles] = useState<StoredFile[]>(data.files);
  const dirty = !sameForm(form, initial);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  const mandatory = data.settings?.mandatory_customer_info ?? [];
  useConfirmLeave(dirty, t('clients.unsavedChanges'));
  const base = `/${orgaId}/store/${storeId}`;

  // navigate only once the saved form is no longer dirty, so the leave guard lets it through
  useEffect(() => {
    if (goTo && !dirty) void navigate(goTo, { replace: true });
  }, [goTo, dirty, navigate]);

  const set = <K extends keyof CustomerForm>(field: K, value: CustomerForm[K]) => setForm((current) => ({ ...current, [field]: value }));

  const save = async () => {
    const found = validateCustomerForm(form, mandatory);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const saved = customer ? await crm.updateCustomer(orgaId, storeId, customer.id, customerRequest(form)) : await crm.createCustomer(orgaId, storeId, customerRequest(form));
      bridge.notify(2, t('clients.customerSaved'));
      setInitial(form);
      if (!customer) setGoTo(`${base}/customer/${saved.customer.id}`);
      else onReload();
    } catch (error) {
      if (isApiError(error) && error.fields) {
        setErrors(Object.fromEntries(Object.entries(error.fields).map(([name, message]) => [name, fieldMessage(t, message)])));
      }
      bridge.notify(0, errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!customer) return;
    setBusy(true);
    try {
      await crm.deleteCustomer(orgaId, storeId, customer.id);
      bridge.notify(2, t('clients.customerDeleted'));
      setInitial(form);
      setGoTo(`${base}/customers`);
    } catch (error) {
      bridge.notify(0, errorText(error));
      setBusy(false);
    }
  };

  const exportJson = async () => {
    if (!customer) return;
    try {
      const data = await crm.exportCustomer(orgaId, storeId, customer.id);
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `customer-${customer.id}.json`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      bridge.notify(0, errorText(error));
    }
  };

  const openFile = async (file: StoredFile) => {
    if (!customer) return;
    try {
      const blob = await crm.privacyFileBlob(orgaId, storeId, customer.id, file.id);
      window.open(URL.createObjectURL(blob), '_blank', 'noopener');
    } catch (error) {
      bridge.notify(0, errorText(error));
    }
  };

  const removeFile = async (file: StoredFile) => {
    if (!customer) return;
    try {
      await crm.deletePrivacyFile(orgaId, storeId, customer.id, file.id);
      setFiles((current) => current.filter((other) => other.id !== file.id));
    } catch (error) {
      bridge.notify(0, errorText(error));
    }
  };

  const errorFor = (field: CustomerTextField) => (errors[field] ? t(errors[field]) : null);
  const title = customer ? `${customer.first_name} ${customer.last_name}`.trim() : t('clients.newCustomer');

  return (
    <Stack gap="5" data-testid="customer-page">
      <HStack justify="space-between" wrap="wrap">
        <Stack gap="0">
          <Link to={`${base}/customers`}>{`← ${t('clients.customers')}`}</Link>
          <Heading size="lg">{title}</Heading>
        </Stack>
        <HStack>
          {customer ? (
            <Button variant="outline" onClick={() => void exportJson()} data-testid="export-customer">
              {t('clients.exportCustomer')}
            </Button>
          ) : null}
          {customer ? (
            <Button variant="outline" colorPalette="red" onClick={() => setConfirmDelete(true)}>
              {t('clients.deleteCustomer')}
            </Button>
          ) : null}
          <Button colorPalette="brand" loading={busy} onClick={() => void save()} data-testid="save-customer">
            {t('clients.save')}
          </Button>
        </HStack>
      </HStack>
      <Card.Root>
        <Card.Header>
          <Heading size="md">{t('clients.customerData')}</Heading>
        </Card.Header>
        <Card.Body>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {TEXT_INPUTS.map(({ field, type }) => (
              <FormField key={field} label={t(`clients.field_${field}`)} error={errorFor(field)} required={field === 'first_name' || mandatory.includes(field as never)}>
                <Input name={field} type={type ?? 'text'} maxLength={field === 'country' ? 2 : undefined} value={form[field]} onChange={(e) => set(field, e.currentTarget.value)} />
              </FormField>
            ))}
          </SimpleGrid>
          <Stack gap="3" mt="3">
            <FormField label={t('clients.field_veterinary')}>
              <Textarea name="veterinary" value={form.veterinary} onChange={(e) => set('veterinary', e.currentTarget.value)} />
            </FormField>
            <FormField label={t('clients.field_notes')}>
              <Textarea name="notes" value={form.notes} onChange={(e) => set('notes', e.currentTarget.value)} />
            </FormField>
          </Stack>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Heading size="md">{t('clients.consents')}</Heading>
        </Card.Header>
        <Card.Body gap="2">
          {(['consent_messages', 'consent_reminders', 'consent_marketing'] as const).map((field) => (
            <Checkbox.Root key={field} checked={form[field]} onCheckedChange={(e) => set(field, e.checked === true)}>
              <Checkbox.HiddenInput name={field} />
              <Checkbox.Control />
              <Checkbox.Label>{t(`clients.${field}`)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Heading size="md">{t('clients.tags')}</Heading>
        </Card.Header>
        <Card.Body>
          {data.tags.length === 0 ? <Text color="fg.muted">{t('clients.noTagsDefined')}</Text> : <TagPicker tags={data.tags} value={form.tag_ids} onChange={(ids) => set('tag_ids', ids)} t={t} testId="customer-tags" />}
        </Card.Body>
      </Card.Root>
      {data.services.length > 0 ? (
        <Card.Root>
          <Card.Header>
            <Heading size="md">{t('clients.externalServices')}</Heading>
          </Card.Header>
          <Card.Body>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              {data.services.map((service) => (
                <FormField key={service.id} label={`${service.name} (${service.service_id})`}>
                  <Input
                    name={`external-${service.service_id}`}
                    value={form.external_ids[service.id] ?? ''}
                    onChange={(e) => set('external_ids', { ...form.external_ids, [service.id]: e.currentTarget.value })}
                  />
                </FormField>
              ))}
            </SimpleGrid>
          </Card.Body>
        </Card.Root>
      ) : null}
      {customer ? (
        <>
          <Card.Root data-testid="customer-pets">
            <Card.Header>
              <HStack justify="space-between">
                <Heading size="md">{t('clients.pets')}</Heading>
                <Button asChild size="sm" colorPalette="brand">
                  <Link to={`${base}/pet/new?customer=${customer.id}`} data-testid="add-pet">
                    {t('clients.addPet')}
                  </Link>
                </Button>
              </HStack>
            </Card.Header>
            <Card.Body>
              {data.pets.length === 0 ? <EmptyState title={t('clients.noPets')} /> : null}
              <Stack gap="2">
                {data.pets.map((pet) => (
                  <HStack key={pet.id} gap="3" data-testid="customer-pet">
                    <Link to={`${base}/pet/${pet.id}`}>
                      <Text as="span" color="brand.600" fontWeight="medium">
                        {pet.name}
                      </Text>
                    </Link>
                    <Text color="fg.muted">{[t(petTypeKey(pet.pet_type)), pet.breed].filter(Boolean).join(' · ')}</Text>
                    {sortAssigned(pet.tags).map((tag) => (
                      <Badge key={tag.tag_id}>{`${tagSymbol(tag)} ${tag.name}`.trim()}</Badge>
                    ))}
                  </HStack>
                ))}
              </Stack>
            </Card.Body>
          </Card.Root>
          <Card.Root data-testid="privacy-file">
            <Card.Header>
              <Heading size="md">{t('clients.privacyFile')}</Heading>
            </Card.Header>
            <Card.Body gap="3">
              {files.length === 0 ? <Text color="fg.muted">{t('clients.noPrivacyFile')}</Text> : null}
              {files.map((file) => (
                <HStack key={file.id} data-testid="privacy-file-row">
                  <Button size="sm" variant="ghost" onClick={() => void openFile(file)}>
                    {file.file_name}
                  </Button>
                  <Text fontSize="sm" color="fg.muted">{`${Math.ceil(file.size / 1024)} KB`}</Text>
                  <Button size="sm" variant="ghost" colorPalette="red" onClick={() => void removeFile(file)}>
                    {t('clients.delete')}
                  </Button>
                </HStack>
              ))}
              <UploadButton
                kind="customer_privacy"
                existingCount={files.length}
                start={(file, onProgress) => crm.uploadPrivacyFile(orgaId, storeId, customer.id, file, onProgress)}
                onUploaded={(file) => setFiles((current) => [...current, file])}
                label={t('clients.uploadPrivacyFile')}
                t={t}
                notify={bridge.notify}
                testId="privacy-upload"
              />
            </Card.Body>
          </Card.Root>
        </>
      ) : null}
      <ConfirmDialog
        open={confirmDelete}
        title={t('clients.deleteCustomerQuestion', { name: title })}
        confirmLabel={t('clients.delete')}
        cancelLabel={t('clients.cancel')}
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      >
        <Text>{t('clients.deleteCustomerHint')}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
