import { Button, Card, Heading, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { apiQueryFilter, useApiMutation, useApiQuery, type ShellBridge } from '@pawline/api-client';
import { FormField, QueryState, useConfirmLeave } from '@pawline/ui';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { settingsTranslator, type Translate } from '../i18n/translator';
import {
  CHECKOUT_ASKS,
  CHECKOUT_PET_FIELDS,
  customerSettingsChange,
  customerSettingsFormOf,
  isEmptyChange,
  MANDATORY_CUSTOMER_FIELDS,
  MANDATORY_MAX,
  toggleMandatory,
  type CheckoutAsk,
  type CrmSettings,
  type CustomerSettingsForm,
} from './customer-settings-form';

/**
 * /{orgaId}/settings/customers: which customer fields are mandatory (at most 3) and which pet fields the
 * check-out asks (R5.13); organization administrators only.
 */
export function CustomerSettingsPage({ bridge }: { bridge: ShellBridge }) {
  const t = useMemo(() => settingsTranslator(bridge.language), [bridge.language]);
  const orgaId = useParams()['orgaId'] ?? '';
  const settings = useApiQuery('getCrmSettings', { params: { orga: orgaId } });
  return (
    <Stack gap="6" maxW="4xl" data-testid="customer-settings-page">
      <Heading as="h2" size="2xl">
        {t('settings.customerSettingsTitle')}
      </Heading>
      <QueryState query={settings} language={bridge.language} errorTitle={t('settings.loadFailed')}>
        {(current) => <CustomerSettingsEditor t={t} orgaId={orgaId} settings={current} />}
      </QueryState>
    </Stack>
  );
}

function CustomerSettingsEditor({ t, orgaId, settings }: { t: Translate; orgaId: string; settings: CrmSettings }) {
  const [saved, setSaved] = useState<CustomerSettingsForm>(() => customerSettingsFormOf(settings));
  const [form, setForm] = useState<CustomerSettingsForm>(saved);
  const save = useApiMutation('updateCrmSettings', {
    invalidates: [apiQueryFilter('getCrmSettings', { orga: orgaId })],
    success: t('settings.changesSaved'),
  });
  const busy = save.isPending;
  const change = customerSettingsChange(saved, form);
  const dirty = !isEmptyChange(change);
  // R5.15: leaving with unsaved changes asks first
  useConfirmLeave(dirty && !busy, t('common.unsavedChanges'));
  const full = form.mandatory.length >= MANDATORY_MAX;

  const submit = () => {
    if (!dirty) return;
    // the form goes on from what the server kept; a failure is the error snackbar and keeps what was chosen
    save.mutate(
      { params: { orga: orgaId }, body: change },
      {
        onSuccess: (answer) => {
          const fresh = customerSettingsFormOf(answer);
          setSaved(fresh);
          setForm(fresh);
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="6">
        <Card.Root data-testid="mandatory-customer-info">
          <Card.Header>
            <Heading as="h3" size="md" id="mandatory-title">
              {t('settings.mandatoryCustomerInfo')}
            </Heading>
          </Card.Header>
          <Card.Body>
            <Stack gap="3" role="group" aria-labelledby="mandatory-title" aria-describedby="mandatory-hint">
              <Text id="mandatory-hint" fontSize="sm" color="fg.muted">
                {t('settings.mandatoryCustomerInfoHint', { max: MANDATORY_MAX, count: form.mandatory.length })}
              </Text>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
                {MANDATORY_CUSTOMER_FIELDS.map((field) => {
                  const chosen = form.mandatory.includes(field);
                  return (
                    <Checkbox.Root
                      key={field}
                      checked={chosen}
                      // R5.13: with 3 chosen, the others cannot be chosen (the message below says why)
                      disabled={!chosen && full}
                      data-testid={`mandatory-${field}`}
                      onCheckedChange={() => {
                        setForm((current) => ({ ...current, mandatory: toggleMandatory(current.mandatory, field).mandatory }));
                      }}
                    >
                      <Checkbox.HiddenInput name={`mandatory_${field}`} />
                      <Checkbox.Control />
                      <Checkbox.Label>{t(`settings.customerField_${field}`)}</Checkbox.Label>
                    </Checkbox.Root>
                  );
                })}
              </SimpleGrid>
              <Text role="status" fontSize="sm" fontWeight="medium" data-testid="mandatory-limit">
                {full ? t('settings.mandatoryCustomerInfoFull', { max: MANDATORY_MAX }) : ''}
              </Text>
            </Stack>
          </Card.Body>
        </Card.Root>

        <Card.Root data-testid="pet-checkout">
          <Card.Header>
            <Heading as="h3" size="md">
              {t('settings.petCheckout')}
            </Heading>
          </Card.Header>
          <Card.Body>
            <Stack gap="3">
              <Text fontSize="sm" color="fg.muted">
                {t('settings.petCheckoutHint')}
              </Text>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                {CHECKOUT_PET_FIELDS.map((field) => (
                  <FormField key={field} label={t(`settings.petField_${field}`)}>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        name={`checkout_${field}`}
                        value={form.checkout[field]}
                        onChange={(e) => {
                          const value = e.currentTarget.value as CheckoutAsk;
                          setForm((current) => ({ ...current, checkout: { ...current.checkout, [field]: value } }));
                        }}
                      >
                        {CHECKOUT_ASKS.map((ask) => (
                          <option key={ask} value={ask}>
                            {t(`settings.checkoutAsk_${ask}`)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </FormField>
                ))}
              </SimpleGrid>
            </Stack>
          </Card.Body>
        </Card.Root>

        <Button
          type="submit"
          colorPalette="brand"
          alignSelf="flex-start"
          loading={busy}
          disabled={!dirty}
          data-testid="save-customer-settings"
        >
          {t('settings.saveChanges')}
        </Button>
      </Stack>
    </form>
  );
}
