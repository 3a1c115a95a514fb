import { useApiMutation } from '@pawline/api-client';
import { useState } from 'react';
import { subscriptionWrites, type BillingPlan, type PaymentOutcome } from './billing-api';
import type { PaymentView } from './PaymentPanel';

/**
 * Subscribing or changing plan, or paying the run's declined charge now, then the payment it opened: with
 * the sandbox provider the person completes or fails it (POST …/payment/:payment/confirm): the one just
 * opened, or one the subscription still waits for when the page loads. A change that charges nothing has
 * no payment. Each write refetches the plans, the subscription and the invoices before it is done; a
 * failure is the layer's error snackbar.
 */
export function usePayment(orgaId: string, onChanged: () => void = () => undefined) {
  const [payment, setPayment] = useState<PaymentView | null>(null);
  const orga = { orga: orgaId };
  const effects = {
    invalidates: subscriptionWrites(orgaId),
    onSuccess: (answer: { payment: PaymentView | null }) => {
      setPayment(answer.payment);
      onChanged();
    },
  };
  const subscribeTo = useApiMutation('subscribe', effects);
  // the run's declined charge paid now on the payment page (POST …/declined-charge/pay): the payment it opens
  const payDeclinedCharge = useApiMutation('payDeclinedCharge', effects);
  const confirmPayment = useApiMutation('confirmPayment', effects);

  return {
    payment,
    busy: subscribeTo.isPending || payDeclinedCharge.isPending || confirmPayment.isPending,
    subscribe: (planId: BillingPlan['id']) => subscribeTo.mutate({ params: orga, body: { plan_id: planId } }),
    payDeclined: () => payDeclinedCharge.mutate({ params: orga }),
    confirm: (paymentId: string, outcome: PaymentOutcome) =>
      confirmPayment.mutate({ params: { ...orga, payment: paymentId }, body: { outcome } }),
  };
}
