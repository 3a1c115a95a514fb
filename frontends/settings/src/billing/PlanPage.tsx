import { Badge, Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { API_ROUTES, useApiHttp, useApiLayer, useApiQuery, type ShellBridge } from '@pawline/api-client';
import { PAYMENT_GRACE_DAYS } from '@pawline/domain';
import { EmptyState, PlainDataTable, QueryState, type PlainColumn } from '@pawline/ui';
import { useCallback, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { settingsTranslator, type Translate } from '../i18n/translator';
import type { BillingPlan, Invoice, PlansAnswer, Subscription } from './billing-api';
import { euros, planChangeOffer, purchasablePlans } from './billing-form';
import { PaymentPanel, shownPaymentOf } from './PaymentPanel';
import { PlanCards } from './PlanCards';
import { usePayment } from './usePayment';

function dateText(iso: string | null, language: string): string {
  return iso ? new Date(iso).toLocaleDateString(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Rome' }) : '';
}

const STATE_PALETTE: Record<Subscription['state'], string> = {
  free_trial: 'blue',
  expired_trial: 'red',
  premium_active: 'green',
  premium_expired: 'red',
};

/** spec §4 where the organization stands: its state, plan, and the trial's days left or the paid-through date. */
function SubscriptionCard({
  subscription,
  orgaId,
  t,
  language,
  payDeclined,
}: {
  subscription: Subscription;
  orgaId: string;
  t: Translate;
  language: string;
  payDeclined: { busy: boolean; pay: () => void };
}) {
  const { state } = subscription;
  const end = subscription.paid_through ?? subscription.subscribed_until;
  // paid_through is the period's end, the 1st at 00:00 in Rome: the last day paid for is the day before
  const lastPaidDay = end ? new Date(Date.parse(end) - 1).toISOString() : null;
  return (
    <Card.Root variant="outline" data-testid="subscription-card">
      <Card.Body>
        <Stack gap="2">
          <HStack gap="3" wrap="wrap">
            <Heading as="h3" size="lg" data-testid="current-plan">
              {t(`settings.plan_${subscription.plan_id}`)}
            </Heading>
            <Badge colorPalette={STATE_PALETTE[state]} data-testid="subscription-state">
              {t(`settings.subscriptionState_${state}`)}
            </Badge>
          </HStack>
          {state === 'free_trial' ? (
            <Text data-testid="subscription-when">{t('settings.trialDaysLeft', { days: subscription.remaining_days })}</Text>
          ) : null}
          {subscription.scheduled_start ? (
            // subscribed during the trial: the plan starts, and its first invoice is charged, when the trial ends
            <Text data-testid="subscription-scheduled" color="green.fg">
              {t('settings.scheduledStart', {
                plan: t(`settings.plan_${subscription.scheduled_start.plan_id}`),
                date: dateText(subscription.scheduled_start.starts_at, language),
                amount: euros(subscription.scheduled_start.amount_cents),
              })}
            </Text>
          ) : null}
          {state === 'expired_trial' ? (
            <Text data-testid="subscription-when" color="red.fg">
              {t('settings.trialEnded')}
            </Text>
          ) : null}
          {state === 'premium_active' && lastPaidDay ? (
            <Text data-testid="subscription-when">{t('settings.paidThrough', { date: dateText(lastPaidDay, language) })}</Text>
          ) : null}
          {state === 'premium_expired' && end ? (
            <Text data-testid="subscription-when">{t('settings.expiredOn', { date: dateText(end, language) })}</Text>
          ) : null}
          {subscription.tier > 0 ? (
            <Text color="fg.muted">
              {t('settings.monthlyTotal', { amount: euros(subscription.monthly_cents), stores: subscription.store_count })}
            </Text>
          ) : null}
          {subscription.expiry_state === 1 ? <Text color="orange.fg">{t('settings.expiringSoon')}</Text> : null}
          <ChargeNotices subscription={subscription} t={t} language={language} payDeclined={payDeclined} />
          {(subscription.tier === 0 && !subscription.scheduled_start) || state === 'premium_expired' ? (
            <Box>
              <Button asChild colorPalette="brand" size="sm">
                <Link to={`/${orgaId}/payment`} data-testid="go-subscribe">
                  {t('settings.subscribe')}
                </Link>
              </Button>
            </Box>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * A charge of the run that did not go through while the plan still runs (tried again each day until the
 * grace days end), and a bank debit the bank is still processing (Premium stays meanwhile).
 */
function ChargeNotices({
  subscription,
  t,
  language,
  payDeclined,
}: {
  subscription: Subscription;
  t: Translate;
  language: string;
  payDeclined: { busy: boolean; pay: () => void };
}) {
  const failed = subscription.tier > 0 ? subscription.last_failed_charge : null;
  const processing = subscription.processing_charge;
  const paidThrough = subscription.paid_through ? Date.parse(subscription.paid_through) : null;
  // the run lapses the plan once its retries end (the grace days after the paid period, or after a bank's late
  // refusal: billing says when); the last day it retries is the day before. A billing without the field: the grace days
  const retriesEnd = failed?.retries_until
    ? Date.parse(failed.retries_until)
    : paidThrough === null
      ? null
      : paidThrough + PAYMENT_GRACE_DAYS * 86_400_000;
  const lastRetryDay = retriesEnd === null ? null : new Date(retriesEnd - 1).toISOString();
  return (
    <>
      {failed ? (
        <Text data-testid="charge-failed" color="red.fg">
          {t('settings.chargeFailed', { amount: euros(failed.amount_cents), date: dateText(failed.failed_at, language) })}
          {!processing && lastRetryDay ? ` ${t('settings.chargeRetryUntil', { date: dateText(lastRetryDay, language) })}` : ''}
        </Text>
      ) : null}
      {failed && !processing && !subscription.pending_payment_id ? (
        // pay it now on the payment page, with another card or account, instead of waiting for the next retry
        <Box>
          <Button size="sm" colorPalette="brand" loading={payDeclined.busy} data-testid="charge-pay-now" onClick={payDeclined.pay}>
            {t('settings.chargePayNow')}
          </Button>
        </Box>
      ) : null}
      {processing ? (
        <Text data-testid="charge-processing" color="blue.fg">
          {t('settings.chargeProcessing', { amount: euros(processing.amount_cents), date: dateText(processing.since, language) })}
        </Text>
      ) : null}
    </>
  );
}

const SDI_PALETTE = { queued: 'gray', sent: 'blue', delivered: 'green', not_deliverable: 'orange', rejected: 'red' } as const;

/** The e-invoice on its way to the SdI and the receipt it got (a rejection with the SdI's error codes). */
function EInvoiceState({ invoice, t }: { invoice: Invoice; t: Translate }) {
  const status = invoice.e_invoice_status;
  if (!status) return null;
  const rejection = status.receipts.find((receipt) => receipt.type === 'NS');
  const codes = rejection?.errors.map((error) => error.code).join(', ') ?? '';
  return (
    <Badge colorPalette={SDI_PALETTE[status.state]} data-testid="invoice-sdi" data-state={status.state} title={status.file_name}>
      {t(`settings.invoiceSdi_${status.state}`, { codes })}
    </Badge>
  );
}

function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

function useInvoiceColumns(orgaId: string, t: Translate, language: string) {
  const { download } = useApiHttp();
  const { feedback } = useApiLayer();
  const fetchFile = useCallback(
    (invoice: Invoice, format: 'pdf' | 'xml') => {
      const params = { orga: orgaId, invoice: invoice.id };
      const file =
        format === 'pdf' ? download(API_ROUTES.downloadInvoicePdf, { params }) : download(API_ROUTES.downloadInvoiceXml, { params });
      file.then(
        (blob) => saveFile(blob, `invoice-${invoice.number.replace('/', '-')}.${format}`),
        (error: unknown) => feedback.failure(error),
      );
    },
    [orgaId, download, feedback],
  );
  return useMemo<PlainColumn<Invoice>[]>(
    () => [
      { id: 'number', header: t('settings.invoiceNumber'), cell: ({ row }) => row.original.number },
      // the invoice's date in Italy (issued_on), as on the PDF and the e-invoice
      {
        id: 'date',
        header: t('settings.invoiceDate'),
        cell: ({ row }) => dateText(row.original.issued_on ? `${row.original.issued_on}T12:00:00Z` : row.original.issued_at, language),
      },
      { id: 'kind', header: t('settings.invoiceKind'), cell: ({ row }) => t(`settings.invoiceKind_${row.original.kind}`) },
      { id: 'gross', header: t('settings.invoiceGross'), cell: ({ row }) => euros(row.original.gross_cents) },
      {
        id: 'status',
        header: t('settings.invoiceStatus'),
        cell: ({ row }) => (
          <Badge colorPalette={row.original.status === 'paid' ? 'green' : row.original.status === 'failed' ? 'red' : 'orange'}>
            {t(`settings.invoiceStatus_${row.original.status}`)}
          </Badge>
        ),
      },
      {
        id: 'e_invoice',
        header: t('settings.invoiceSdi'),
        cell: ({ row }) => <EInvoiceState invoice={row.original} t={t} />,
      },
      {
        id: 'files',
        header: '',
        cell: ({ row }) => (
          <HStack gap="2" justify="flex-end">
            <Button size="xs" variant="outline" data-testid="invoice-pdf" onClick={() => fetchFile(row.original, 'pdf')}>
              PDF
            </Button>
            {row.original.e_invoice ? (
              <Button size="xs" variant="outline" data-testid="invoice-xml" onClick={() => fetchFile(row.original, 'xml')}>
                XML
              </Button>
            ) : null}
          </HStack>
        ),
      },
    ],
    [t, language, fetchFile],
  );
}

/**
 * /{orgaId}/adminV2/plan, Update plan (issue 14): the subscription, a plan change (an upgrade charged
 * pro-rata now, a downgrade from the 1st, R1.22) and the invoices with their PDF and XML.
 */
export function PlanPage({ bridge }: { bridge: ShellBridge }) {
  const t = useMemo(() => settingsTranslator(bridge.language), [bridge.language]);
  const orgaId = useParams()['orgaId'] ?? '';
  // spec §4: a subscription changed elsewhere (another device, the run of the 1st) shows at once (the realtime table)
  const plans = useApiQuery('listPlans', { params: { orga: orgaId } });
  const invoices = useApiQuery('listInvoices', { params: { orga: orgaId } });
  const title = t('settings.loadFailed');
  return (
    <QueryState query={plans} language={bridge.language} errorTitle={title}>
      {(answer) => (
        <QueryState query={invoices} language={bridge.language} errorTitle={title}>
          {(list) => <PlanView bridge={bridge} t={t} orgaId={orgaId} plans={answer.v} invoices={list.v} />}
        </QueryState>
      )}
    </QueryState>
  );
}

function PlanView({
  bridge,
  t,
  orgaId,
  plans,
  invoices,
}: {
  bridge: ShellBridge;
  t: Translate;
  orgaId: string;
  plans: PlansAnswer;
  invoices: Invoice[];
}) {
  // back from the provider's hosted payment page (Stripe Checkout's success_url / cancel_url)
  const returnedId = useSearchParams()[0].get('payment');
  const [chosen, setChosen] = useState<BillingPlan['id'] | null>(null);
  const { payment, busy, subscribe, confirm, payDeclined } = usePayment(orgaId, () => setChosen(null));
  const columns = useInvoiceColumns(orgaId, t, bridge.language);

  const subscription = plans.subscription;
  const subscribed = subscription.tier > 0;
  const current = plans.plans.find((plan) => plan.id === subscription.plan_id);
  const offered = purchasablePlans(plans.plans);
  const next = offered.find((plan) => plan.id === chosen) ?? null;
  const offer = next ? planChangeOffer(current, next) : null;
  const change = offer?.kind ?? null;
  const chargedNow = offer?.chargedNowCents ?? 0;
  const shownPayment = shownPaymentOf(payment, subscription, returnedId);

  return (
    <Stack gap="6" data-testid="plan-page">
      <Heading as="h2" size="2xl">
        {t('settings.planTitle')}
      </Heading>
      <SubscriptionCard
        subscription={subscription}
        orgaId={orgaId}
        t={t}
        language={bridge.language}
        payDeclined={{ busy, pay: payDeclined }}
      />
      {shownPayment ? (
        <PaymentPanel payment={shownPayment} busy={busy} onConfirm={(outcome) => confirm(shownPayment.id, outcome)} t={t} />
      ) : null}
      {subscribed ? (
        <Stack gap="3">
          <Heading as="h3" size="lg">
            {t('settings.planChangeTitle')}
          </Heading>
          {offered.length === 0 ? (
            <EmptyState title={t('settings.plansEmpty')} />
          ) : (
            <PlanCards
              plans={offered}
              selected={chosen}
              currentId={subscription.plan_id}
              storeCount={subscription.store_count}
              onSelect={(plan) => setChosen(plan.id)}
              t={t}
            />
          )}
          {next && change !== 'same' ? (
            <Card.Root variant="subtle" data-testid="plan-change">
              <Card.Body>
                <Stack gap="3">
                  <Text data-testid="plan-change-kind" data-kind={change}>
                    {change === 'upgrade'
                      ? t('settings.planUpgradeText', { plan: t(`settings.plan_${next.id}`), amount: euros(chargedNow) })
                      : t('settings.planDowngradeText', { plan: t(`settings.plan_${next.id}`) })}
                  </Text>
                  <HStack gap="2" justify="flex-end">
                    <Button variant="ghost" onClick={() => setChosen(null)}>
                      {t('common.cancel')}
                    </Button>
                    <Button
                      colorPalette="brand"
                      loading={busy}
                      disabled={shownPayment?.status === 'pending'}
                      data-testid="confirm-plan-change"
                      onClick={() => subscribe(next.id)}
                    >
                      {change === 'upgrade' ? t('settings.planUpgrade') : t('settings.planDowngrade')}
                    </Button>
                  </HStack>
                </Stack>
              </Card.Body>
            </Card.Root>
          ) : null}
        </Stack>
      ) : null}
      <Stack gap="3">
        <Heading as="h3" size="lg">
          {t('settings.invoicesTitle')}
        </Heading>
        {invoices.length === 0 ? (
          <EmptyState title={t('settings.invoicesEmpty')} />
        ) : (
          <PlainDataTable columns={columns} data={invoices} testId="invoices-table" rowTestId={(row) => `invoice-${row.id}`} />
        )}
      </Stack>
    </Stack>
  );
}
