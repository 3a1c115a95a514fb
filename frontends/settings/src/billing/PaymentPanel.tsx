import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { Translate } from '../i18n/translator';
import type { Payment, Subscription } from './billing-api';
import { euros } from './billing-form';

export type PaymentView = {
  id: string;
  status: Payment['status'];
  amount_cents: number | null;
  redirect_url?: string | null;
  /** setup: during the trial a method is saved and nothing is charged; the invoice is charged when the trial ends */
  purpose?: Payment['purpose'];
};

/**
 * The payment a billing page shows: the one just opened by subscribing, else the checkout the
 * subscription still waits for (with the provider's page to pay it on, if any), else the one the person
 * comes back from (`?payment=` from Stripe's hosted page) once its signed webhook settled it: a checkout
 * of a hosted page is settled only when paid (a declined card leaves it pending), so no longer pending
 * with a plan in force means paid.
 */
export function shownPaymentOf(payment: PaymentView | null, subscription: Subscription, returnedId: string | null): PaymentView | null {
  if (payment) return payment;
  // a checkout during the free trial only saves a method (billing charges nothing before the trial ends)
  const inTrial = subscription.state === 'free_trial';
  if (subscription.pending_payment_id)
    return {
      id: subscription.pending_payment_id,
      status: 'pending',
      amount_cents: null,
      redirect_url: subscription.pending_payment_redirect_url,
      purpose: inTrial ? 'setup' : 'charge',
    };
  if (returnedId && subscription.scheduled_start) return { id: returnedId, status: 'succeeded', amount_cents: null, purpose: 'setup' };
  if (returnedId && subscription.tier > 0) return { id: returnedId, status: 'succeeded', amount_cents: null };
  return null;
}

/**
 * A payment's state: pending (with the sandbox the person completes or fails it here; with a provider's
 * hosted page, e.g. Stripe Checkout, the person continues there), paid or failed.
 */
export function PaymentPanel({
  payment,
  busy,
  onConfirm,
  t,
}: {
  payment: PaymentView;
  busy: boolean;
  onConfirm: (outcome: 'succeeded' | 'failed') => void;
  t: Translate;
}) {
  const amount = payment.amount_cents === null ? '' : euros(payment.amount_cents);
  const setup = payment.purpose === 'setup';
  if (payment.status === 'succeeded')
    return (
      <Box
        role="status"
        borderWidth="1px"
        borderColor="green.300"
        bg="green.50"
        rounded="md"
        p="3"
        data-testid="payment-state"
        data-state="paid"
      >
        <Text fontWeight="semibold">
          {setup ? t('settings.paymentMethodSaved') : amount ? t('settings.paymentPaid', { amount }) : t('settings.paymentReceived')}
        </Text>
      </Box>
    );
  if (payment.status === 'failed')
    return (
      <Box
        role="alert"
        borderWidth="1px"
        borderColor="red.300"
        bg="red.50"
        rounded="md"
        p="3"
        data-testid="payment-state"
        data-state="failed"
      >
        <Text fontWeight="semibold">{t('settings.paymentFailed')}</Text>
      </Box>
    );
  return (
    <Box
      role="status"
      borderWidth="1px"
      borderColor="orange.300"
      bg="orange.50"
      rounded="md"
      p="3"
      data-testid="payment-state"
      data-state="pending"
    >
      <Stack gap="2">
        <Text fontWeight="semibold" data-testid="payment-pending-text">
          {setup
            ? t('settings.paymentSetupPending')
            : amount
              ? t('settings.paymentPendingAmount', { amount })
              : t('settings.paymentPending')}
        </Text>
        {payment.redirect_url ? (
          <>
            <Text>{t('settings.paymentRedirectHint')}</Text>
            <HStack gap="2" wrap="wrap">
              <Button asChild size="sm" colorPalette="green" data-testid="payment-continue">
                <a href={payment.redirect_url}>{t('settings.paymentContinue')}</a>
              </Button>
            </HStack>
          </>
        ) : (
          <SandboxButtons busy={busy} onConfirm={onConfirm} t={t} />
        )}
      </Stack>
    </Box>
  );
}

function SandboxButtons({ busy, onConfirm, t }: { busy: boolean; onConfirm: (outcome: 'succeeded' | 'failed') => void; t: Translate }) {
  return (
    <>
      <Text>{t('settings.paymentSandboxHint')}</Text>
      <HStack gap="2" wrap="wrap">
        <Button size="sm" colorPalette="green" loading={busy} data-testid="payment-complete" onClick={() => onConfirm('succeeded')}>
          {t('settings.paymentComplete')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          disabled={busy}
          data-testid="payment-fail"
          onClick={() => onConfirm('failed')}
        >
          {t('settings.paymentFail')}
        </Button>
      </HStack>
    </>
  );
}
