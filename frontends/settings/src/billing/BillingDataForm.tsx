import { Button, Card, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { apiQueryFilter, useApiMutation } from '@pawline/api-client';
import { keyOrText } from '@pawline/i18n';
import { FormField } from '@pawline/ui';
import { useState } from 'react';
import type { Translate } from '../i18n/translator';
import { CountrySelect } from '../shared/fields';
import { isCountry, serverFieldErrors } from '../shared/options';
import type { BillingProfile } from './billing-api';
import {
  BILLING_FIELDS,
  billingBodyOf,
  billingFieldErrors,
  billingFormOf,
  checkBillingForm,
  type BillingField,
  type BillingForm,
  type BillingFormErrors,
} from './billing-form';

const INVOICE_LANGUAGES = ['it', 'en', 'de', 'fr'] as const;
const isInvoiceLanguage = (value: string): value is (typeof INVOICE_LANGUAGES)[number] =>
  (INVOICE_LANGUAGES as readonly string[]).includes(value);

/**
 * R1.23 billing data, Company or Private, saved with PUT …/billing/data. The Italian checks of spec §5
 * (R5.06–R5.09) show under their fields before sending; the server's 400 field messages show there too.
 */
export function BillingDataForm({ orgaId, profile, t }: { orgaId: string; profile: BillingProfile | null; t: Translate }) {
  const [form, setForm] = useState<BillingForm>(() => billingFormOf(profile));
  const [errors, setErrors] = useState<BillingFormErrors>({});
  const save = useApiMutation('updateBillingProfile', {
    invalidates: [apiQueryFilter('getBillingProfile', { orga: orgaId })],
    success: t('settings.billingDataSaved'),
    onSuccess: (saved) => setForm(billingFormOf(saved)),
    // the server's field messages under their fields; the layer's error snackbar says the rest
    onError: (error) => setErrors(serverFieldErrors(billingFieldErrors(error.fields), BILLING_FIELDS)),
  });
  const busy = save.isPending;
  const set = (field: BillingField) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const field = (name: BillingField, label: string, required = false, helper?: string) => (
    <FormField label={label} required={required} error={errors[name] ? keyOrText(t, errors[name]) : null} helper={helper}>
      <Input name={name} value={form[name]} onChange={(e) => set(name)(e.currentTarget.value)} />
    </FormField>
  );

  const submit = () => {
    const found = checkBillingForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({ params: { orga: orgaId }, body: billingBodyOf(form) });
  };

  return (
    <Card.Root variant="outline" data-testid="billing-data">
      <Card.Header>
        <Card.Title>{t('settings.billingDataTitle')}</Card.Title>
        <Text color="fg.muted" fontSize="sm">
          {t('settings.billingDataHint')}
        </Text>
      </Card.Header>
      <Card.Body>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="4">
            <FormField label={t('settings.billingKind')}>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="kind"
                  value={form.kind}
                  onChange={(e) => {
                    const kind = e.currentTarget.value === 'private' ? 'private' : 'company';
                    setForm((current) => ({ ...current, kind }));
                    setErrors({});
                  }}
                >
                  <option value="company">{t('settings.billingCompany')}</option>
                  <option value="private">{t('settings.billingPrivate')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {form.kind === 'company' ? (
                <>
                  {field('legal_name', t('settings.billingLegalName'), true)}
                  {field('vat', t('settings.billingVat'), false, t('settings.billingVatHint'))}
                  {field('fiscal_code', t('settings.billingFiscalCode'))}
                  {field('codice_destinatario', t('settings.billingRecipientCode'), false, t('settings.billingRecipientHint'))}
                  {field('pec', t('settings.billingPec'))}
                </>
              ) : (
                <>
                  {field('first_name', t('settings.firstName'), true)}
                  {field('last_name', t('settings.lastName'), true)}
                  {field('fiscal_code', t('settings.billingFiscalCode'))}
                </>
              )}
              {field('address', t('settings.billingAddress'), true)}
              {field('city', t('settings.billingCity'), true)}
              {field('zip_code', t('settings.billingZip'), true)}
              {field('province', t('settings.billingProvince'), false, t('settings.billingProvinceHint'))}
              <FormField label={t('settings.billingCountry')} required error={errors.country ? keyOrText(t, errors.country) : null}>
                <CountrySelect
                  name="country"
                  value={isCountry(form.country) ? form.country : ''}
                  onChange={(value) => set('country')(value)}
                  t={t}
                />
              </FormField>
              <FormField label={t('settings.billingLanguage')}>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    name="language"
                    value={form.language}
                    onChange={(e) => {
                      const language = e.currentTarget.value;
                      setForm((current) => ({ ...current, language: isInvoiceLanguage(language) ? language : '' }));
                    }}
                  >
                    <option value="">{t('settings.billingLanguageAuto')}</option>
                    {INVOICE_LANGUAGES.map((language) => (
                      <option key={language} value={language}>
                        {t(`settings.billingLanguage_${language}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
            </SimpleGrid>
            <HStack justify="flex-end">
              <Button type="submit" colorPalette="brand" loading={busy} data-testid="save-billing-data">
                {t('settings.billingDataSave')}
              </Button>
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
