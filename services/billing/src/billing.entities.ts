import { BillingInit1795540000000 } from './migrations/1795540000000-billing-init';
import { ReminderUsageEntity, StoreFactEntity } from './facts/facts.entity';
import { InvoiceEntity, InvoiceNumberEntity } from './invoice/invoice.entity';
import { PaymentEntity } from './payment/payment.entity';
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
];

export const BILLING_MIGRATIONS = [BillingInit1795540000000];
