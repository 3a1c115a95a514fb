import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PaymentView, PlanLimitsView, SubscriptionView } from '@pawline/contracts';
import {
  PLANS,
  chargeableAlone,
  firstInvoiceLines,
  invoiceTotals,
  monthlyFeeCents,
  planChangeCents,
  planChangeLine,
  type InvoiceLine,
  type PlanId,
} from '@pawline/domain';
import { RpcError, type OutboxMeta } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { InvoiceService } from '../invoice/invoice.service';
import { billingDate } from './billing-dates';
import { InvoiceCharges } from './invoice-charges';
import { SubscriptionQueries, planOfRow } from './subscription.queries';
import { SubscriptionStore } from './subscription.store';

type Answer = { subscription: SubscriptionView; payment: PaymentView };

/** What an organization administrator (or an operator) asks of its subscription: subscribe, pay, confirm. */
@Injectable()
export class SubscriptionCommands {
  constructor(
    private readonly db: DataSource,
    private readonly queries: SubscriptionQueries,
    private readonly store: SubscriptionStore,
    private readonly charges: InvoiceCharges,
    private readonly invoices: InvoiceService,
  ) {}

  /**
   * An operator puts the organization on the Customized plan with the agreed price and limits (ADR
   * 0031): in force now, billed by the run of the 1st; identity, booking and the kit helpers learn the
   * limits from evt.billing.subscription.changed.v1.
   */
  async setCustomized(orgaId: string, monthlyCents: number, limits: PlanLimitsView, meta: OutboxMeta, now = new Date()) {
    await this.db.transaction(async (manager) => {
      await this.queries.row(manager, orgaId, true);
      await this.store.setCustomized(manager, orgaId, monthlyCents, limits, meta, now);
    });
    return this.queries.view(this.db, orgaId, now);
  }

  /**
   * R1.22 subscribe (the first month pro-rata; during the trial from its end, charged then) or change plan (an
   * upgrade's difference now, or with the next month when it is under the smallest charge; a downgrade from the
   * 1st). The checkout's payment waits for the person on the payment page.
   */
  async subscribe(
    orgaId: string,
    planId: PlanId,
    meta: OutboxMeta,
    now = new Date(),
  ): Promise<{ subscription: SubscriptionView; payment: PaymentView | null }> {
    const plan = PLANS[planId];
    if (!plan.purchasable) throw new RpcError('validation_failed', { fields: { plan_id: 'validation.planNotPurchasable' } });
    const paymentId = await this.db.transaction(async (manager) => {
      const row = await this.queries.row(manager, orgaId, true);
      const profile = await this.invoices.customerOf(manager, orgaId);
      if (!profile) throw new RpcError('validation_failed', { fields: { billing_data: 'validation.billingDataRequired' } });
      const stores = await this.queries.storeCount(manager, orgaId);
      const today = billingDate(now);
      const current = planOfRow(row);
      // during the free trial the paid period starts when it ends: the first invoice runs from that day, and
      // the checkout only saves a method; nothing is charged before (the run charges it then)
      const inTrial = row.tier <= 0 && !row.subscribed_since && new Date(row.trial_ends_at).getTime() > now.getTime();
      const start = inTrial ? billingDate(new Date(row.trial_ends_at)) : today;
      let lines: InvoiceLine[];
      let kind: 'first' | 'plan_change';
      if (row.tier > 0) {
        if (current.id === planId) return null;
        const oldFee = monthlyFeeCents(current, stores, row.custom_monthly_cents);
        const newFee = monthlyFeeCents(plan, stores);
        const cents = planChangeCents(oldFee, newFee, today);
        if (cents === 0) {
          await this.store.changePlanOnTheFirst(manager, orgaId, planId);
          return null;
        }
        const difference = planChangeLine(current, plan, cents, today);
        // under the smallest charge (Stripe's €0.50): the plan now, the difference with the next month
        if (!chargeableAlone(invoiceTotals([difference]).gross_cents)) {
          await this.store.upgradeCarrying(manager, orgaId, plan, difference, meta);
          return null;
        }
        lines = [difference];
        kind = 'plan_change';
      } else {
        lines = firstInvoiceLines(plan, stores, start);
        kind = 'first';
      }
      // a method is saved already for a plan chosen during the trial: the new choice replaces it, nothing to confirm
      const rescheduled = inTrial && row.scheduled_plan_id !== null;
      if (rescheduled) await this.store.reschedule(manager, orgaId, planId);
      const invoice = await this.invoices.issue(manager, {
        orgaId,
        key: `${kind}:${orgaId}:${randomUUID()}`,
        kind,
        planId,
        period: start.slice(0, 7),
        lines,
        now,
        customer: profile,
      });
      if (!invoice) throw new RpcError('conflict');
      if (rescheduled) return null;
      return this.charges.charge(manager, {
        orgaId,
        invoice,
        key: `invoice:${invoice.id}:1`,
        attempt: 1,
        planId,
        checkout: true,
        setup: inTrial,
        meta,
        now,
      });
    });
    return {
      subscription: await this.queries.view(this.db, orgaId, now),
      payment: paymentId ? await this.queries.payment(this.db, paymentId) : null,
    };
  }

  /**
   * An administrator pays the run's declined charge now, on the payment page (the sandbox's, or Stripe Checkout
   * with another card or account), instead of waiting for the next day's retry. Refused (conflict) unless the
   * plan runs, a month's invoice is declined, no checkout is open and no attempt of that invoice is still
   * pending (a debit at its bank): otherwise two payments of one invoice could both go through. While it is
   * open the run does not charge that invoice again. Paid, `settle` pays the month to its end, and what paid
   * it pays the next months (Stripe saves it, setup_future_usage).
   */
  async payDeclined(orgaId: string, meta: OutboxMeta, now = new Date()): Promise<Answer> {
    const paymentId = await this.db.transaction(async (manager) => {
      const row = await this.queries.row(manager, orgaId, true);
      if (row.tier <= 0 || row.pending_payment_id) throw new RpcError('conflict');
      const [invoice] = await manager.query<
        { id: string; idempotency_key: string; number_year: number; number_seq: number; gross_cents: number }[]
      >(
        `SELECT id, idempotency_key, number_year, number_seq, gross_cents FROM invoice
          WHERE orga_id = $1 AND kind = 'monthly' AND status = 'failed' ORDER BY issued_at DESC, id DESC LIMIT 1`,
        [orgaId],
      );
      if (!invoice) throw new RpcError('conflict');
      const [last] = await manager.query<{ attempt: number; status: string }[]>(
        `SELECT attempt, status FROM payment WHERE invoice_id = $1 ORDER BY attempt DESC LIMIT 1`,
        [invoice.id],
      );
      if (last?.status === 'pending') throw new RpcError('conflict');
      const attempt = (last?.attempt ?? 0) + 1;
      return this.charges.charge(manager, {
        orgaId,
        invoice: { id: invoice.id, number: `${invoice.number_year}/${invoice.number_seq}`, gross_cents: invoice.gross_cents },
        // the invoice's key and the attempt, as the run's retries: one charge however often this is sent
        key: `${invoice.idempotency_key}:${attempt}`,
        attempt,
        planId: row.plan_id,
        checkout: true,
        meta,
        now,
      });
    });
    return { subscription: await this.queries.view(this.db, orgaId, now), payment: await this.queries.payment(this.db, paymentId) };
  }

  /** The sandbox page's outcome of a checkout: success puts the plan in force until the 1st. */
  async confirm(orgaId: string, paymentId: string, outcome: 'succeeded' | 'failed', meta: OutboxMeta, now = new Date()): Promise<Answer> {
    await this.db.transaction(async (manager) => {
      await this.queries.row(manager, orgaId, true);
      // only the sandbox's payments are settled by the person; a real provider's by its own signed answer
      const [charge] = await manager.query<{ provider: string }[]>(`SELECT provider FROM payment WHERE id = $1 AND orga_id = $2`, [
        paymentId,
        orgaId,
      ]);
      if (charge && charge.provider !== 'sandbox') throw new RpcError('forbidden');
      await this.store.settle(manager, orgaId, paymentId, outcome, meta, now);
    });
    return { subscription: await this.queries.view(this.db, orgaId, now), payment: await this.queries.payment(this.db, paymentId) };
  }
}
