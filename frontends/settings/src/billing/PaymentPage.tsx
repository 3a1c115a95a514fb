import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useApiQuery, type ShellBridge } from '@pawline/api-client';
import { EmptyState, QueryState } from '@pawline/ui';
import { useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { settingsTranslator, type Translate } from '../i18n/translator';
import type { BillingPlan, BillingProfile, PlansAnswer } from './billing-api';
import { euros, planChangeOffer, purchasablePlans, type PlanChangeOffer } from './billing-form';
import { BillingDataForm } from './BillingDataForm';
import { PaymentPanel, shownPaymentOf } from './PaymentPanel';
import { PlanCards } from './PlanCards';
import { usePayment } from './usePayment';

/** An organization that already pays changes plan here too: say what that costs today (R1.22). */
function PlanChangeText({ offer, plan, t }: { offer: PlanChangeOffer; plan: string; t: Translate }) {
  return (
    <Text data-testid="plan-change-kind" data-kind={offer.kind}>
      {offer.kind === 'upgrade'
        ? t('settings.planUpgradeText', { plan, amount: euros(offer.chargedNowCents) })
        : t('settings.planDowngradeText', { plan })}
    </Text>
  );
}

/**
 * /{orgaId}/payment, Subscribe (issue 14, spec §1): choose a plan, give the billing data, subscribe
 * (first month pro-rata, R1.22) and pay; organization administrators only (the shell's guard).
 */
export function PaymentPage({ bridge }: { bridge: ShellBridge }) {
  const t = useMemo(() => settingsTranslator(bridge.language), [bridge.language]);
  const orgaId = useParams()['orgaId'] ?? '';
  // spec §4: a subscription changed elsewhere (another device, the run of the 1st) shows at once (the realtime table)
  const plans = useApiQuery('listPlans', { params: { orga: orgaId } });
  const profile = useApiQuery('getBillingProfile', { params: { orga: orgaId } });
  const title = t('settings.loadFailed');
  return (
    <QueryState query={plans} language={bridge.language} errorTitle={title}>
      {(answer) => (
        <QueryState query={profile} language={bridge.language} errorTitle={title}>
          {(saved) => <SubscribeForm t={t} orgaId={orgaId} plans={answer.v} profile={saved.v} />}
        </QueryState>
      )}
    </QueryState>
  );
}

function SubscribeForm({
  t,
  orgaId,
  plans,
  profile,
}: {
  t: Translate;
  orgaId: string;
  plans: PlansAnswer;
  profile: BillingProfile | null;
}) {
  // back from the provider's hosted payment page (Stripe Checkout's success_url / cancel_url)
  const returnedId = useSearchParams()[0].get('payment');
  const [chosen, setChosen] = useState<BillingPlan['id'] | null>(null);
  const { payment, busy, subscribe, confirm } = usePayment(orgaId);

  const subscription = plans.subscription;
  const offered = purchasablePlans(plans.plans);
  const selected = offered.find((plan) => plan.id === chosen) ?? null;
  const current = plans.plans.find((plan) => plan.id === subscription.plan_id);
  const shownPayment = shownPaymentOf(payment, subscription, returnedId);

  return (
    <Stack gap="6" data-testid="payment-page">
      <Stack gap="1">
        <Heading as="h2" size="2xl">
          {t('settings.paymentTitle')}
        </Heading>
        <Text color="fg.muted">{t('settings.paymentHint')}</Text>
        {subscription.tier > 0 ? (
          <Text data-testid="already-subscribed">
            {t('settings.paymentAlreadySubscribed', { plan: t(`settings.plan_${subscription.plan_id}`) })}{' '}
            <Link to={`/${orgaId}/adminV2/plan`}>{t('settings.planPageLink')}</Link>
          </Text>
        ) : null}
      </Stack>
      {shownPayment ? (
        <PaymentPanel payment={shownPayment} busy={busy} onConfirm={(outcome) => confirm(shownPayment.id, outcome)} t={t} />
      ) : null}
      <Stack gap="3">
        <Heading as="h3" size="lg">
          {t('settings.planChooseTitle')}
        </Heading>
        {offered.length === 0 ? (
          <EmptyState title={t('settings.plansEmpty')} />
        ) : (
          <PlanCards
            plans={offered}
            selected={chosen}
            currentId={subscription.tier > 0 ? subscription.plan_id : undefined}
            storeCount={subscription.store_count}
            onSelect={(plan) => setChosen(plan.id)}
            t={t}
          />
        )}
      </Stack>
      <BillingDataForm orgaId={orgaId} profile={profile} t={t} />
      <Stack gap="2" data-testid="subscribe-summary">
        {selected && subscription.state === 'premium_active' ? (
          <PlanChangeText offer={planChangeOffer(current, selected)} plan={t(`settings.plan_${selected.id}`)} t={t} />
        ) : selected ? (
          <Text data-testid="subscribe-summary-text">
            {t(subscription.state === 'free_trial' ? 'settings.subscribeSummaryTrial' : 'settings.subscribeSummary', {
              plan: t(`settings.plan_${selected.id}`),
              amount: euros(selected.monthly_cents ?? 0),
            })}
          </Text>
        ) : (
          <Text color="fg.muted">{t('settings.subscribeChoosePlan')}</Text>
        )}
        {profile === null ? <Text color="fg.muted">{t('settings.subscribeNeedsBillingData')}</Text> : null}
        <HStack justify="flex-end">
          <Button
            colorPalette="brand"
            size="lg"
            data-testid="subscribe"
            loading={busy}
            disabled={!selected || profile === null || shownPayment?.status === 'pending'}
            onClick={() => selected && subscribe(selected.id)}
          >
            {t('settings.subscribe')}
          </Button>
        </HStack>
      </Stack>
    </Stack>
  );
}
