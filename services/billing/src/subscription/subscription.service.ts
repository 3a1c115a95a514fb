import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  paymentFailedEvent,
  subscriptionChangedEvent,
  type PaymentView,
  type PlanLimitsView,
  type SubscriptionView,
} from '@pawline/contracts';
import {
  PLANS,
  expiryState,
  firstInvoiceLines,
  instantToLocal,
  localDateOf,
  isActive,
  isPlanId,
  lapseDue,
  retriesEnd,
  monthlyFeeCents,
  monthlyInvoiceLines,
  planChangeCents,
  planOfOrganization,
  previousPeriod,
  reminderBill,
  remainingDays,
  showTrialBanner,
  sidebarTrialNotice,
  subscriptionState,
  line,
  type InvoiceLine,
  type PlanId,
  type SubscriptionFacts,
} from '@pawline/domain';
import { OutboxService, RpcError, type OutboxMeta } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { InvoiceService } from '../invoice/invoice.service';
import { PaymentProvider } from '../payment/payment-provider';

export type SubscriptionRow = {
  orga_id: string;
  plan_id: string;
  tier: number;
  custom_monthly_cents: number | null;
  orga_created_at: Date;
  trial_ends_at: Date;
  subscribed_since: Date | null;
  paid_through: Date | null;
  next_plan_id: string | null;
  pending_payment_id: string | null;
  plan_limits: PlanLimitsView | null;
};

type PaymentRow = {
  id: string;
  orga_id: string;
  invoice_id: string;
  amount_cents: number;
  status: string;
  provider: string;
  plan_id: string;
  redirect_url: string | null;
  created_at: Date;
};

const BILLING_TIME_ZONE = 'Europe/Rome';

/** The calendar date of an instant in the billing time zone. */
export function billingDate(at: Date): string {
  return localDateOf(at, BILLING_TIME_ZONE);
}

/** 00:00 in Rome on the 1st of the month after a date. */
export function firstOfNextMonth(date: string): Date {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const next = month === 12 ? Date.UTC(year + 1, 0, 1) : Date.UTC(year, month, 1);
  // Rome is UTC+1 or +2; the 1st at 00:00 there is the last day at 22:00 or 23:00 UTC.
  const offsetHours = instantToLocal(next, BILLING_TIME_ZONE).hour;
  return new Date(next - offsetHours * 3_600_000);
}

/** The later of a paid-through date (maybe none yet) and a period's end. */
function latest(paidThrough: Date | null, periodEnd: Date): Date {
  return paidThrough && new Date(paidThrough).getTime() > periodEnd.getTime() ? new Date(paidThrough) : periodEnd;
}

function paymentView(row: PaymentRow): PaymentView {
  return {
    id: row.id,
    orga_id: row.orga_id,
    invoice_id: row.invoice_id,
    amount_cents: row.amount_cents,
    status: row.status as PaymentView['status'],
    provider: row.provider,
    redirect_url: row.redirect_url ?? null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

@Injectable()
export class SubscriptionService {
  constructor(
    private readonly db: DataSource,
    private readonly outbox: OutboxService,
    private readonly invoices: InvoiceService,
    private readonly provider: PaymentProvider,
  ) {}

  /** identity's new organization starts its trial here (evt.identity.orga.created.v1). */
  async startTrial(manager: EntityManager, orgaId: string, createdAt: Date, trialEndsAt: Date): Promise<void> {
    await manager.query(
      `INSERT INTO subscription (orga_id, plan_id, tier, orga_created_at, trial_ends_at) VALUES ($1, 'free_trial', 0, $2, $3)
       ON CONFLICT (orga_id) DO NOTHING`,
      [orgaId, createdAt, trialEndsAt],
    );
  }

  async row(manager: EntityManager | DataSource, orgaId: string, lock = false): Promise<SubscriptionRow> {
    const [row] = await manager.query<SubscriptionRow[]>(`SELECT * FROM subscription WHERE orga_id = $1${lock ? ' FOR UPDATE' : ''}`, [
      orgaId,
    ]);
    if (!row) throw new RpcError('not_found');
    return row;
  }

  async storeCount(manager: EntityManager | DataSource, orgaId: string): Promise<number> {
    const [row] = await manager.query<{ n: string }[]>(`SELECT count(*) AS n FROM store_fact WHERE orga_id = $1`, [orgaId]);
    return Math.max(1, Number(row?.n ?? 1));
  }

  facts(row: SubscriptionRow): SubscriptionFacts {
    return {
      tier: row.tier,
      created_at: row.orga_created_at,
      subscribed_since: row.subscribed_since,
      subscribed_until: row.tier > 0 ? row.paid_through : (row.paid_through ?? row.trial_ends_at),
    };
  }

  async view(manager: EntityManager | DataSource, orgaId: string, now = new Date()): Promise<SubscriptionView> {
    const row = await this.row(manager, orgaId);
    const stores = await this.storeCount(manager, orgaId);
    const facts = this.facts(row);
    const plan = PLANS[isPlanId(row.plan_id) ? row.plan_id : 'free_trial'];
    const end = facts.subscribed_until ? new Date(facts.subscribed_until) : row.trial_ends_at;
    const notice = sidebarTrialNotice(facts, now);
    return {
      orga_id: orgaId,
      plan_id: plan.id,
      tier: row.tier,
      state: subscriptionState(facts, now),
      expiry_state: expiryState(facts, now),
      active: isActive(facts, now),
      remaining_days: remainingDays(end, now),
      subscribed_since: row.subscribed_since ? new Date(row.subscribed_since).toISOString() : null,
      subscribed_until: facts.subscribed_until ? new Date(facts.subscribed_until).toISOString() : null,
      paid_through: row.paid_through ? new Date(row.paid_through).toISOString() : null,
      store_count: stores,
      monthly_cents: row.tier > 0 ? monthlyFeeCents(plan, stores, row.custom_monthly_cents) : 0,
      trial_banner: showTrialBanner(facts, now),
      sidebar_percent: notice.show ? notice.percent : null,
      pending_payment_id: row.pending_payment_id,
      last_failed_charge: await this.lastFailedCharge(manager, orgaId, row.paid_through),
      processing_charge: await this.processingCharge(manager, orgaId),
      plan_limits: row.tier === 5 ? row.plan_limits : null,
      pending_payment_redirect_url: row.pending_payment_id ? await this.redirectUrlOf(manager, row.pending_payment_id) : null,
    };
  }

  /** where the person pays a checkout on the provider's own page (Stripe Checkout); null for the sandbox (ADR 0032) */
  private async redirectUrlOf(manager: EntityManager | DataSource, paymentId: string): Promise<string | null> {
    const [payment] = await manager.query<{ redirect_url: string | null }[]>(`SELECT redirect_url FROM payment WHERE id = $1`, [paymentId]);
    return payment?.redirect_url ?? null;
  }

  /** A charge of the run the bank has not answered yet (a debit Stripe left processing): the plan page says so. */
  private async processingCharge(manager: EntityManager | DataSource, orgaId: string): Promise<SubscriptionView['processing_charge']> {
    // an open checkout of the month (payDeclined) waits for the person, not for a bank
    const open = await this.latestCharge(
      manager,
      orgaId,
      `p.status = 'pending' AND i.kind = 'monthly'
        AND p.id IS DISTINCT FROM (SELECT s.pending_payment_id FROM subscription s WHERE s.orga_id = p.orga_id)`,
    );
    return open && { ...open.charge, since: open.at };
  }

  /**
   * The latest declined charge with no successful payment after it or of its invoice (paid later by a retry or
   * by the administrator on the payment page): the plan page tells the salon, with the
   * time its retries end (a refusal the bank sent after the grace days extends them once: `retriesEnd`).
   */
  private async lastFailedCharge(
    manager: EntityManager | DataSource,
    orgaId: string,
    paidThrough: Date | null,
  ): Promise<SubscriptionView['last_failed_charge']> {
    const failed = await this.latestCharge(
      manager,
      orgaId,
      `p.status = 'failed'
        AND NOT EXISTS (SELECT 1 FROM payment q WHERE q.orga_id = p.orga_id AND q.status = 'succeeded'
                         AND (q.created_at >= p.created_at OR q.invoice_id = p.invoice_id))`,
    );
    if (!failed) return null;
    const retries = paidThrough && retriesEnd(paidThrough, await this.refusalsSince(manager, orgaId, paidThrough));
    return { ...failed.charge, failed_at: failed.at, ...(retries ? { retries_until: retries.toISOString() } : {}) };
  }

  /** When the charges of the run declined since the paid period ended were answered (`retriesEnd`). */
  private async refusalsSince(manager: EntityManager | DataSource, orgaId: string, paidThrough: Date | null): Promise<Date[]> {
    if (!paidThrough) return [];
    const rows = await manager.query<{ answered_at: Date }[]>(
      `SELECT p.answered_at FROM payment p JOIN invoice i ON i.id = p.invoice_id
        WHERE p.orga_id = $1 AND i.kind = 'monthly' AND p.status = 'failed' AND p.answered_at > $2`,
      [orgaId, paidThrough],
    );
    return rows.map((row) => new Date(row.answered_at));
  }

  /** The organization's newest payment (p, with its invoice i) that meets a condition written here, not by a caller. */
  private async latestCharge(manager: EntityManager | DataSource, orgaId: string, condition: string) {
    const [row] = await manager.query<{ id: string; invoice_id: string; amount_cents: number; created_at: Date }[]>(
      `SELECT p.id, p.invoice_id, p.amount_cents, p.created_at FROM payment p JOIN invoice i ON i.id = p.invoice_id
        WHERE p.orga_id = $1 AND ${condition} ORDER BY p.created_at DESC, p.id DESC LIMIT 1`,
      [orgaId],
    );
    if (!row) return null;
    return {
      charge: { payment_id: row.id, invoice_id: row.invoice_id, amount_cents: row.amount_cents },
      at: new Date(row.created_at).toISOString(),
    };
  }

  /**
   * An operator puts the organization on the Customized plan with the agreed price and limits (ADR
   * 0031): in force now, billed by the run of the 1st; identity, booking and the kit helpers learn the
   * limits from evt.billing.subscription.changed.v1.
   */
  async setCustomized(orgaId: string, monthlyCents: number, limits: PlanLimitsView, meta: OutboxMeta, now = new Date()) {
    await this.db.transaction(async (manager) => {
      await this.row(manager, orgaId, true);
      await manager.query(
        `UPDATE subscription SET plan_id = 'customized', tier = 5, custom_monthly_cents = $2, plan_limits = $3::jsonb,
           subscribed_since = COALESCE(subscribed_since, $4), paid_through = COALESCE(paid_through, $5), next_plan_id = NULL, updated_at = now()
         WHERE orga_id = $1`,
        [orgaId, monthlyCents, JSON.stringify(limits), now, firstOfNextMonth(billingDate(now))],
      );
      await this.publish(manager, orgaId, meta);
    });
    return this.view(this.db, orgaId, now);
  }

  /**
   * R1.22 subscribe (the first month pro-rata) or change plan (an upgrade's difference now, a
   * downgrade from the 1st). The checkout's payment waits for the person on the payment page.
   */
  async subscribe(
    orgaId: string,
    planId: PlanId,
    meta: OutboxMeta,
    now = new Date(),
  ): Promise<{ subscription: SubscriptionView; payment: PaymentView | null }> {
    const plan = PLANS[planId];
    if (!plan.purchasable) throw new RpcError('validation_failed', { fields: { plan_id: 'validation.planNotPurchasable' } });
    const payment = await this.db.transaction(async (manager) => {
      const row = await this.row(manager, orgaId, true);
      const profile = await this.invoices.customerOf(manager, orgaId);
      if (!profile) throw new RpcError('validation_failed', { fields: { billing_data: 'validation.billingDataRequired' } });
      const stores = await this.storeCount(manager, orgaId);
      const today = billingDate(now);
      const current = PLANS[isPlanId(row.plan_id) ? row.plan_id : 'free_trial'];
      let lines: InvoiceLine[];
      let kind: 'first' | 'plan_change';
      if (row.tier > 0) {
        if (current.id === planId) return null;
        const oldFee = monthlyFeeCents(current, stores, row.custom_monthly_cents);
        const newFee = monthlyFeeCents(plan, stores);
        const cents = planChangeCents(oldFee, newFee, today);
        if (cents === 0) {
          await manager.query(`UPDATE subscription SET next_plan_id = $2, updated_at = now() WHERE orga_id = $1`, [orgaId, planId]);
          return null;
        }
        lines = [line('plan_change', `${current.id} to ${plan.id} from ${today}`, 1, cents)];
        kind = 'plan_change';
      } else {
        lines = firstInvoiceLines(plan, monthlyFeeCents(plan, 1), stores, today);
        kind = 'first';
      }
      const checkout = randomUUID();
      const invoice = await this.invoices.issue(manager, {
        orgaId,
        key: `${kind}:${orgaId}:${checkout}`,
        kind,
        planId,
        period: today.slice(0, 7),
        lines,
        now,
        customer: profile,
      });
      if (!invoice) throw new RpcError('conflict');
      const paymentId = randomUUID();
      const charge = await this.provider.charge({
        idempotencyKey: `invoice:${invoice.id}:1`,
        orgaId,
        amountCents: invoice.gross_cents,
        description: `Invoice ${invoice.number}`,
        onSession: true,
        paymentId,
      });
      await manager.query(
        `INSERT INTO payment (id, orga_id, invoice_id, attempt, amount_cents, status, provider, provider_ref, plan_id, redirect_url) VALUES ($1, $2, $3, 1, $4, $5, $6, $7, $8, $9)`,
        [
          paymentId,
          orgaId,
          invoice.id,
          invoice.gross_cents,
          charge.status,
          this.provider.name,
          charge.ref,
          planId,
          charge.redirectUrl ?? null,
        ],
      );
      await manager.query(`UPDATE subscription SET pending_payment_id = $2, updated_at = now() WHERE orga_id = $1`, [orgaId, paymentId]);
      if (charge.status === 'succeeded') await this.settle(manager, orgaId, paymentId, 'succeeded', meta, now);
      return paymentId;
    });
    const payments = payment ? await this.db.query<PaymentRow[]>(`SELECT * FROM payment WHERE id = $1`, [payment]) : [];
    return { subscription: await this.view(this.db, orgaId, now), payment: payments[0] ? paymentView(payments[0]) : null };
  }

  /**
   * An administrator pays the run's declined charge now, on the payment page (the sandbox's, or Stripe Checkout
   * with another card or account), instead of waiting for the next day's retry. Refused (conflict) unless the
   * plan runs, a month's invoice is declined, no checkout is open and no attempt of that invoice is still
   * pending (a debit at its bank): otherwise two payments of one invoice could both go through. While it is
   * open the run does not charge that invoice again. Paid, `settle` pays the month to its end, and what paid
   * it pays the next months (Stripe saves it, setup_future_usage).
   */
  async payDeclined(orgaId: string, meta: OutboxMeta, now = new Date()): Promise<{ subscription: SubscriptionView; payment: PaymentView }> {
    const paymentId = await this.db.transaction(async (manager) => {
      const row = await this.row(manager, orgaId, true);
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
      const id = randomUUID();
      const charge = await this.provider.charge({
        // the invoice's key and the attempt, as the run's retries: one charge however often this is sent
        idempotencyKey: `${invoice.idempotency_key}:${attempt}`,
        orgaId,
        amountCents: invoice.gross_cents,
        description: `Invoice ${invoice.number_year}/${invoice.number_seq}`,
        onSession: true,
        paymentId: id,
      });
      await manager.query(
        `INSERT INTO payment (id, orga_id, invoice_id, attempt, amount_cents, status, provider, provider_ref, plan_id, redirect_url, created_at)
         VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7, $8, $9, $10)`,
        [
          id,
          orgaId,
          invoice.id,
          attempt,
          invoice.gross_cents,
          this.provider.name,
          charge.ref,
          row.plan_id,
          charge.redirectUrl ?? null,
          now,
        ],
      );
      await manager.query(`UPDATE subscription SET pending_payment_id = $2, updated_at = now() WHERE orga_id = $1`, [orgaId, id]);
      if (charge.status !== 'pending') await this.settle(manager, orgaId, id, charge.status, meta, now);
      return id;
    });
    const [payment] = await this.db.query<PaymentRow[]>(`SELECT * FROM payment WHERE id = $1`, [paymentId]);
    return { subscription: await this.view(this.db, orgaId, now), payment: paymentView(payment) };
  }

  /** The sandbox page's outcome of a checkout: success puts the plan in force until the 1st. */
  async confirm(orgaId: string, paymentId: string, outcome: 'succeeded' | 'failed', meta: OutboxMeta, now = new Date()) {
    await this.db.transaction(async (manager) => {
      await this.row(manager, orgaId, true);
      // only the sandbox's payments are settled by the person; a real provider's by its own signed answer
      const [charge] = await manager.query<{ provider: string }[]>(`SELECT provider FROM payment WHERE id = $1 AND orga_id = $2`, [
        paymentId,
        orgaId,
      ]);
      if (charge && charge.provider !== 'sandbox') throw new RpcError('forbidden');
      await this.settle(manager, orgaId, paymentId, outcome, meta, now);
    });
    const [payment] = await this.db.query<PaymentRow[]>(`SELECT * FROM payment WHERE id = $1`, [paymentId]);
    return { subscription: await this.view(this.db, orgaId, now), payment: paymentView(payment) };
  }

  /**
   * A checkout abandoned at the provider (its session expired): the payment and its invoice are failed,
   * and it is no longer the organization's open checkout. Nobody is notified: no card was declined.
   * The caller holds the subscription lock.
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

  /** Applies a payment's outcome (the sandbox page, a charge of the run, or a provider's webhook); the caller holds the subscription lock. */
  async settle(manager: EntityManager, orgaId: string, paymentId: string, outcome: 'succeeded' | 'failed', meta: OutboxMeta, now: Date) {
    const [payment] = await manager.query<PaymentRow[]>(`SELECT * FROM payment WHERE id = $1 AND orga_id = $2 FOR UPDATE`, [
      paymentId,
      orgaId,
    ]);
    if (!payment) throw new RpcError('not_found');
    if (payment.status !== 'pending' && payment.status !== outcome) throw new RpcError('conflict');
    // answered now, unless already (the same answer delivered again)
    await manager.query(`UPDATE payment SET status = $2, answered_at = coalesce(answered_at, $3) WHERE id = $1`, [paymentId, outcome, now]);
    await manager.query(`UPDATE invoice SET status = $2 WHERE id = $1`, [payment.invoice_id, outcome === 'succeeded' ? 'paid' : 'failed']);
    await manager.query(
      `UPDATE subscription SET pending_payment_id = NULL, updated_at = now() WHERE orga_id = $1 AND pending_payment_id = $2`,
      [orgaId, paymentId],
    );
    if (outcome !== 'succeeded') {
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
    const plan = PLANS[payment.plan_id as PlanId];
    const row = await this.row(manager, orgaId);
    const [invoice] = await manager.query<{ kind: string; period: string }[]>(`SELECT kind, period FROM invoice WHERE id = $1`, [
      payment.invoice_id,
    ]);
    // a month's invoice pays to that month's end, whether its charge was answered at once (a card) or days
    // later (a bank debit); a checkout pays to the end of the month it is made in, or changes a paid plan
    const paidThrough =
      invoice?.kind === 'monthly'
        ? latest(row.paid_through, firstOfNextMonth(`${invoice.period}-01`))
        : row.tier > 0 && row.paid_through
          ? row.paid_through
          : firstOfNextMonth(billingDate(now));
    await manager.query(
      `UPDATE subscription SET plan_id = $2, tier = $3, subscribed_since = COALESCE(subscribed_since, $4), paid_through = $5, next_plan_id = NULL, updated_at = now()
       WHERE orga_id = $1`,
      [orgaId, plan.id, plan.tier, now, paidThrough],
    );
    await this.publish(manager, orgaId, meta);
  }

  private async publish(manager: EntityManager, orgaId: string, meta: OutboxMeta): Promise<void> {
    const row = await this.row(manager, orgaId);
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

  /**
   * The run of the 1st for one period: each paid organization gets one invoice (the month's plan and
   * extra stores, last month's reminders over the plan) and one charge, keyed by organization and
   * period, so running it again, or twice at once, charges nothing more. An unpaid invoice is charged
   * again once a day (a new attempt, its own idempotency key) until the grace days lapse the plan.
   */
  async runMonthly(
    period: string,
    meta: OutboxMeta,
    now = new Date(),
  ): Promise<{ invoiced: number; retried: number; skipped: number; lapsed: number }> {
    const orgas = await this.db.query<{ orga_id: string }[]>(`SELECT orga_id FROM subscription WHERE tier > 0 ORDER BY orga_id`);
    const totals = { invoiced: 0, retried: 0, skipped: 0, lapsed: 0 };
    for (const { orga_id: orgaId } of orgas) {
      const outcome = await this.db.transaction((manager) => this.runOne(manager, orgaId, period, meta, now));
      totals[outcome] += 1;
    }
    return totals;
  }

  private async runOne(
    manager: EntityManager,
    orgaId: string,
    period: string,
    meta: OutboxMeta,
    now: Date,
  ): Promise<'invoiced' | 'retried' | 'skipped' | 'lapsed'> {
    // the lock makes a second run, here or on another instance, wait for this one and then skip
    const row = await this.row(manager, orgaId, true);
    if (row.tier <= 0) return 'skipped';
    // a debit of the run still waiting for its bank (up to 14 business days at Stripe) keeps the plan until it is answered
    if (
      lapseDue(row.tier, row.paid_through, now, await this.refusalsSince(manager, orgaId, row.paid_through)) &&
      !(await this.processingCharge(manager, orgaId))
    ) {
      await manager.query(`UPDATE subscription SET tier = 0, plan_id = 'free_trial', updated_at = now() WHERE orga_id = $1`, [orgaId]);
      await this.publish(manager, orgaId, meta);
      return 'lapsed';
    }
    // already paid through this period (a first month paid pro-rata, or this run's earlier pass)
    const periodEnd = firstOfNextMonth(`${period}-01`);
    if (row.paid_through && new Date(row.paid_through).getTime() >= periodEnd.getTime()) return 'skipped';
    const planId = (row.next_plan_id ?? row.plan_id) as PlanId;
    const key = `monthly:${orgaId}:${period}`;
    const [unpaid] = await manager.query<{ id: string; number_year: number; number_seq: number; gross_cents: number; status: string }[]>(
      `SELECT id, number_year, number_seq, gross_cents, status FROM invoice WHERE idempotency_key = $1`,
      [key],
    );
    if (unpaid) {
      if (unpaid.status !== 'failed') return 'skipped';
      const [last] = await manager.query<{ attempt: number; status: string; created_at: Date }[]>(
        `SELECT attempt, status, created_at FROM payment WHERE invoice_id = $1 ORDER BY attempt DESC LIMIT 1`,
        [unpaid.id],
      );
      // tried today already, or the last retry is a debit its bank has not answered yet: a second one could pay twice
      if (last && (last.status === 'pending' || billingDate(new Date(last.created_at)) >= billingDate(now))) return 'skipped';
      const invoice = { id: unpaid.id, key, number: `${unpaid.number_year}/${unpaid.number_seq}`, gross_cents: unpaid.gross_cents };
      await this.chargeMonthly(manager, orgaId, invoice, (last?.attempt ?? 0) + 1, planId, meta, now);
      return 'retried';
    }
    const customer = await this.invoices.customerOf(manager, orgaId);
    if (!customer) return 'skipped';
    const plan = PLANS[planId];
    const stores = await this.storeCount(manager, orgaId);
    const fee = monthlyFeeCents(plan, stores, row.custom_monthly_cents);
    const reminders = await this.remindersOf(manager, row, previousPeriod(period));
    const invoice = await this.invoices.issue(manager, {
      orgaId,
      key,
      kind: 'monthly',
      planId,
      period,
      lines: monthlyInvoiceLines(plan, fee, stores, period, reminders),
      now,
      customer,
    });
    if (!invoice) return 'skipped';
    await this.chargeMonthly(manager, orgaId, { ...invoice, key }, 1, planId, meta, now);
    return 'invoiced';
  }

  /** Charges a monthly invoice off-session; paid (settle), the plan runs to the period's end. */
  private async chargeMonthly(
    manager: EntityManager,
    orgaId: string,
    invoice: { id: string; key: string; number: string; gross_cents: number },
    attempt: number,
    planId: PlanId,
    meta: OutboxMeta,
    now: Date,
  ): Promise<void> {
    const charge = await this.provider.charge({
      // keyed by the invoice's own key, not its id: a run rolled back after the provider charged makes a
      // new invoice id next time, but the same key, so the provider answers the charge it made (ADR 0032)
      idempotencyKey: `${invoice.key}:${attempt}`,
      orgaId,
      amountCents: invoice.gross_cents,
      description: `Invoice ${invoice.number}`,
      onSession: false,
    });
    const paymentId = randomUUID();
    await manager.query(
      `INSERT INTO payment (id, orga_id, invoice_id, attempt, amount_cents, status, provider, provider_ref, plan_id, created_at)
       VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7, $8, $9)`,
      [paymentId, orgaId, invoice.id, attempt, invoice.gross_cents, this.provider.name, charge.ref, planId, now],
    );
    // a bank debit answers pending (Stripe's processing): its webhook settles it, days later
    if (charge.status !== 'pending') await this.settle(manager, orgaId, paymentId, charge.status, meta, now);
  }

  /** R1.21, R9.02 the reminders messaging sent in a month, as the bill counts them. */
  private async remindersOf(manager: EntityManager, row: SubscriptionRow, period: string) {
    const since = row.subscribed_since ? new Date(row.subscribed_since) : null;
    const windowEnd = since ? new Date(since.getTime() + 30 * 86_400_000) : null;
    const [counts] = await manager.query<{ sent: string; in_window: string; before: string }[]>(
      `SELECT count(*) FILTER (WHERE period = $2) AS sent,
              count(*) FILTER (WHERE period = $2 AND $3::timestamptz IS NOT NULL AND sent_at >= $3 AND sent_at < $4) AS in_window,
              count(*) FILTER (WHERE period < $2 AND $3::timestamptz IS NOT NULL AND sent_at >= $3 AND sent_at < $4) AS before
         FROM reminder_usage WHERE orga_id = $1`,
      [row.orga_id, period, since, windowEnd],
    );
    // a Customized plan's agreed monthly reminders replace the default ones (docs/adr/0031)
    const base = PLANS[isPlanId(row.plan_id) ? row.plan_id : 'free_trial'];
    const plan = planOfOrganization(base.tier, row.plan_limits);
    return reminderBill({
      sent: Number(counts?.sent ?? 0),
      sentInWelcomeWindow: Number(counts?.in_window ?? 0),
      welcomeUsedBefore: Number(counts?.before ?? 0),
      included: plan.quotas.monthly_reminders,
      premium: plan.id === 'premium',
    });
  }
}
