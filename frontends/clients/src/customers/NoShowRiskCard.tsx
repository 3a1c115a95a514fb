import { Badge, Card, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { apiQueryFilter, useApiMutation, useApiQuery, type AnswerOf, type Language } from '@pawline/api-client';
import { DEPOSIT_OVERRIDES, type DepositOverride } from '@pawline/contracts';
import { hasStoreAccess } from '@pawline/domain';
import { FormField, QueryState } from '@pawline/ui';
import type { ClientsContext } from '../shared/clients-context';

type Risk = AnswerOf<'getCustomerNoShowRisk'>;
type Reason = Risk['reasons'][number];
const LEVEL_PALETTE = { none: 'green', watch: 'orange', risky: 'red' } as const;

function whenSet(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * Issue 30 the customer's no-show risk (the rule of libs/domain, ADR 0060) with its reasons in the user's words,
 * staff's deposit choice with who made it and when, and what online booking does with them.
 */
export function NoShowRiskCard({
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
  const params = { orga: orgaId, store: storeId, customer: customerId };
  const risk = useApiQuery('getCustomerNoShowRisk', { params });
  return (
    <Card.Root as="section" aria-labelledby="no-show-risk-heading" data-testid="no-show-risk">
      <Card.Header>
        <Heading size="md" as="h2" id="no-show-risk-heading">
          {t('clients.noShowRisk')}
        </Heading>
      </Card.Header>
      <Card.Body>
        <QueryState query={risk} language={bridge.language} errorTitle={t('clients.noShowRiskFailed')}>
          {(value) => <RiskDetails ctx={ctx} params={params} risk={value} />}
        </QueryState>
      </Card.Body>
    </Card.Root>
  );
}

function RiskDetails({
  ctx,
  params,
  risk,
}: {
  ctx: ClientsContext;
  params: { orga: string; store: string; customer: string };
  risk: Risk;
}) {
  const { t, bridge } = ctx;
  const mayChange = !bridge.orga || hasStoreAccess(bridge.orga, bridge.user.id, params.store, 'pet_write');
  const choose = useApiMutation('setCustomerDepositOverride', {
    invalidates: [
      apiQueryFilter('getCustomerNoShowRisk', params),
      apiQueryFilter('getCustomer', { orga: params.orga, store: params.store }),
    ],
    success: t('clients.depositChoiceSaved'),
  });
  const reasonText = (reason: Reason) => {
    if (reason.code === 'kept_since_last_miss') return t('clients.riskReason_kept_since_last_miss', { count: reason.count });
    return reason.months === null
      ? t(`clients.riskReasonEver_${reason.code}`, { count: reason.count })
      : t(`clients.riskReason_${reason.code}`, { count: reason.count, months: reason.months });
  };
  const setter = bridge.orga?.users.find((user) => user.user_id === risk.deposit_override.set_by);
  return (
    <Stack gap="3">
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={LEVEL_PALETTE[risk.level]} size="lg" data-testid="risk-level">
          {t(`clients.riskLevel_${risk.level}`)}
        </Badge>
        {risk.new_customer ? <Badge variant="outline">{t('clients.riskNewCustomer')}</Badge> : null}
      </HStack>
      {risk.reasons.length > 0 ? (
        <Stack as="ul" gap="1" ps="5" data-testid="risk-reasons">
          {risk.reasons.map((reason) => (
            <Text as="li" key={reason.code + String('months' in reason ? reason.months : '')}>
              {reasonText(reason)}
            </Text>
          ))}
        </Stack>
      ) : (
        <Text fontSize="sm" color="fg.muted" data-testid="risk-no-reasons">
          {t('clients.riskNothingToSay')}
        </Text>
      )}
      {mayChange ? (
        <FormField label={t('clients.depositChoice')} helper={t('clients.depositChoiceHelp')}>
          <NativeSelect.Root maxW="sm" disabled={choose.isPending}>
            <NativeSelect.Field
              name="deposit_override"
              value={risk.deposit_override.mode}
              onChange={(e) => choose.mutate({ params, body: { mode: e.currentTarget.value as DepositOverride } })}
              data-testid="deposit-override"
            >
              {DEPOSIT_OVERRIDES.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`clients.depositChoice_${mode}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      ) : (
        <Text data-testid="deposit-override-read">
          {t('clients.depositChoice')}: {t(`clients.depositChoice_${risk.deposit_override.mode}`)}
        </Text>
      )}
      {risk.deposit_override.set_at ? (
        <Text fontSize="sm" color="fg.muted" data-testid="deposit-override-by">
          {t('clients.depositChoiceBy', {
            name: setter ? `${setter.first_name} ${setter.last_name}`.trim() : t('clients.someoneElse'),
            when: whenSet(risk.deposit_override.set_at, bridge.language),
          })}
        </Text>
      ) : null}
      <Text fontSize="sm" data-testid="risk-outcome">
        {risk.booking_closed
          ? t('clients.onlineBookingClosed', { count: risk.no_shows })
          : risk.deposit_asked
            ? t('clients.depositAskedOnline')
            : t('clients.nothingAskedOnline')}
      </Text>
    </Stack>
  );
}
