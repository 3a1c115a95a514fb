import { Injectable } from '@nestjs/common';
import { paymentFailedEvent, subscriptionChangedEvent, type PlanLimitsView } from '@pawline/contracts';
import { PLANS, type InvoiceLine, type Plan, type PlanId } from '@pawline/domain';
import { OutboxService, RpcError, type OutboxMeta } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { SdiOutbox } from '../sdi/sdi-outbox';
import { billingDate, firstOfNextMonth, latest } from './billing-dates';
import { SubscriptionQueries, type PaymentRow } from './subscription.queries';

export type NewPayment = {
  id: string;
  orgaId: string;
  invoiceId: string;
  attempt: number;
  amountCents: number;
  provider: string;
  providerRef: string;
  planId: string;
  redirectUrl: string | null;
  createdAt: Date;
  /** a method saved during the trial, not money (its invoice is charged when the trial ends) */
  purpose: 'charge' | 'setup';
};

/**
 * Every write to the subscription and its payments, with the events they publish through the outbox in the
 * same transaction. Callers hold the organization's subscription lock (`SubscriptionQueries.row(…, true)`).
 */
@Injectable()
export class SubscriptionStore {
  constructor(
    private readonly outbox: OutboxService,
    private readonly queries: SubscriptionQueries,
    private readonly sdi: SdiOutbox,
  ) {}

  /** identity's new organization starts its trial here (evt.identity.orga.created.v1). */
  async startTrial(manager: EntityManager, orgaId: string, createdAt: Date, trialEndsAt: Date): Promise<void> {
    await manager.query(
      `INSERT INTO subscription (orga_id, plan_id, tier, orga_created_at, trial_ends_at) VALUES ($1, 'free_trial', 0, $2, $3)
       ON CONFLICT (orga_id) DO NOTHING`,
      [orgaId, createdAt, trialEndsAt],
    );
  }

  /** The one place a payment row is written: an attempt of an invoice at the provider, pending until answered. */
  async recordPayment(manager: EntityManager, payment: NewPayment): Promise<void> {
    await manager.query(
      `INSERT INTO payment (id, orga_id, invoice_id, attempt, amount_cents, status, provider, provider_ref, plan_id, redirect_url, created_at, purpose)
       VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7, $8, $9, $10, $11)`,
      [
        payment.id,
        payment.orgaId,
        payment.invoiceId,
        payment.attempt,
        payment.amountCents,
        payment.provider,
        payment.providerRef,
        payment.planId,
        payment.redirectUrl,
        payment.createdAt,
        payment.purpose,
      ],
    );
  }

  /**
   * Another plan chosen during the trial once a method is saved: it replaces the scheduled one (the earlier
   * invoice, never charged and never sent, is given up).
   */
  async reschedule(manager: EntityManager, orgaId: string, planId: PlanId): Promise<void> {
    await manager.query(`UPDATE invoice SET status = 'failed' WHERE orga_id = $1 AND kind = 'first' AND status = 'pending'`, [orgaId]);
    await manager.query(`UPDATE subscription SET scheduled_plan_id = $2, updated_at = now() WHERE orga_id = $1`, [orgaId, planId]);
  }

  /** A setup of the trial answered: its method saved (the plan starts when the trial ends), or not. */
  private async settleSetup(manager: EntityManager, payment: PaymentRow, outcome: 'succeeded' | 'failed', now: Date): Promise<void> {
    await manager.query(`UPDATE payment SET status = $2, answered_at = coalesce(answered_at, $3) WHERE id = $1`, [
      payment.id,
      outcome,
      now,
    ]);
    await manager.query(
      `UPDATE subscription SET pending_payment_id = NULL, updated_at = now() WHERE orga_id = $1 AND pending_payment_id = $2`,
      [payment.orga_id, payment.id],
    );
    if (outcome === 'succeeded') {
      await manager.query(`UPDATE subscription SET scheduled_plan_id = $2, updated_at = now() WHERE orga_id = $1`, [
        payment.orga_id,
        payment.plan_id,
      ]);
    } else {
      // no money was asked for: the invoice is given up, and nobody is told of a declined charge
      await manager.query(`UPDATE invoice SET status = 'failed' WHERE id = $1 AND status = 'pending'`, [payment.invoice_id]);
    }
  }

  /** The checkout the person is paying now (the payment page shows it until it is answered). */
  async openCheckout(manager: EntityManager, orgaId: string, paymentId: string): Promise<void> {
    await manager.query(`UPDATE subscription SET pending_payment_id = $2, updated_at = now() WHERE orga_id = $1`, [orgaId, paymentId]);
  }

  /** A downgrade, or a change of plan that costs nothing now, waits for the 1st. */
  async changePlanOnTheFirst(manager: EntityManager, orgaId: string, planId: PlanId): Promise<void> {
    await manager.query(`UPDATE subscription SET next_plan_id = $2, updated_at = now() WHERE orga_id = $1`, [orgaId, planId]);
  }

  /**
   * An upgrade whose difference is below the smallest charge: the new plan is in force now and the difference
   * is carried to the next month's invoice (ADR 0046).
   */
  async upgradeCarrying(manager: EntityManager, orgaId: string, plan: Plan, difference: InvoiceLine, meta: OutboxMeta): Promise<void> {
    await manager.query(
      `UPDATE subscription SET plan_id = $2, tier = $3, next_plan_id = NULL, carried_lines = carried_lines || $4::jsonb, updated_at = now()
        WHERE orga_id = $1`,
      [orgaId, plan.id, plan.tier, JSON.stringify([difference])],
    );
    await this.publish(manager, orgaId, meta);
  }

  /** The carried differences went onto an invoice. */
  async clearCarried(manager: EntityManager, orgaId: string): Promise<void> {
    await manager.query(`UPDATE subscription SET carried_lines = '[]'::jsonb, updated_at = now() WHERE orga_id = $1`, [orgaId]);
  }

  /** An operator's Customized plan with its agreed price and limits, in force now (ADR 0031). */
  async setCustomized(manager: EntityManager, orgaId: string, monthlyCents: number, limits: PlanLimitsView, meta: OutboxMeta, now: Date) {
    await manager.query(
      `UPDATE subscription SET plan_id = 'customized', tier = 5, custom_monthly_cents = $2, plan_limits = $3::jsonb,
         subscribed_since = COALESCE(subscribed_since, $4), paid_through = COALESCE(paid_through, $5), next_plan_id = NULL, updated_at = now()
       WHERE orga_id = $1`,
      [orgaId, monthlyCents, JSON.stringify(limits), now, firstOfNextMonth(billingDate(now))],
    );
    await this.publish(manager, orgaId, meta);
  }

  /** The grace days passed without a payment: back to tier 0, Premium expired (ADR 0028). */
  async lapse(manager: EntityManager, orgaId: string, meta: OutboxMeta): Promise<void> {
    await manager.query(`UPDATE subscription SET tier = 0, plan_id = 'free_trial', updated_at = now() WHERE orga_id = $1`, [orgaId]);
    await this.publish(manager, orgaId, meta);
  }

  /**
   * A checkout abandoned at the provider (its session expired): the payment and its invoice are failed,
   * and it is no longer the organization's open checkout. Nobody is notified: no card was declined.
   */
  async abandon(manager: EntityManager, orgaId: string, paymentId: string): Promise<void> {
    const updated = await manager.query<unknown[]>(
      `UPDATE payment SET status = 'failed', answered_at = now() WHERE id = $1 AND orga_id = $2 AND status = 'pending' RETURNING invoice_id`,
      [paymentId, orgaId],
    );
    // pg answers [rows, count] for an UPDATE … RETURNING through TypeORM's query
    const [payment] = (Array.isArray(updated[0]) ? updated[0] : updated) as { invoice_id: string }[];
    if (!payment) return;
    await manager.query(`UPDATE invoice SET status = 'failed' WHERE id = $1 AND status <> 'paid'`, [payment.invoice_id]);
    await manager.query(
      `UPDATE subscription SET pending_payment_id = NULL, updated_at = now() WHERE orga_id = $1 AND pending_payment_id = $2`,
      [orgaId, paymentId],
    );
  }

  /** Applies a payment's outcome (the sandbox page, a charge of the run, or a provider's webhook). */
  async settle(manager: EntityManager, orgaId: string, paymentId: string, outcome: 'succeeded' | 'failed', meta: OutboxMeta, now: Date) {
    const [payment] = await manager.query<PaymentRow[]>(`SELECT * FROM payment WHERE id = $1 AND orga_id = $2 FOR UPDATE`, [
      paymentId,
      orgaId,
    ]);
    if (!payment) throw new RpcError('not_found');
    if (payment.status !== 'pending' && payment.status !== outcome) throw new RpcError('conflict');
    if (payment.purpose === 'setup') return this.settleSetup(manager, payment, outcome, now);
    // answered now, unless already (the same answer delivered again)
    await manager.query(`UPDATE payment SET status = $2, answered_at = coalesce(answered_at, $3) WHERE id = $1`, [paymentId, outcome, now]);
    await manager.query(`UPDATE invoice SET status = $2 WHERE id = $1`, [payment.invoice_id, outcome === 'succeeded' ? 'paid' : 'failed']);
    await manager.query(
      `UPDATE subscription SET pending_payment_id = NULL, updated_at = now() WHERE orga_id = $1 AND pending_payment_id = $2`,
      [orgaId, paymentId],
    );
    if (outcome !== 'succeeded') {
      // the first charge of a plan chosen during the trial was declined: the trial is over, the plan does not start
      await manager.query(
        `UPDATE subscription SET scheduled_plan_id = NULL, updated_at = now() WHERE orga_id = $1 AND tier <= 0
           AND EXISTS (SELECT 1 FROM invoice WHERE id = $2 AND kind = 'first')`,
        [orgaId, payment.invoice_id],
      );
      // the administrators are told (a notification) and the plan page shows it (last_failed_charge)
      if (payment.status === 'pending') {
        await this.outbox.add(
          manager,
          paymentFailedEvent,
          { orga_id: orgaId, payment_id: paymentId, invoice_id: payment.invoice_id, amount_cents: payment.amount_cents },
          { ...meta, orgaId },
        );
      }
      return;
    }
    // paid: the sale of the service took place, its e-invoice goes to the SdI
    await this.sdi.queue(manager, payment.invoice_id);
    const plan = PLANS[payment.plan_id as PlanId];
    const row = await this.queries.row(manager, orgaId);
    const [invoice] = await manager.query<{ kind: string; period: string }[]>(`SELECT kind, period FROM invoice WHERE id = $1`, [
      payment.invoice_id,
    ]);
    // a month's invoice pays to that month's end, whether its charge was answered at once (a card) or days
    // later (a bank debit); a first invoice to the end of the month it starts in (the checkout's, or the trial's
    // end); a plan change keeps the paid period
    const paidThrough =
      invoice?.kind === 'monthly' || (invoice?.kind === 'first' && row.tier <= 0)
        ? latest(row.paid_through, firstOfNextMonth(`${invoice.period}-01`))
        : row.tier > 0 && row.paid_through
          ? row.paid_through
          : firstOfNextMonth(billingDate(now));
    await manager.query(
      `UPDATE subscription SET plan_id = $2, tier = $3, subscribed_since = COALESCE(subscribed_since, $4), paid_through = $5, next_plan_id = NULL,
         scheduled_plan_id = NULL, updated_at = now()
       WHERE orga_id = $1`,
      [orgaId, plan.id, plan.tier, now, paidThrough],
    );
    await this.publish(manager, orgaId, meta);
  }

  /** evt.billing.subscription.changed.v1: identity mirrors tier and dates, booking the tier (ADR 0028). */
  async publish(manager: EntityManager, orgaId: string, meta: OutboxMeta): Promise<void> {
    const row = await this.queries.row(manager, orgaId);
    await this.outbox.add(
      manager,
      subscriptionChangedEvent,
      {
        orga_id: orgaId,
        plan_id: row.plan_id,
        tier: row.tier,
        subscribed_since: row.subscribed_since ? new Date(row.subscribed_since).toISOString() : null,
        subscribed_until: row.paid_through ? new Date(row.paid_through).toISOString() : row.trial_ends_at.toISOString(),
        limits: row.tier === 5 ? row.plan_limits : null,
      },
      meta,
    );
  }
}
