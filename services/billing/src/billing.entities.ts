import { BillingInit1795540000000 } from './migrations/1795540000000-billing-init';
import { CustomizedPlanLimits1795552000200 } from './migrations/1795552000200-customized-plan-limits';
import { ReminderUsageEntity, StoreFactEntity } from './facts/facts.entity';
import { InvoiceEntity, InvoiceNumberEntity } from './invoice/invoice.entity';
import { PaymentEntity } from './payment/payment.entity';
import { StripeCustomerEntity, StripeEventEntity } from './payment/stripe.entity';
import { Stripe1795553000000 } from './migrations/1795553000000-stripe';
import { PaymentRedirectUrl1795558000000 } from './migrations/1795558000000-payment-redirect-url';
import { PaymentAnsweredAt1795570000000 } from './migrations/1795570000000-payment-answered-at';
import { EInvoice1795600000000 } from './migrations/1795600000000-e-invoice';
import { SdiSandboxFileEntity, SdiTransmissionEntity } from './sdi/sdi-transmission.entity';
import { SdiSandbox1795600000100 } from './migrations/1795600000100-sdi-sandbox';
import { ChargeRequest1795600000200 } from './migrations/1795600000200-charge-request';
import { TrialStart1795600000300 } from './migrations/1795600000300-trial-start';
import { ChargeRequestEntity } from './payment/charge-request.entity';
import { BillingProfileEntity } from './profile/billing-profile.entity';
import { SubscriptionEntity } from './subscription/subscription.entity';

export const BILLING_ENTITIES = [
  SubscriptionEntity,
  BillingProfileEntity,
  InvoiceEntity,
  InvoiceNumberEntity,
  PaymentEntity,
  StoreFactEntity,
  ReminderUsageEntity,
  StripeCustomerEntity,
  StripeEventEntity,
  SdiTransmissionEntity,
  SdiSandboxFileEntity,
  ChargeRequestEntity,
];

export const BILLING_MIGRATIONS = [
  BillingInit1795540000000,
  CustomizedPlanLimits1795552000200,
  Stripe1795553000000,
  PaymentRedirectUrl1795558000000,
  PaymentAnsweredAt1795570000000,
  EInvoice1795600000000,
  SdiSandbox1795600000100,
  ChargeRequest1795600000200,
  TrialStart1795600000300,
];
