import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { OutboxMeta } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
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
  meta: OutboxMeta;
  now: Date;
};

/**
 * One attempt of an invoice at the payment provider: the charge, its payment row, the open checkout, and the
 * answer applied at once when the provider gave one (a card of the run). The caller holds the subscription lock.
 */
@Injectable()
export class InvoiceCharges {
  constructor(
    private readonly provider: PaymentProvider,
    private readonly store: SubscriptionStore,
  ) {}

  async charge(manager: EntityManager, charge: InvoiceCharge): Promise<string> {
    const paymentId = randomUUID();
    const answer = await this.provider.charge({
      idempotencyKey: charge.key,
      orgaId: charge.orgaId,
      amountCents: charge.invoice.gross_cents,
      description: `Invoice ${charge.invoice.number}`,
      onSession: charge.checkout,
      ...(charge.checkout ? { paymentId } : {}),
    });
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
    });
    if (charge.checkout) await this.store.openCheckout(manager, charge.orgaId, paymentId);
    // a checkout and a bank debit answer pending: the person's page or the provider's webhook settles them later
    if (answer.status !== 'pending') await this.store.settle(manager, charge.orgaId, paymentId, answer.status, charge.meta, charge.now);
    return paymentId;
  }
}
