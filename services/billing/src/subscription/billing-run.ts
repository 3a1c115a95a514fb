import { Injectable } from '@nestjs/common';
import {
  PLANS,
  isPlanId,
  lapseDue,
  monthlyInvoiceLines,
  planOfOrganization,
  previousPeriod,
  reminderBill,
  type PlanId,
} from '@pawline/domain';
import type { OutboxMeta } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { InvoiceService } from '../invoice/invoice.service';
import { ChargeRequests } from '../payment/charge-requests';
import { billingDate, firstOfNextMonth } from './billing-dates';
import { InvoiceCharges } from './invoice-charges';
import { SubscriptionQueries, type SubscriptionRow } from './subscription.queries';
import { SubscriptionStore } from './subscription.store';

type RunOutcome = 'invoiced' | 'retried' | 'skipped' | 'lapsed';

/**
 * The run of the 1st for one period: each paid organization gets one invoice (the month's plan and
 * extra stores, last month's reminders over the plan) and one charge, keyed by organization and
 * period, so running it again, or twice at once, charges nothing more. An unpaid invoice is charged
 * again once a day (a new attempt, its own idempotency key) until the grace days lapse the plan.
 */
@Injectable()
export class BillingRun {
  constructor(
    private readonly db: DataSource,
    private readonly queries: SubscriptionQueries,
    private readonly store: SubscriptionStore,
    private readonly charges: InvoiceCharges,
    private readonly requests: ChargeRequests,
    private readonly invoices: InvoiceService,
  ) {}

  async runMonthly(period: string, meta: OutboxMeta, now = new Date()): Promise<Record<RunOutcome, number>> {
    // the paid ones, and those whose plan chosen during the trial starts when it ends
    const orgas = await this.db.query<{ orga_id: string }[]>(
      `SELECT orga_id FROM subscription WHERE tier > 0 OR scheduled_plan_id IS NOT NULL ORDER BY orga_id`,
    );
    const totals = { invoiced: 0, retried: 0, skipped: 0, lapsed: 0 };
    for (const { orga_id: orgaId } of orgas) {
      const outcome = await this.db.transaction((manager) => this.runOne(manager, orgaId, period, meta, now));
      totals[outcome] += 1;
    }
    return totals;
  }

  private async runOne(manager: EntityManager, orgaId: string, period: string, meta: OutboxMeta, now: Date): Promise<RunOutcome> {
    // the lock makes a second run, here or on another instance, wait for this one and then skip
    const row = await this.queries.row(manager, orgaId, true);
    if (row.tier <= 0) return row.scheduled_plan_id ? this.startAfterTrial(manager, row, meta, now) : 'skipped';
    // a debit of the run still waiting for its bank (up to 14 business days at Stripe) keeps the plan until it is answered
    if (
      lapseDue(row.tier, row.paid_through, now, await this.queries.refusalsSince(manager, orgaId, row.paid_through)) &&
      !(await this.queries.processingCharge(manager, orgaId))
    ) {
      await this.store.lapse(manager, orgaId, meta);
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
      const attempt = (last?.attempt ?? 0) + 1;
      const invoice = { id: unpaid.id, number: `${unpaid.number_year}/${unpaid.number_seq}`, gross_cents: unpaid.gross_cents };
      await this.charges.charge(manager, { orgaId, invoice, key: `${key}:${attempt}`, attempt, planId, checkout: false, meta, now });
      return 'retried';
    }
    const customer = await this.invoices.customerOf(manager, orgaId);
    if (!customer) return 'skipped';
    // a run rolled back after its charge was sent: the invoice is made again of what that charge was for
    const charged = await this.requests.linesOf(`${key}:1`);
    const lines = charged ?? [...(await this.monthLines(manager, row, planId, period)), ...row.carried_lines];
    const invoice = await this.invoices.issue(manager, { orgaId, key, kind: 'monthly', planId, period, lines, now, customer });
    if (!invoice) return 'skipped';
    if (row.carried_lines.length > 0) await this.store.clearCarried(manager, orgaId);
    // keyed by the invoice's own key, not its id: a run rolled back after the provider charged makes a
    // new invoice id next time, but the same key and body, so the provider answers the charge it made (ADR 0032, 0046)
    await this.charges.charge(manager, { orgaId, invoice, key: `${key}:1`, attempt: 1, planId, checkout: false, meta, now, lines });
    return 'invoiced';
  }

  /** R1.22, R9.02 a month's plan, extra stores and last month's reminders over the plan. */
  private async monthLines(manager: EntityManager, row: SubscriptionRow, planId: PlanId, period: string) {
    const stores = await this.queries.storeCount(manager, row.orga_id);
    const reminders = await this.remindersOf(manager, row, previousPeriod(period));
    return monthlyInvoiceLines(PLANS[planId], stores, period, reminders, row.custom_monthly_cents);
  }

  /**
   * The trial is over: the plan chosen during it starts, its first invoice (from the trial's end) is charged on
   * the method the checkout saved; paid, the plan is in force to the month's end (`settle`).
   */
  private async startAfterTrial(manager: EntityManager, row: SubscriptionRow, meta: OutboxMeta, now: Date): Promise<RunOutcome> {
    if (new Date(row.trial_ends_at).getTime() > now.getTime()) return 'skipped';
    const invoice = await this.queries.scheduledInvoice(manager, row.orga_id);
    if (!invoice) return 'skipped';
    const [last] = await manager.query<{ attempt: number; status: string; purpose: string }[]>(
      `SELECT attempt, status, purpose FROM payment WHERE invoice_id = $1 ORDER BY attempt DESC LIMIT 1`,
      [invoice.id],
    );
    // its charge is at the bank already (a debit): one charge of an invoice at a time
    if (last && last.purpose === 'charge' && last.status === 'pending') return 'skipped';
    const attempt = (last?.attempt ?? 0) + 1;
    const charged = { id: invoice.id, number: `${invoice.number_year}/${invoice.number_seq}`, gross_cents: invoice.gross_cents };
    const planId = row.scheduled_plan_id as PlanId;
    const key = `${invoice.idempotency_key}:${attempt}`;
    await this.charges.charge(manager, { orgaId: row.orga_id, invoice: charged, key, attempt, planId, checkout: false, meta, now });
    return 'invoiced';
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
