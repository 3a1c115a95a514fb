import type { ShellBridge } from '@pawline/api-client';
import { useCallback, useState } from 'react';
import { errorText } from '../shared/options';
import type { BillingApi, PaymentOutcome, SubscribeAnswer } from './billing-api';
import type { PaymentView } from './PaymentPanel';

/**
 * Subscribing or changing plan, then the payment it opened: with the sandbox provider the person
 * completes or fails it (POST …/payment/:payment/confirm): the one just opened, or one
 * the subscription still waits for when the page loads. A change that charges nothing has no payment.
 */
export function usePayment(billing: BillingApi, notify: ShellBridge['notify'], onChanged: () => void) {
  const [payment, setPayment] = useState<PaymentView | null>(null);
  const [busy, setBusy] = useState(false);

  const subscribe = useCallback(
    (planId: Parameters<BillingApi['subscribe']>[0], onDone: (answer: SubscribeAnswer) => void = () => undefined) => {
      setBusy(true);
      billing
        .subscribe(planId)
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
    [billing, notify, onChanged],
  );

  // the run's declined charge paid now on the payment page (POST …/declined-charge/pay): the payment it opens
  const payDeclined = useCallback(() => {
    setBusy(true);
    billing
      .payDeclined()
      .then((answer) => {
        setBusy(false);
        setPayment(answer.payment);
        onChanged();
      })
      .catch((error: unknown) => {
        setBusy(false);
        notify(0, errorText(error));
      });
  }, [billing, notify, onChanged]);

  const confirm = useCallback(
    (paymentId: string, outcome: PaymentOutcome) => {
      setBusy(true);
      billing
        .confirmPayment(paymentId, outcome)
        .then((answer) => {
          setBusy(false);
          setPayment(answer.payment);
          onChanged();
        })
        .catch((error: unknown) => {
          setBusy(false);
          notify(0, errorText(error));
        });
    },
    [billing, notify, onChanged],
  );

  return { payment, busy, subscribe, confirm, payDeclined };
}
