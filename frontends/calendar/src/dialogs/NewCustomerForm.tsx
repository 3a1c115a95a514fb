import { Box, Button, HStack, Input, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { apiQueryFilter, useApiMutation } from '@pawline/api-client';
import { FormField } from '@pawline/ui';
import { useState } from 'react';
import type { StoreParams } from '../api/scheduling-api';
import type { Translate } from '../i18n/translator';
import {
  customerBodyOf,
  newCustomerFormOf,
  petBodyOf,
  QUICK_PET_HAIRS,
  QUICK_PET_SIZES,
  QUICK_PET_TYPES,
  validateNewCustomer,
  type NewCustomerErrors,
  type NewCustomerForm as Form,
} from './new-customer';
import type { ChosenCustomer } from './useCustomerPicker';

type Props = {
  t: Translate;
  at: StoreParams;
  /** what was searched: the new customer's name or phone */
  search: string;
  onCreated: (customer: ChosenCustomer) => void;
  onCancel: () => void;
};

/**
 * A customer on the phone, added inside the appointment dialog (issues 26, 29): name, phone and the first pet,
 * created through crm (customer, then pet) and then chosen, so the pet is picked and the booking goes on.
 */
export function NewCustomerForm({ t, at, search, onCreated, onCancel }: Props) {
  const [form, setForm] = useState<Form>(() => newCustomerFormOf(search));
  const [errors, setErrors] = useState<NewCustomerErrors>({});
  const lists = [apiQueryFilter('listCustomers', at), apiQueryFilter('listPets', at)];
  const createCustomer = useApiMutation('createCustomer', { invalidates: lists });
  const createPet = useApiMutation('createPet', { invalidates: lists, success: t('calendar.customerAdded') });
  const busy = createCustomer.isPending || createPet.isPending;
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const err = (key: keyof NewCustomerErrors) => (errors[key] ? t(errors[key]) : null);

  const submit = async () => {
    const found = validateNewCustomer(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const { customer } = await createCustomer.mutateAsync({ params: at, body: customerBodyOf(form) });
      await createPet.mutateAsync({ params: at, body: petBodyOf(form, customer.id) });
      onCreated({ id: customer.id, first_name: customer.first_name, last_name: customer.last_name });
    } catch {
      // the failure is shown in the user's language by the data layer; the form stays as typed
    }
  };

  return (
    <Box data-testid="new-customer-form" borderWidth="1px" rounded="md" p="3" w="full">
      <Text fontWeight="semibold" fontSize="sm" mb="2">
        {t('calendar.newCustomer')}
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="2">
        <FormField label={t('calendar.firstName')} required error={err('first_name')}>
          <Input
            data-testid="new-first-name"
            value={form.first_name}
            maxLength={100}
            onChange={(e) => set('first_name', e.currentTarget.value)}
          />
        </FormField>
        <FormField label={t('calendar.lastName')}>
          <Input
            data-testid="new-last-name"
            value={form.last_name}
            maxLength={100}
            onChange={(e) => set('last_name', e.currentTarget.value)}
          />
        </FormField>
        <FormField label={t('calendar.phone')} error={err('fon')}>
          <Input data-testid="new-phone" type="tel" value={form.fon} maxLength={40} onChange={(e) => set('fon', e.currentTarget.value)} />
        </FormField>
        <FormField label={t('calendar.petName')} required error={err('pet_name')}>
          <Input
            data-testid="new-pet-name"
            value={form.pet_name}
            maxLength={100}
            onChange={(e) => set('pet_name', e.currentTarget.value)}
          />
        </FormField>
        <FormField label={t('calendar.petType')}>
          <NativeSelect.Root>
            <NativeSelect.Field data-testid="new-pet-type" value={form.pet_type} onChange={(e) => set('pet_type', e.currentTarget.value)}>
              {QUICK_PET_TYPES.map((type) => (
                <option key={type.value} value={String(type.value)}>
                  {t(type.label)}
                </option>
              ))}
            </NativeSelect.Field>
          </NativeSelect.Root>
        </FormField>
        <OptionalChoice
          label={t('clients.pet_size')}
          testId="new-pet-size"
          value={form.size}
          choices={QUICK_PET_SIZES}
          labelOf={(size) => t(`clients.size_${size}`)}
          onChange={(size) => set('size', size)}
        />
        <OptionalChoice
          label={t('clients.pet_hair')}
          testId="new-pet-hair"
          value={form.hair}
          choices={QUICK_PET_HAIRS}
          labelOf={(hair) => t(`clients.hair_${hair}`)}
          onChange={(hair) => set('hair', hair)}
        />
      </SimpleGrid>
      <HStack mt="3" gap="2">
        <Button size="sm" colorPalette="blue" loading={busy} onClick={() => void submit()} data-testid="new-customer-save">
          {t('calendar.addCustomer')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel} data-testid="new-customer-cancel">
          {t('calendar.backToSearch')}
        </Button>
      </HStack>
    </Box>
  );
}

/** A pet detail the caller may not know: '–' (none) or one of the choices. */
function OptionalChoice<V extends string>(props: {
  label: string;
  testId: string;
  value: V | '';
  choices: readonly V[];
  labelOf: (choice: V) => string;
  onChange: (choice: V | '') => void;
}) {
  const { label, testId, value, choices, labelOf, onChange } = props;
  return (
    <FormField label={label}>
      <NativeSelect.Root>
        <NativeSelect.Field data-testid={testId} value={value} onChange={(e) => onChange(e.currentTarget.value as V | '')}>
          <option value="">–</option>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {labelOf(choice)}
            </option>
          ))}
        </NativeSelect.Field>
      </NativeSelect.Root>
    </FormField>
  );
}
