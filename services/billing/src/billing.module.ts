import { Module } from '@nestjs/common';
import { FactsHandlers } from './facts/facts.handlers';
import { InvoiceService } from './invoice/invoice.service';
import { PaymentProvider, SandboxPaymentProvider } from './payment/payment-provider';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';
import { BillingRunScheduler } from './subscription/billing-run.scheduler';
import { BillingHandlers } from './subscription/billing.handlers';
import { SubscriptionService } from './subscription/subscription.service';

/**
 * Health, NATS, the database, the outbox and access come from the kit. Handler classes are
 * controllers: Nest binds their patterns only on those. The payment port's default is the sandbox.
 */
@Module({
  controllers: [BillingHandlers, FactsHandlers, OrgaPurgeHandlers],
  providers: [SubscriptionService, InvoiceService, BillingRunScheduler, { provide: PaymentProvider, useClass: SandboxPaymentProvider }],
})
export class BillingModule {}
