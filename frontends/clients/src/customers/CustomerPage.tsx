import { Button, Card, Heading, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { API_ROUTES, useApiHttp, useApiMutation, useApiQuery, type ApiError } from '@pawline/api-client';
import type { CrmSettings, ExternalService } from '@pawline/contracts';
import { apiErrorText, FormField, QueryState, SNACKBAR_TYPE } from '@pawline/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { CUSTOMER_PETS_LIMIT, customerWrites, petListQuery, type CustomerDetail, type PetListItem, type Tag } from '../api/crm-api';
import { fieldMessage, type ClientsContext } from '../shared/clients-context';
import { DeletedElsewhere } from '../shared/DeletedElsewhere';
import { EditorHeader } from '../shared/EditorHeader';
import { allParts, optionalPart, readyPart } from '../shared/query-parts';
import { useEditorForm } from '../shared/useEditorForm';
import { TagsCard } from '../tags/TagsCard';
import {
  customerFormFrom,
  customerRequest,
  emptyCustomerForm,
  validateCustomerForm,
  type CustomerForm,
  type CustomerFormErrors,
  type CustomerTextField,
} from './customer-form';
import { CustomerAppointments } from './CustomerAppointments';
import { CustomerOverview } from './CustomerOverview';
import { AgreementCard } from './AgreementCard';
import { NoShowRiskCard } from './NoShowRiskCard';
import { CustomerPetsCard } from './CustomerPetsCard';
import { PrivacyFileCard } from './PrivacyFileCard';

type PageData = {
  detail: CustomerDetail | null;
  tags: Tag[];
  services: ExternalService[];
  settings: CrmSettings | null;
  pets: { items: PetListItem[] };
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
  const { t, bridge } = ctx;
  const isNew = customerId === 'new';
  const store = { orga: orgaId, store: storeId };
  const customer = useApiQuery('getCustomer', { params: { ...store, id: customerId } }, { enabled: !isNew });
  const tags = useApiQuery('listTags', { params: { orga: orgaId }, query: { kind: 'customer' } });
  const services = useApiQuery('listExternalServices', { params: { orga: orgaId } });
  const settings = useApiQuery('getCrmSettings', { params: { orga: orgaId } });
  const pets = useApiQuery(
    'listPets',
    { params: store, query: petListQuery({ customer_id: customerId, limit: CUSTOMER_PETS_LIMIT }) },
    { enabled: !isNew },
  );
  // R4.20: the realtime table reads the customer, its pets and the tags again; a customer gone answers 404
  const page = allParts({
    detail: isNew ? readyPart(null) : customer,
    tags,
    services,
    // R5.13 mandatory customer information; a failure leaves only the first name required
    settings: optionalPart(settings, null),
    pets: isNew ? readyPart({ items: [] }) : pets,
  });

  return (
    <QueryState
      query={page}
      language={bridge.language}
      errorTitle={t('clients.loadFailed')}
      gone={
        <DeletedElsewhere
          title={t('clients.customerDeletedElsewhere')}
          description={t('clients.deletedElsewhereHint')}
          backTo={`/${orgaId}/store/${storeId}/customers`}
          backLabel={t('clients.backToCustomers')}
        />
      }
    >
      {(data) => <CustomerEditor key={customerId} ctx={ctx} orgaId={orgaId} storeId={storeId} data={data} />}
    </QueryState>
  );
}

function CustomerEditor({ ctx, orgaId, storeId, data }: { ctx: ClientsContext; orgaId: string; storeId: string; data: PageData }) {
  const { t, bridge } = ctx;
  const http = useApiHttp();
  const customer = data.detail?.customer ?? null;
  const editor = useEditorForm<CustomerForm>(ctx, {
    form: data.detail ? customerFormFrom(data.detail) : emptyCustomerForm(),
    version: customer?.updated_at ?? null,
  });
  const { form, set } = editor;
  const [errors, setErrors] = useState<CustomerFormErrors>({});
  const mandatory = data.settings?.mandatory_customer_info ?? [];
  const base = `/${orgaId}/store/${storeId}`;
  const store = { orga: orgaId, store: storeId };
  // a refused write names its fields: shown at them, besides the error snackbar
  const showFields = (error: ApiError) => {
    if (error.fields)
      setErrors(Object.fromEntries(Object.entries(error.fields).map(([name, message]) => [name, fieldMessage(t, message)])));
  };
  const create = useApiMutation('createCustomer', {
    invalidates: customerWrites(orgaId, storeId),
    success: t('clients.customerSaved'),
    onError: showFields,
  });
  const update = useApiMutation('updateCustomer', {
    invalidates: (answer) => customerWrites(orgaId, storeId, answer.customer.id),
    success: t('clients.customerSaved'),
    onError: showFields,
  });
  const remove = useApiMutation('deleteCustomer', { invalidates: customerWrites(orgaId, storeId), success: t('clients.customerDeleted') });
  const busy = create.isPending || update.isPending || remove.isPending;

  const save = async () => {
    const found = validateCustomerForm(form, mandatory);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      if (customer) {
        const saved = await update.mutateAsync({ params: { ...store, id: customer.id }, body: customerRequest(form) });
        editor.saved(saved.customer.updated_at);
      } else {
        const saved = await create.mutateAsync({ params: store, body: customerRequest(form) });
        editor.leave(`${base}/customer/${saved.customer.id}`);
      }
    } catch {
      // the error snackbar and the fields say it (useApiMutation); the edits stay
    }
  };

  const deleteCustomer = async (id: string) => {
    try {
      await remove.mutateAsync({ params: { ...store, id } });
      editor.leave(`${base}/customers`);
    } catch {
      // the error snackbar says it
    }
  };

  const exportJson = async () => {
    if (!customer) return;
    try {
      const exported = await http.request(API_ROUTES.exportCustomer, { params: { ...store, id: customer.id } });
      const url = URL.createObjectURL(new Blob([JSON.stringify(exported, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `customer-${customer.id}.json`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      bridge.notify(SNACKBAR_TYPE.error, apiErrorText(error, bridge.language));
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
                onConfirm: () => void deleteCustomer(customer.id),
              }
            : null
        }
        busy={busy}
        onSave={() => void save()}
        saveTestId="save-customer"
        t={t}
      />
      {customer && data.detail ? (
        <>
          <CustomerOverview ctx={ctx} orgaId={orgaId} storeId={storeId} detail={data.detail} />
          <NoShowRiskCard ctx={ctx} orgaId={orgaId} storeId={storeId} customerId={customer.id} />
          <AgreementCard ctx={ctx} orgaId={orgaId} storeId={storeId} customerId={customer.id} />
          <CustomerPetsCard ctx={ctx} base={base} customerId={customer.id} pets={data.pets.items} />
          <CustomerAppointments ctx={ctx} orgaId={orgaId} storeId={storeId} customerId={customer.id} pets={data.pets.items} />
        </>
      ) : null}
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
      {customer ? <PrivacyFileCard ctx={ctx} orgaId={orgaId} storeId={storeId} customerId={customer.id} /> : null}
    </Stack>
  );
}
