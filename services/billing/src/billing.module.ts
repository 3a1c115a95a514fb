import { PaymentFailedNotifier } from './subscription/payment-failed.notifier';
import { Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { FactsHandlers } from './facts/facts.handlers';
import { InvoiceService } from './invoice/invoice.service';
import { SdiIntermediary } from './sdi/sdi-intermediary';
import { SdiOutbox } from './sdi/sdi-outbox';
import { SandboxSdiIntermediary } from './sdi/sdi-sandbox';
import { SdiSender } from './sdi/sdi-sender';
import { ChargeRequests } from './payment/charge-requests';
import { PaymentProvider } from './payment/payment-provider';
import { paymentProviderFor } from './payment/payment-provider.factory';
import { StripeWebhookHandlers } from './payment/stripe-webhook.handlers';
import { StripeWebhookService } from './payment/stripe-webhook.service';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';
import { BillingRunScheduler } from './subscription/billing-run.scheduler';
import { BillingHandlers } from './subscription/billing.handlers';
import { BillingRun } from './subscription/billing-run';
import { InvoiceCharges } from './subscription/invoice-charges';
import { SubscriptionCommands } from './subscription/subscription.commands';
import { SubscriptionQueries } from './subscription/subscription.queries';
import { SubscriptionStore } from './subscription/subscription.store';

/**
 * Health, NATS, the database, the outbox and access come from the kit. Handler classes are
 * controllers: Nest binds their patterns only on those. The payment port's default is the sandbox;
 * PAWLINE_PAYMENTS=stripe chooses the Stripe adapter (ADR 0032).
 */
@Module({
  controllers: [BillingHandlers, FactsHandlers, OrgaPurgeHandlers, StripeWebhookHandlers, PaymentFailedNotifier],
  providers: [
    SubscriptionQueries,
    SubscriptionStore,
    SubscriptionCommands,
    InvoiceCharges,
    ChargeRequests,
    BillingRun,
    InvoiceService,
    SdiOutbox,
    SdiSender,
    { provide: SdiIntermediary, useFactory: (db: DataSource) => new SandboxSdiIntermediary(db), inject: [DataSource] },
    BillingRunScheduler,
    StripeWebhookService,
    { provide: PaymentProvider, useFactory: paymentProviderFor, inject: [SERVICE_CONFIG, DataSource] },
  ],
})
export class BillingModule {}
