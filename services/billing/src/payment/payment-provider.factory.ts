import type { DataSource } from 'typeorm';
import type { BillingConfig } from './payment.config';
import { SandboxPaymentProvider, type PaymentProvider } from './payment-provider';
import { DbStripeCustomerStore } from './stripe-customer.store';
import { StripePaymentProvider } from './stripe-payment-provider';

/** The payment port's adapter chosen by configuration: the sandbox unless PAWLINE_PAYMENTS=stripe. */
export function paymentProviderFor(config: BillingConfig, db: DataSource): PaymentProvider {
  if (config.PAWLINE_PAYMENTS !== 'stripe') return new SandboxPaymentProvider();
  return new StripePaymentProvider(
    {
      secretKey: config.STRIPE_SECRET_KEY ?? '',
      apiBase: config.STRIPE_API_BASE,
      publicUrl: config.PUBLIC_URL,
    },
    new DbStripeCustomerStore(db),
  );
}
