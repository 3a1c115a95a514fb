import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { InvoiceLine } from '@pawline/domain';
import type { OutboxMeta } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { ChargeRequests } from '../payment/charge-requests';
import { PaymentProvider } from '../payment/payment-provider';
import { SubscriptionStore } from './subscription.store';

export type InvoiceCharge = {
  orgaId: string;
  invoice: { id: string; number: string; gross_cents: number };
  /** the same key gives the same charge back at the provider: one charge however often it is sent (ADR 0032) */
  key: string;
  attempt: number;
  planId: string;
  /** the person pays it now on the payment page (a checkout); otherwise the run charges the saved method */
  checkout: boolean;
  /** during the trial the checkout only saves a method: the invoice is charged when the trial ends */
  setup?: boolean;
  meta: OutboxMeta;
  now: Date;
  /** a month's first attempt: the lines it charges, kept with its request (a rolled-back run invoices them again) */
  lines?: InvoiceLine[];
};

/**
 * One attempt of an invoice at the payment provider: its request fixed with its key (and kept, committed, before
 * anything is sent), the charge, its payment row, the open checkout, and the answer applied at once when the
 * provider gave one (a card of the run). The caller holds the subscription lock.
 */
@Injectable()
export class InvoiceCharges {
  constructor(
    private readonly provider: PaymentProvider,
    private readonly requests: ChargeRequests,
    private readonly store: SubscriptionStore,
  ) {}

  async charge(manager: EntityManager, charge: InvoiceCharge): Promise<string> {
    const paymentId = randomUUID();
    const params = await this.provider.prepare({
      idempotencyKey: charge.key,
      orgaId: charge.orgaId,
      amountCents: charge.invoice.gross_cents,
      description: `Invoice ${charge.invoice.number}`,
      onSession: charge.checkout,
      ...(charge.checkout ? { paymentId } : {}),
      ...(charge.setup ? { setup: true } : {}),
    });
    const fixed = await this.requests.fix(charge.key, charge.orgaId, this.provider.name, params, charge.lines ?? null);
    const answer = await this.provider.send(fixed);
    await this.store.recordPayment(manager, {
      id: paymentId,
      orgaId: charge.orgaId,
      invoiceId: charge.invoice.id,
      attempt: charge.attempt,
      amountCents: charge.invoice.gross_cents,
      provider: this.provider.name,
      providerRef: answer.ref,
      planId: charge.planId,
      redirectUrl: answer.redirectUrl ?? null,
      createdAt: charge.now,
      purpose: charge.setup ? 'setup' : 'charge',
    });
    if (charge.checkout) await this.store.openCheckout(manager, charge.orgaId, paymentId);
    // a checkout and a bank debit answer pending: the person's page or the provider's webhook settles them later
    if (answer.status !== 'pending') await this.store.settle(manager, charge.orgaId, paymentId, answer.status, charge.meta, charge.now);
    return paymentId;
  }
}
