import { Injectable } from '@nestjs/common';
import type { PaymentView, PlanLimitsView, SubscriptionView } from '@pawline/contracts';
import {
  PLANS,
  expiryState,
  isActive,
  isPlanId,
  monthlyFeeCents,
  remainingDays,
  retriesEnd,
  showTrialBanner,
  sidebarTrialNotice,
  subscriptionState,
  type InvoiceLine,
  type Plan,
  type SubscriptionFacts,
} from '@pawline/domain';
import { RpcError } from '@pawline/nest-kit';
import type { DataSource, EntityManager } from 'typeorm';

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
  /** subscribed during the trial: the plan that starts when it ends */
  scheduled_plan_id: string | null;
  pending_payment_id: string | null;
  plan_limits: PlanLimitsView | null;
  /** upgrade differences too small to charge alone, billed with the next month */
  carried_lines: InvoiceLine[];
};

export type PaymentRow = {
  id: string;
  orga_id: string;
  invoice_id: string;
  attempt: number;
  amount_cents: number;
  status: string;
  purpose: 'charge' | 'setup';
  provider: string;
  plan_id: string;
  redirect_url: string | null;
  created_at: Date;
};

/** A reader: the pool for a plain read, or the transaction's manager to read what it wrote. */
export type Reader = EntityManager | DataSource;

export function paymentView(row: PaymentRow): PaymentView {
  return {
    id: row.id,
    orga_id: row.orga_id,
    invoice_id: row.invoice_id,
    amount_cents: row.amount_cents,
    status: row.status as PaymentView['status'],
    purpose: row.purpose,
    provider: row.provider,
    redirect_url: row.redirect_url ?? null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The plan a row names (an unknown id reads as the trial). */
export function planOfRow(row: Pick<SubscriptionRow, 'plan_id'>): Plan {
  return PLANS[isPlanId(row.plan_id) ? row.plan_id : 'free_trial'];
}

export function factsOf(row: SubscriptionRow): SubscriptionFacts {
  return {
    tier: row.tier,
    created_at: row.orga_created_at,
    subscribed_since: row.subscribed_since,
    subscribed_until: row.tier > 0 ? row.paid_through : (row.paid_through ?? row.trial_ends_at),
  };
}

/** What billing answers about an organization's subscription and its payments; reads only. */
@Injectable()
export class SubscriptionQueries {
  async row(manager: Reader, orgaId: string, lock = false): Promise<SubscriptionRow> {
    const [row] = await manager.query<SubscriptionRow[]>(`SELECT * FROM subscription WHERE orga_id = $1${lock ? ' FOR UPDATE' : ''}`, [
      orgaId,
    ]);
    if (!row) throw new RpcError('not_found');
    return row;
  }

  async storeCount(manager: Reader, orgaId: string): Promise<number> {
    const [row] = await manager.query<{ n: string }[]>(`SELECT count(*) AS n FROM store_fact WHERE orga_id = $1`, [orgaId]);
    return Math.max(1, Number(row?.n ?? 1));
  }

  async payment(manager: Reader, paymentId: string): Promise<PaymentView> {
    const [row] = await manager.query<PaymentRow[]>(`SELECT * FROM payment WHERE id = $1`, [paymentId]);
    if (!row) throw new RpcError('not_found');
    return paymentView(row);
  }

  async view(manager: Reader, orgaId: string, now = new Date()): Promise<SubscriptionView> {
    const row = await this.row(manager, orgaId);
    const stores = await this.storeCount(manager, orgaId);
    const facts = factsOf(row);
    const plan = planOfRow(row);
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
      scheduled_start: await this.scheduledStart(manager, row),
    };
  }

  /** The invoice a plan chosen during the trial will charge when the trial ends (the latest unpaid first one). */
  async scheduledInvoice(manager: Reader, orgaId: string) {
    const [invoice] = await manager.query<
      { id: string; idempotency_key: string; number_year: number; number_seq: number; gross_cents: number }[]
    >(
      `SELECT id, idempotency_key, number_year, number_seq, gross_cents FROM invoice
        WHERE orga_id = $1 AND kind = 'first' AND status = 'pending' ORDER BY issued_at DESC, id DESC LIMIT 1`,
      [orgaId],
    );
    return invoice ?? null;
  }

  private async scheduledStart(manager: Reader, row: SubscriptionRow): Promise<SubscriptionView['scheduled_start']> {
    if (!row.scheduled_plan_id || !isPlanId(row.scheduled_plan_id)) return null;
    const invoice = await this.scheduledInvoice(manager, row.orga_id);
    return {
      plan_id: row.scheduled_plan_id,
      starts_at: new Date(row.trial_ends_at).toISOString(),
      amount_cents: invoice?.gross_cents ?? 0,
    };
  }

  /** where the person pays a checkout on the provider's own page (Stripe Checkout); null for the sandbox (ADR 0032) */
  private async redirectUrlOf(manager: Reader, paymentId: string): Promise<string | null> {
    const [payment] = await manager.query<{ redirect_url: string | null }[]>(`SELECT redirect_url FROM payment WHERE id = $1`, [paymentId]);
    return payment?.redirect_url ?? null;
  }

  /** A charge of the run the bank has not answered yet (a debit Stripe left processing): the plan page says so. */
  async processingCharge(manager: Reader, orgaId: string): Promise<SubscriptionView['processing_charge']> {
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
    manager: Reader,
    orgaId: string,
    paidThrough: Date | null,
  ): Promise<SubscriptionView['last_failed_charge']> {
    const failed = await this.latestCharge(
      manager,
      orgaId,
      `p.status = 'failed' AND p.purpose = 'charge'
        AND NOT EXISTS (SELECT 1 FROM payment q WHERE q.orga_id = p.orga_id AND q.status = 'succeeded'
                         AND (q.created_at >= p.created_at OR q.invoice_id = p.invoice_id))`,
    );
    if (!failed) return null;
    const retries = paidThrough && retriesEnd(paidThrough, await this.refusalsSince(manager, orgaId, paidThrough));
    return { ...failed.charge, failed_at: failed.at, ...(retries ? { retries_until: retries.toISOString() } : {}) };
  }

  /** When the charges of the run declined since the paid period ended were answered (`retriesEnd`). */
  async refusalsSince(manager: Reader, orgaId: string, paidThrough: Date | null): Promise<Date[]> {
    if (!paidThrough) return [];
    const rows = await manager.query<{ answered_at: Date }[]>(
      `SELECT p.answered_at FROM payment p JOIN invoice i ON i.id = p.invoice_id
        WHERE p.orga_id = $1 AND i.kind = 'monthly' AND p.status = 'failed' AND p.answered_at > $2`,
      [orgaId, paidThrough],
    );
    return rows.map((row) => new Date(row.answered_at));
  }

  /** The organization's newest payment (p, with its invoice i) that meets a condition written here, not by a caller. */
  private async latestCharge(manager: Reader, orgaId: string, condition: string) {
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
}
