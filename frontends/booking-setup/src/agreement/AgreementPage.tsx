import { Button, Card, Heading, HStack, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { apiQueryFilter, useApiMutation, useApiQuery } from '@pawline/api-client';
import type { StoreAgreement } from '@pawline/contracts';
import { AGREEMENT_LANGUAGES, dateTimeFormat, type AgreementLanguage } from '@pawline/domain';
import { FormField, QueryState, useConfirmLeave } from '@pawline/ui';
import { useMemo, useState } from 'react';
import type { BookingContext } from '../shared/booking-context';
import { agreementFormOf, agreementProblem, agreementTexts, type AgreementForm, type AgreementProblem } from './agreement-form';

/** Issue 31 the store's service agreement: each publish is a new version that every customer accepts again. */
export function AgreementPage({ ctx }: { ctx: BookingContext }) {
  const { t, bridge, orgaId, storeId } = ctx;
  const agreement = useApiQuery('getStoreAgreement', { params: { orga: orgaId, store: storeId } });
  return (
    <QueryState query={agreement} language={bridge.language} errorTitle={t('booking-setup.loadFailed')}>
      {(current) => <AgreementEditor key={current?.version ?? 0} ctx={ctx} current={current} />}
    </QueryState>
  );
}

function AgreementEditor({ ctx, current }: { ctx: BookingContext; current: StoreAgreement | null }) {
  const { t, bridge, orgaId, storeId } = ctx;
  const saved = useMemo(() => agreementFormOf(current), [current]);
  const [form, setForm] = useState<AgreementForm>(saved);
  const [language, setLanguage] = useState<AgreementLanguage>(bridge.language);
  const [problem, setProblem] = useState<AgreementProblem | null>(null);
  const publish = useApiMutation('publishStoreAgreement', {
    invalidates: [apiQueryFilter('getStoreAgreement', { orga: orgaId, store: storeId })],
    success: (answer) => t('booking-setup.agreementPublished', { version: answer.version }),
  });
  const readOnly = !ctx.storeAdmin;
  useConfirmLeave(!publish.isPending && JSON.stringify(saved) !== JSON.stringify(form), t('common.unsavedChanges'));
  const published = current
    ? dateTimeFormat(bridge.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(current.published_at))
    : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = agreementProblem(form, current);
    setProblem(found);
    if (!found) publish.mutate({ params: { orga: orgaId, store: storeId }, body: { texts: agreementTexts(form) } });
  };

  return (
    <Card.Root as="section" aria-labelledby="agreement-heading" data-testid="agreement-page">
      <form onSubmit={submit} noValidate>
        <Card.Body gap="4">
          <Heading as="h2" size="lg" id="agreement-heading">
            {t('booking-setup.agreementTitle')}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t('booking-setup.agreementIntro')}
          </Text>
          <Text fontSize="sm" data-testid="agreement-version">
            {current && published
              ? t('booking-setup.agreementCurrent', { version: current.version, date: published })
              : t('booking-setup.agreementNone')}
          </Text>
          {readOnly ? (
            <Text fontSize="sm" color="fg.muted" data-testid="read-only-note">
              {t('booking-setup.storeAdminsOnly')}
            </Text>
          ) : null}
          <Stack gap="3">
            <FormField label={t('booking-setup.agreementLanguage')}>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={language}
                  onChange={(e) => setLanguage(e.currentTarget.value as AgreementLanguage)}
                  data-testid="agreement-language"
                >
                  {AGREEMENT_LANGUAGES.map((code) => (
                    <option key={code} value={code}>
                      {t(`common.language_${code}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label={t('booking-setup.agreementText')} error={problem ? t(problem) : undefined}>
              <Textarea
                rows={12}
                value={form[language]}
                readOnly={readOnly}
                onChange={(e) => setForm({ ...form, [language]: e.currentTarget.value })}
                data-testid="agreement-text"
              />
            </FormField>
          </Stack>
          {readOnly ? null : (
            <HStack>
              <Button type="submit" loading={publish.isPending} data-testid="agreement-publish">
                {t('booking-setup.agreementPublish')}
              </Button>
            </HStack>
          )}
        </Card.Body>
      </form>
    </Card.Root>
  );
}
