import type { ShellBridge } from '@pawline/api-client';
import { useCallback, useState } from 'react';
import { errorText } from '../shared/options';
import type { BillingApi, PaymentOutcome, SubscribeAnswer } from './billing-api';
import type { PaymentView } from './PaymentPanel';

/**
 * Subscribing or changing plan, or paying the run's declined charge now, then the payment it opened: with
 * the sandbox provider the person completes or fails it (POST …/payment/:payment/confirm): the one just
 * opened, or one the subscription still waits for when the page loads. A change that charges nothing has
 * no payment.
 */
export function usePayment(billing: BillingApi, notify: ShellBridge['notify'], onChanged: () => void) {
  const [payment, setPayment] = useState<PaymentView | null>(null);
  const [busy, setBusy] = useState(false);

  /** One request that answers a payment (or none): busy meanwhile, the payment shown, the page told, an error said. */
  const send = useCallback(
    <A extends { payment: PaymentView | null }>(request: Promise<A>, onDone: (answer: A) => void = () => undefined) => {
      setBusy(true);
      request
        .then((answer) => {
          setBusy(false);
          setPayment(answer.payment);
          onDone(answer);
          onChanged();
        })
        .catch((error: unknown) => {
          setBusy(false);
          notify(0, errorText(error));
        });
    },
    [notify, onChanged],
  );

  const subscribe = useCallback(
    (planId: Parameters<BillingApi['subscribe']>[0], onDone?: (answer: SubscribeAnswer) => void) => send(billing.subscribe(planId), onDone),
    [billing, send],
  );
  // the run's declined charge paid now on the payment page (POST …/declined-charge/pay): the payment it opens
  const payDeclined = useCallback(() => send(billing.payDeclined()), [billing, send]);
  const confirm = useCallback(
    (paymentId: string, outcome: PaymentOutcome) => send(billing.confirmPayment(paymentId, outcome)),
    [billing, send],
  );

  return { payment, busy, subscribe, confirm, payDeclined };
}
