import { Card, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea, Button } from '@chakra-ui/react';
import { apiQueryFilter, useApiMutation, useApiQuery } from '@pawline/api-client';
import { CARD_REQUIRED_FOR, DEPOSIT_KINDS, LANGUAGES, NO_SHOW_PROTECTIONS, type Language } from '@pawline/contracts';
import { apiErrorText, FormField, QueryState, useConfirmLeave } from '@pawline/ui';
import { useMemo, useState } from 'react';
import type { NoShowPolicy } from '../api/booking-api';
import type { BookingContext } from '../shared/booking-context';
import { POLICY_TEXTS, policyFormOf, policyFromForm, type FormProblem, type PolicyForm } from './policy-form';

/** Issue 30 the store's no-show policy: what online customers are asked for, the fees, and who may no longer book. */
export function NoShowPolicyPage({ ctx }: { ctx: BookingContext }) {
  const { t, bridge, orgaId, storeId } = ctx;
  const policy = useApiQuery('getNoShowPolicy', { params: { orga: orgaId, store: storeId } });
  return (
    <QueryState query={policy} language={bridge.language} errorTitle={t('booking-setup.loadFailed')}>
      {(value) => <PolicyEditor key={value.updated_at ?? 'defaults'} ctx={ctx} policy={value} />}
    </QueryState>
  );
}

type NumberField = 'deposit_percent' | 'cancellation_window_hours' | 'close_after_no_shows';
type AmountField = 'deposit_amount' | 'late_cancellation_fee' | 'no_show_fee';

function PolicyEditor({ ctx, policy }: { ctx: BookingContext; policy: NoShowPolicy }) {
  const { t, bridge, orgaId, storeId } = ctx;
  const saved = useMemo(() => policyFormOf(policy), [policy]);
  const [form, setForm] = useState<PolicyForm>(saved);
  const [problems, setProblems] = useState<Record<string, FormProblem>>({});
  const [textLanguage, setTextLanguage] = useState<Language>(bridge.language);
  const save = useApiMutation('saveNoShowPolicy', {
    invalidates: [apiQueryFilter('getNoShowPolicy', { orga: orgaId, store: storeId })],
    success: t('booking-setup.policySaved'),
    // the form shows the refusal and its fields
    notifyFailure: false,
    onError: (error) => {
      if (error.fields) setProblems(Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [field, { key }])));
    },
  });
  const readOnly = !ctx.storeAdmin;
  useConfirmLeave(!save.isPending && JSON.stringify(saved) !== JSON.stringify(form), t('common.unsavedChanges'));
  const set = <K extends keyof PolicyForm>(key: K, value: PolicyForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setText = (text: (typeof POLICY_TEXTS)[number], value: string) =>
    setForm((f) => ({ ...f, texts: { ...f.texts, [text]: { ...f.texts[text], [textLanguage]: value } } }));
  const problemText = (field: string) => {
    const problem = problems[field];
    if (!problem) return undefined;
    return t.has(problem.key) ? t(problem.key, problem.values) : problem.key;
  };
  const failure = save.isError && !save.error.fields ? apiErrorText(save.error, bridge.language) : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const answer = policyFromForm(form);
    setProblems(answer.problems);
    if (answer.policy) save.mutate({ params: { orga: orgaId, store: storeId }, body: answer.policy });
  };

  const input = (field: NumberField | AmountField, label: string, helper?: string) => (
    <FormField label={label} error={problemText(field)} helper={helper}>
      <Input
        name={field}
        inputMode={field.endsWith('fee') || field === 'deposit_amount' ? 'decimal' : 'numeric'}
        value={form[field]}
        onChange={(e) => set(field, e.currentTarget.value)}
        readOnly={readOnly}
        data-testid={`policy-${field}`}
      />
    </FormField>
  );
  const select = <K extends 'protection' | 'deposit_kind' | 'card_required_for'>(
    field: K,
    label: string,
    options: readonly PolicyForm[K][],
    text: (option: PolicyForm[K]) => string,
  ) => (
    <FormField label={label}>
      <NativeSelect.Root disabled={readOnly}>
        <NativeSelect.Field
          name={field}
          value={form[field]}
          onChange={(e) => set(field, e.currentTarget.value as PolicyForm[K])}
          data-testid={`policy-${field}`}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {text(option)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );

  return (
    <Card.Root as="section" aria-labelledby="policy-heading" data-testid="policy-page">
      <form onSubmit={submit} noValidate>
        <Card.Body gap="4">
          <Heading as="h2" size="lg" id="policy-heading">
            {t('booking-setup.noShowsTitle')}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t('booking-setup.noShowsIntro')}
          </Text>
          {readOnly ? (
            <Text fontSize="sm" color="fg.muted" data-testid="read-only-note">
              {t('booking-setup.storeAdminsOnly')}
            </Text>
          ) : null}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {select('protection', t('booking-setup.protection'), NO_SHOW_PROTECTIONS, (p) => t(`booking-setup.protection_${p}`))}
            {form.protection !== 'none'
              ? select('card_required_for', t('booking-setup.cardRequiredFor'), CARD_REQUIRED_FOR, (w) =>
                  t(`booking-setup.cardRequiredFor_${w}`),
                )
              : null}
            {form.protection === 'deposit'
              ? select('deposit_kind', t('booking-setup.depositKind'), DEPOSIT_KINDS, (k) => t(`booking-setup.depositKind_${k}`))
              : null}
            {form.protection === 'deposit'
              ? form.deposit_kind === 'fixed'
                ? input('deposit_amount', t('booking-setup.depositAmount'))
                : input('deposit_percent', t('booking-setup.depositPercent'))
              : null}
            {input('cancellation_window_hours', t('booking-setup.cancellationWindow'), t('booking-setup.cancellationWindowHelp'))}
            {input('late_cancellation_fee', t('booking-setup.lateCancellationFee'), t('booking-setup.feesHelp'))}
            {input('no_show_fee', t('booking-setup.noShowFee'), t('booking-setup.feesHelp'))}
          </SimpleGrid>
          <HStack as="label" gap="2" fontWeight="semibold">
            <input
              type="checkbox"
              name="close_online_booking"
              checked={form.close_online_booking}
              disabled={readOnly}
              onChange={(e) => set('close_online_booking', e.currentTarget.checked)}
              data-testid="policy-close"
            />
            {t('booking-setup.closeOnlineBooking')}
          </HStack>
          {form.close_online_booking ? input('close_after_no_shows', t('booking-setup.closeAfterNoShows')) : null}
          <Stack gap="3" as="fieldset">
            <Heading as="h3" size="md">
              {t('booking-setup.textsTitle')}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {t('booking-setup.textsHelp')}
            </Text>
            <FormField label={t('booking-setup.textsLanguage')}>
              <NativeSelect.Root size="sm" maxW="48">
                <NativeSelect.Field
                  value={textLanguage}
                  onChange={(e) => setTextLanguage(e.currentTarget.value as Language)}
                  data-testid="policy-text-language"
                >
                  {LANGUAGES.map((lang) => (
                    <option key={lang} value={lang}>
                      {t(`common.language_${lang}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            {POLICY_TEXTS.map((text) => (
              <FormField key={text} label={t(`booking-setup.${text}`)} helper={t(`booking-setup.${text}Help`)} error={problemText(text)}>
                <Textarea
                  name={`${text}_${textLanguage}`}
                  rows={2}
                  value={form.texts[text][textLanguage]}
                  onChange={(e) => setText(text, e.currentTarget.value)}
                  readOnly={readOnly}
                  data-testid={`policy-${text}`}
                />
              </FormField>
            ))}
          </Stack>
          {failure ? (
            <Text color="red.600" role="alert" data-testid="policy-error">
              {failure}
            </Text>
          ) : null}
          {!readOnly ? (
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={save.isPending} data-testid="policy-save">
              {t('common.save')}
            </Button>
          ) : null}
        </Card.Body>
      </form>
    </Card.Root>
  );
}
