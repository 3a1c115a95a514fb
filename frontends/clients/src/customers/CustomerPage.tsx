import { Badge, Button, Card, Heading, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { isApiError } from '@pawline/api-client';
import type { CrmSettings, CustomerDetail, ExternalService, StoredFile, Tag } from '@pawline/contracts';
import { EmptyState, FormField } from '@pawline/ui';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import type { PetListItem } from '../api/crm-api';
import { UploadButton } from '../files/UploadButton';
import { errorText, fieldMessage, type ClientsContext } from '../shared/clients-context';
import { DetailFrame } from '../shared/DetailFrame';
import { EditorHeader } from '../shared/EditorHeader';
import { useDetailPage } from '../shared/useDetailPage';
import { useEditorForm } from '../shared/useEditorForm';
import { TagsCard } from '../tags/TagsCard';
import { sortAssigned, tagSymbol } from '../tags/tag-icons';
import { petTypeKey } from '../pets/pet-labels';
import {
  customerFormFrom,
  customerRequest,
  emptyCustomerForm,
  validateCustomerForm,
  type CustomerForm,
  type CustomerFormErrors,
  type CustomerTextField,
} from './customer-form';

type PageData = {
  detail: CustomerDetail | null;
  tags: Tag[];
  services: ExternalService[];
  settings: CrmSettings | null;
  pets: PetListItem[];
  files: StoredFile[];
};

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
export function CustomerPage({
  ctx,
  orgaId,
  storeId,
  customerId,
}: {
  ctx: ClientsContext;
  orgaId: string;
  storeId: string;
  customerId: string;
}) {
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
  // R4.20: the customer's change, one of its pets' or a tag's refetches the page
  const { load, reload, deleted, onDirty } = useDetailPage(ctx, loader, isNew, (value) => ({
    entity: 'customer',
    id: customerId,
    petIds: value ? value.pets.map((pet) => pet.id) : [],
  }));

  return (
    <DetailFrame
      load={load}
      onRetry={reload}
      deleted={deleted}
      deletedTitle={t('clients.customerDeletedElsewhere')}
      back={{ to: `/${orgaId}/store/${storeId}/customers`, label: t('clients.backToCustomers') }}
      t={t}
    >
      {(data) => (
        <CustomerEditor
          key={data.detail?.customer.updated_at ?? 'new'}
          ctx={ctx}
          orgaId={orgaId}
          storeId={storeId}
          data={data}
          onReload={reload}
          onDirty={onDirty}
        />
      )}
    </DetailFrame>
  );
}

function CustomerEditor({
  ctx,
  orgaId,
  storeId,
  data,
  onReload,
  onDirty,
}: {
  ctx: ClientsContext;
  orgaId: string;
  storeId: string;
  data: PageData;
  onReload: () => void;
  onDirty: (dirty: boolean) => void;
}) {
  const { crm, t, bridge } = ctx;
  const customer = data.detail?.customer ?? null;
  const { form, set, busy, saveWith, deleteWith, goTo } = useEditorForm<CustomerForm>(
    ctx,
    () => (data.detail ? customerFormFrom(data.detail) : emptyCustomerForm()),
    onDirty,
  );
  const [errors, setErrors] = useState<CustomerFormErrors>({});
  const [files, setFiles] = useState<StoredFile[]>(data.files);
  const mandatory = data.settings?.mandatory_customer_info ?? [];
  const base = `/${orgaId}/store/${storeId}`;

  const save = async () => {
    const found = validateCustomerForm(form, mandatory);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await saveWith(
      () =>
        customer
          ? crm.updateCustomer(orgaId, storeId, customer.id, customerRequest(form))
          : crm.createCustomer(orgaId, storeId, customerRequest(form)),
      t('clients.customerSaved'),
      (saved) => (customer ? onReload() : goTo(`${base}/customer/${saved.customer.id}`)),
      (error) => {
        if (isApiError(error) && error.fields) {
          setErrors(Object.fromEntries(Object.entries(error.fields).map(([name, message]) => [name, fieldMessage(t, message)])));
        }
      },
    );
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

  const errorFor = (field: CustomerTextField) => (errors[field] ? fieldMessage(t, errors[field]) : null);
  const title = customer ? `${customer.first_name} ${customer.last_name}`.trim() : t('clients.newCustomer');

  return (
    <Stack gap="5" data-testid="customer-page">
      <EditorHeader
        back={<Link to={`${base}/customers`}>{`← ${t('clients.customers')}`}</Link>}
        title={title}
        actions={
          customer ? (
            <Button variant="outline" onClick={() => void exportJson()} data-testid="export-customer">
              {t('clients.exportCustomer')}
            </Button>
          ) : null
        }
        remove={
          customer
            ? {
                label: t('clients.deleteCustomer'),
                question: t('clients.deleteCustomerQuestion', { name: title }),
                hint: t('clients.deleteCustomerHint'),
                onConfirm: () =>
                  void deleteWith(
                    () => crm.deleteCustomer(orgaId, storeId, customer.id),
                    t('clients.customerDeleted'),
                    `${base}/customers`,
                  ),
              }
            : null
        }
        busy={busy}
        onSave={() => void save()}
        saveTestId="save-customer"
        t={t}
      />
      <Card.Root>
        <Card.Header>
          <Heading size="md">{t('clients.customerData')}</Heading>
        </Card.Header>
        <Card.Body>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {TEXT_INPUTS.map(({ field, type }) => (
              <FormField
                key={field}
                label={t(`clients.field_${field}`)}
                error={errorFor(field)}
                required={field === 'first_name' || mandatory.includes(field as never)}
              >
                <Input
                  name={field}
                  type={type ?? 'text'}
                  maxLength={field === 'country' ? 2 : undefined}
                  value={form[field]}
                  onChange={(e) => set(field, e.currentTarget.value)}
                />
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
      <TagsCard tags={data.tags} value={form.tag_ids} onChange={(ids) => set('tag_ids', ids)} t={t} testId="customer-tags" />
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
    </Stack>
  );
}
