import { HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useApiMutation, type ApiError } from '@pawline/api-client';
import { FormField, useConfirmLeave } from '@pawline/ui';
import { useState } from 'react';
import type { Translate } from '../i18n/translator';
import { FormDialog } from '../shared/FormDialog';
import {
  API_KEY_AREAS,
  API_KEY_NAME_MAX,
  apiKeyCreation,
  EMPTY_API_KEY_FORM,
  localDay,
  validateApiKeyForm,
  type ApiKeyArea,
  type ApiKeyErrors,
  type ApiKeyForm,
  type AreaAccess,
} from './api-key-form';
import { apiKeyWrites, type CreatedApiKey } from './api-keys-api';

export const AREA_LABEL = {
  calendar: 'settings.apiKeyAreaCalendar',
  customers: 'settings.apiKeyAreaCustomers',
  booking: 'settings.apiKeyAreaBooking',
  messaging: 'settings.apiKeyAreaMessaging',
} as const satisfies Record<ApiKeyArea, string>;

export const LEVEL_LABEL = {
  none: 'settings.apiKeyLevelNone',
  read: 'settings.apiKeyLevelRead',
  write: 'settings.apiKeyLevelWrite',
} as const satisfies Record<AreaAccess, string>;

type Props = {
  t: Translate;
  orgaId: string;
  stores: readonly { id: string; name: string }[];
  onClose: () => void;
  onCreated: (created: CreatedApiKey) => void;
};

/** A new API key (issue 33): its name, access per area, stores and last day; the secret is shown by the page. */
export function ApiKeyDialog({ t, orgaId, stores, onClose, onCreated }: Props) {
  const [form, setForm] = useState<ApiKeyForm>(EMPTY_API_KEY_FORM);
  const [errors, setErrors] = useState<ApiKeyErrors>({});
  const create = useApiMutation('createApiKey', {
    invalidates: apiKeyWrites(orgaId),
    success: (created) => t('settings.apiKeyCreated', { name: created.key.name }),
  });
  const dirty = JSON.stringify(form) !== JSON.stringify(EMPTY_API_KEY_FORM);
  const unsaved = t('common.unsavedChanges');
  useConfirmLeave(dirty && !create.isPending, unsaved);

  const set = <K extends keyof ApiKeyForm>(key: K, value: ApiKeyForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const close = () => {
    // R5.15: closing a changed form asks first
    if (!dirty || window.confirm(unsaved)) onClose();
  };
  const toggleStore = (id: string, on: boolean) =>
    set('storeIds', on ? [...form.storeIds, id] : form.storeIds.filter((storeId) => storeId !== id));

  const submit = () => {
    const found = validateApiKeyForm(form, localDay(new Date()));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // the server's field problems (a store deleted meanwhile, a day that passed) next to their fields
    const onError = (error: ApiError) => {
      const fields = error.fields ?? {};
      setErrors({
        ...(fields['name'] ? { name: 'settings.apiKeyNameTooLong' } : {}),
        ...(Object.keys(fields).some((field) => field.startsWith('scopes')) ? { access: 'settings.apiKeyNoScope' } : {}),
        ...(fields['store_ids'] ? { storeIds: 'settings.apiKeyNoStore' } : {}),
        ...(fields['expires_at'] ? { expiresOn: 'settings.apiKeyExpiryPast' } : {}),
      });
    };
    create.mutate({ params: { orga: orgaId }, body: apiKeyCreation(form) }, { onSuccess: onCreated, onError });
  };
  const err = (field: keyof ApiKeyErrors) => {
    const found = errors[field];
    return found ? t(found, { max: API_KEY_NAME_MAX }) : undefined;
  };

  return (
    <FormDialog
      title={t('settings.newApiKey')}
      testId="api-key-dialog"
      saveLabel={t('common.save')}
      cancelLabel={t('common.cancel')}
      busy={create.isPending}
      onSubmit={submit}
      onClose={close}
    >
      <Stack gap="4">
        <FormField label={t('settings.apiKeyName')} required error={err('name')} helper={t('settings.apiKeyNameHint')}>
          <Input name="name" autoComplete="off" value={form.name} onChange={(e) => set('name', e.currentTarget.value)} />
        </FormField>
        <Stack gap="2" role="group" aria-label={t('settings.apiKeyAccess')}>
          <Text fontWeight="medium">{t('settings.apiKeyAccess')}</Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {API_KEY_AREAS.map((area) => (
              <FormField key={area} label={t(AREA_LABEL[area])}>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    name={`access-${area}`}
                    value={form.access[area]}
                    onChange={(e) => set('access', { ...form.access, [area]: e.currentTarget.value as AreaAccess })}
                  >
                    {(['none', 'read', 'write'] as const).map((level) => (
                      <option key={level} value={level}>
                        {t(LEVEL_LABEL[level])}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
            ))}
          </SimpleGrid>
          {errors.access ? (
            <Text color="fg.error" fontSize="sm" data-testid="api-key-access-error">
              {err('access')}
            </Text>
          ) : null}
        </Stack>
        <Stack gap="2" role="group" aria-label={t('settings.apiKeyStores')}>
          <Text fontWeight="medium">{t('settings.apiKeyStores')}</Text>
          <HStack as="label" gap="2">
            <input type="checkbox" name="all_stores" checked={form.allStores} onChange={(e) => set('allStores', e.currentTarget.checked)} />
            <Text>{t('settings.apiKeyAllStores')}</Text>
          </HStack>
          {form.allStores ? null : (
            <Stack gap="1" ps="6" aria-label={t('settings.apiKeySomeStores')} role="group">
              {stores.map((store) => (
                <HStack as="label" gap="2" key={store.id}>
                  <input
                    type="checkbox"
                    name={`store-${store.id}`}
                    checked={form.storeIds.includes(store.id)}
                    onChange={(e) => toggleStore(store.id, e.currentTarget.checked)}
                  />
                  <Text>{store.name}</Text>
                </HStack>
              ))}
            </Stack>
          )}
          {errors.storeIds ? (
            <Text color="fg.error" fontSize="sm" data-testid="api-key-stores-error">
              {err('storeIds')}
            </Text>
          ) : null}
        </Stack>
        <FormField label={t('settings.apiKeyExpires')} error={err('expiresOn')} helper={t('settings.apiKeyExpiresHint')}>
          <Input name="expires_on" type="date" value={form.expiresOn} onChange={(e) => set('expiresOn', e.currentTarget.value)} />
        </FormField>
      </Stack>
    </FormDialog>
  );
}
