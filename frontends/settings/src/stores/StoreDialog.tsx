import { Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { useApiMutation, type ApiError, type Store } from '@pawline/api-client';
import { keyOrText } from '@pawline/i18n';
import { FormField, useConfirmLeave } from '@pawline/ui';
import { useMemo, useState } from 'react';
import type { Translate } from '../i18n/translator';
import { FormDialog } from '../shared/FormDialog';
import { CountrySelect } from '../shared/fields';
import { storeWrites } from '../shared/identity-writes';
import { serverFieldErrors } from '../shared/options';
import {
  DEFAULT_TIME_ZONES,
  emptyStoreForm,
  storeFields,
  storeFormOf,
  validateStoreForm,
  type StoreErrors,
  type StoreForm,
} from './store-form';

const SERVER_FIELDS: readonly (keyof StoreForm)[] = ['name', 'address', 'city', 'zip_code', 'country', 'phone', 'time_zone'];

function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : Object.values(DEFAULT_TIME_ZONES);
}

type Props = {
  t: Translate;
  orgaId: string;
  orgaCountry: string | null | undefined;
  store: Store | null;
  onClose: () => void;
  onSaved: () => void;
};

/** Create or edit a store (R3.04): name, address, city, zip, country, address_from_orga, phone, time zone. */
export function StoreDialog({ t, orgaId, orgaCountry, store, onClose, onSaved }: Props) {
  const [initial] = useState<StoreForm>(() => (store ? storeFormOf(store) : emptyStoreForm(orgaCountry)));
  const [form, setForm] = useState<StoreForm>(initial);
  const [errors, setErrors] = useState<StoreErrors>({});
  const effects = { invalidates: storeWrites(orgaId), success: t('settings.changesSaved') };
  const create = useApiMutation('createStore', effects);
  const update = useApiMutation('updateStore', effects);
  const busy = create.isPending || update.isPending;
  const zones = useMemo(timeZones, []);
  const dirty = JSON.stringify(initial) !== JSON.stringify(form);
  const unsaved = t('common.unsavedChanges');
  useConfirmLeave(dirty && !busy, unsaved);

  const set = <K extends keyof StoreForm>(key: K, value: StoreForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const err = (key: keyof StoreForm) => (errors[key] ? keyOrText(t, errors[key]) : undefined);
  const close = () => {
    if (!dirty || window.confirm(unsaved)) onClose();
  };

  const submit = () => {
    const found = validateStoreForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = storeFields(form);
    // the server's field messages (R8.04) go next to the fields, its message to the error snackbar; the dialog stays
    const then = { onSuccess: onSaved, onError: (error: ApiError) => setErrors(serverFieldErrors(error.fields, SERVER_FIELDS)) };
    if (store) update.mutate({ params: { orga: orgaId, store: store.id }, body }, then);
    else create.mutate({ params: { orga: orgaId }, body }, then);
  };

  return (
    <FormDialog
      title={store ? t('settings.editStore') : t('settings.newStore')}
      testId="store-dialog"
      saveLabel={t('common.save')}
      cancelLabel={t('common.cancel')}
      busy={busy}
      onSubmit={submit}
      onClose={close}
    >
      <Stack gap="4">
        <FormField label={t('settings.storeName')} required error={err('name')}>
          <Input name="name" value={form.name} onChange={(e) => set('name', e.currentTarget.value)} />
        </FormField>
        <Checkbox.Root checked={form.address_from_orga} onCheckedChange={(e) => set('address_from_orga', e.checked === true)}>
          <Checkbox.HiddenInput name="address_from_orga" />
          <Checkbox.Control />
          <Checkbox.Label>{t('settings.addressFromOrga')}</Checkbox.Label>
        </Checkbox.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <FormField label={t('settings.address')} error={err('address')}>
            <Input
              name="address"
              value={form.address}
              disabled={form.address_from_orga}
              onChange={(e) => set('address', e.currentTarget.value)}
            />
          </FormField>
          <FormField label={t('settings.city')} error={err('city')}>
            <Input name="city" value={form.city} disabled={form.address_from_orga} onChange={(e) => set('city', e.currentTarget.value)} />
          </FormField>
          <FormField label={t('settings.zipCode')} error={err('zip_code')}>
            <Input
              name="zip_code"
              value={form.zip_code}
              disabled={form.address_from_orga}
              onChange={(e) => set('zip_code', e.currentTarget.value)}
            />
          </FormField>
          <FormField label={t('settings.country')} required error={err('country')}>
            <CountrySelect
              name="country"
              value={form.country}
              t={t}
              onChange={(value) =>
                setForm((current) => ({
                  ...current,
                  country: value,
                  // follow the country while the zone is still its default
                  time_zone:
                    value && (current.time_zone === '' || Object.values(DEFAULT_TIME_ZONES).includes(current.time_zone))
                      ? DEFAULT_TIME_ZONES[value]
                      : current.time_zone,
                }))
              }
            />
          </FormField>
          <FormField label={t('settings.phone')} error={err('phone')}>
            <Input name="phone" type="tel" value={form.phone} onChange={(e) => set('phone', e.currentTarget.value)} />
          </FormField>
          <FormField label={t('settings.timeZone')} required error={err('time_zone')} helper={t('settings.timeZoneHint')}>
            <Input
              name="time_zone"
              list="pawline-time-zones"
              value={form.time_zone}
              onChange={(e) => set('time_zone', e.currentTarget.value)}
            />
            <datalist id="pawline-time-zones">
              {zones.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          </FormField>
        </SimpleGrid>
      </Stack>
    </FormDialog>
  );
}
