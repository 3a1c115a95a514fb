import { Injectable } from '@nestjs/common';
import type { BookingRule } from '@pawline/contracts';
import {
  MomentSum,
  answerAfter,
  answerCells,
  campaignCells,
  campaignMessageAfter,
  campaignMessageCells,
  reminderAfter,
  reminderCells,
  type CampaignMessageFact,
  type MomentCell,
  type ReminderAnswer,
  type ReminderFact,
} from '@pawline/domain';
import type { EntityManager } from 'typeorm';

type Scope = { orga_id: string; store_id: string };
type Stamp = Date | string | null;

const iso = (value: Stamp): string | null => (value === null ? null : new Date(value).toISOString());

/** A booking rule's clock as seconds since local midnight. */
export function workRuleOf(rule: BookingRule) {
  return {
    user_id: rule.user_id,
    kind: rule.kind,
    weekday: rule.weekday,
    start_date: rule.start_date,
    end_date: rule.end_date,
    start_sec: rule.start_hour * 3600 + rule.start_min * 60 + rule.start_sec,
    end_sec: rule.end_hour * 3600 + rule.end_min * 60 + rule.end_sec,
    /** when booking made it: a rule published again later still counts from then */
    created_at: rule.created_at,
  };
}

/**
 * Keeps reminders, customers' answers, campaigns and working hours in analytics' read model (docs/adr/0034):
 * a fact per thing, and the moment counters moved by cells(new) − cells(old) in the consumer's transaction,
 * with libs/domain's rules (engagement.ts) that the rebuild applies too.
 */
@Injectable()
export class EngagementService {
  /** R1.12 a reminder's status (messaging): sent and read counted once, when they first happened. */
  async applyReminderStatus(
    m: EntityManager,
    event: Scope & { outbound_id: string; appointment_id: string; reminder_status: number },
    at: string,
  ): Promise<void> {
    const [row] = await m.query<(ReminderFact & { sent_at: Stamp; read_at: Stamp })[]>(
      `SELECT outbound_id, orga_id, store_id, appointment_id, status, sent_at, read_at FROM reminder_fact WHERE outbound_id = $1 FOR UPDATE`,
      [event.outbound_id],
    );
    const previous: ReminderFact | null = row ? { ...row, sent_at: iso(row.sent_at), read_at: iso(row.read_at) } : null;
    const next = reminderAfter(previous, event, at);
    if (!next) return;
    await m.query(
      `INSERT INTO reminder_fact (outbound_id, orga_id, store_id, appointment_id, status, sent_at, read_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (outbound_id) DO UPDATE SET status = EXCLUDED.status, sent_at = EXCLUDED.sent_at, read_at = EXCLUDED.read_at`,
      [next.outbound_id, next.orga_id, next.store_id, next.appointment_id, next.status, next.sent_at, next.read_at],
    );
    await this.applyMoments(m, new MomentSum().change(reminderCells(previous), reminderCells(next)).result());
  }

  /** R1.12 a customer's answer to a reminder (scheduling's status_by_customer): the newest version counts. */
  async applyAnswer(m: EntityManager, answer: ReminderAnswer): Promise<void> {
    const [row] = await m.query<(ReminderAnswer & { answered_at: Stamp })[]>(
      `SELECT appointment_id, orga_id, store_id, version, status, answered_at FROM reminder_answer WHERE appointment_id = $1 FOR UPDATE`,
      [answer.appointment_id],
    );
    const previous: ReminderAnswer | null = row ? { ...row, answered_at: iso(row.answered_at) ?? '' } : null;
    const next = answerAfter(previous, answer);
    if (!next) return;
    await m.query(
      `INSERT INTO reminder_answer (appointment_id, orga_id, store_id, version, status, answered_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (appointment_id) DO UPDATE SET version = EXCLUDED.version, status = EXCLUDED.status, answered_at = EXCLUDED.answered_at`,
      [next.appointment_id, next.orga_id, next.store_id, next.version, next.status, next.answered_at],
    );
    await this.applyMoments(m, new MomentSum().change(answerCells(previous), answerCells(next)).result());
  }

  /** R4.13 a campaign sent on its date (marketing), once. */
  async applyCampaignSent(m: EntityManager, event: Scope & { campaign_id: string; customers: number }, at: string): Promise<void> {
    const inserted = await m.query<unknown[]>(
      `INSERT INTO campaign_fact (campaign_id, orga_id, store_id, customers, sent_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (campaign_id) DO NOTHING RETURNING campaign_id`,
      [event.campaign_id, event.orga_id, event.store_id, event.customers, at],
    );
    if (inserted.length === 0) return;
    await this.applyMoments(m, campaignCells({ ...event, sent_at: at }));
  }

  /**
   * R3.11 a campaign message's status (messaging): sent, read, and the customer's answer. A message whose
   * store messaging did not know takes its campaign's; without either it is not counted (no store to count in).
   */
  async applyCampaignMessage(
    m: EntityManager,
    event: { orga_id: string; store_id: string | null; campaign_id: string; customer_id: string; status: number; confirmed?: boolean },
    at: string,
  ): Promise<void> {
    const storeId = event.store_id ?? (await this.campaignStore(m, event.campaign_id));
    if (!storeId) return;
    const [row] = await m.query<(CampaignMessageFact & { sent_at: Stamp; read_at: Stamp; answered_at: Stamp })[]>(
      `SELECT campaign_id, customer_id, orga_id, store_id, status, sent_at, read_at, answered_at, confirmed
         FROM campaign_message_fact WHERE campaign_id = $1 AND customer_id = $2 FOR UPDATE`,
      [event.campaign_id, event.customer_id],
    );
    const previous: CampaignMessageFact | null = row
      ? { ...row, sent_at: iso(row.sent_at), read_at: iso(row.read_at), answered_at: iso(row.answered_at) }
      : null;
    const next = campaignMessageAfter(previous, { ...event, store_id: storeId }, at);
    if (!next) return;
    await m.query(
      `INSERT INTO campaign_message_fact (campaign_id, customer_id, orga_id, store_id, status, sent_at, read_at, answered_at, confirmed)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (campaign_id, customer_id) DO UPDATE SET status = EXCLUDED.status, sent_at = EXCLUDED.sent_at,
         read_at = EXCLUDED.read_at, answered_at = EXCLUDED.answered_at, confirmed = EXCLUDED.confirmed`,
      [
        next.campaign_id,
        next.customer_id,
        next.orga_id,
        next.store_id,
        next.status,
        next.sent_at,
        next.read_at,
        next.answered_at,
        next.confirmed,
      ],
    );
    await this.applyMoments(m, new MomentSum().change(campaignMessageCells(previous), campaignMessageCells(next)).result());
  }

  /**
   * R1.12 working hours: a booking rule made (booking's event carries it; older events did not), counted from
   * when booking made it. A rule already known is left as it is: booking's `republish-rules` command
   * (services/booking/README.md) publishes every existing rule again, for the rules whose first event lacked it.
   */
  async applyRuleCreated(m: EntityManager, event: Scope & { rule_id: string; rule?: BookingRule | undefined }): Promise<void> {
    if (!event.rule) return;
    const r = workRuleOf(event.rule);
    await m.query(
      `INSERT INTO work_rule (rule_id, orga_id, store_id, user_id, kind, weekday, start_date, end_date, start_sec, end_sec, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (rule_id) DO NOTHING`,
      [
        event.rule_id,
        event.orga_id,
        event.store_id,
        r.user_id,
        r.kind,
        r.weekday,
        r.start_date,
        r.end_date,
        r.start_sec,
        r.end_sec,
        r.created_at,
      ],
    );
  }

  /** A booking rule deleted: it stops counting from that day on (its past stays). */
  async applyRuleDeleted(m: EntityManager, event: { rule_id: string }, at: string): Promise<void> {
    await m.query(`UPDATE work_rule SET deleted_at = $2 WHERE rule_id = $1 AND deleted_at IS NULL`, [event.rule_id, at]);
  }

  private async campaignStore(m: EntityManager, campaignId: string): Promise<string | null> {
    const [row] = await m.query<{ store_id: string }[]>(`SELECT store_id FROM campaign_fact WHERE campaign_id = $1`, [campaignId]);
    return row?.store_id ?? null;
  }

  async applyMoments(m: EntityManager, cells: readonly MomentCell[]): Promise<void> {
    if (cells.length === 0) return;
    await m.query(
      `INSERT INTO moment_cell (store_id, slot, kind, orga_id, count, amount)
       SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::varchar[], $4::uuid[], $5::int[], $6::bigint[])
       ON CONFLICT (store_id, slot, kind) DO UPDATE
         SET count = moment_cell.count + EXCLUDED.count, amount = moment_cell.amount + EXCLUDED.amount`,
      [
        cells.map((c) => c.store_id),
        cells.map((c) => c.slot),
        cells.map((c) => c.kind),
        cells.map((c) => c.orga_id),
        cells.map((c) => c.count),
        cells.map((c) => c.amount),
      ],
    );
  }
}
