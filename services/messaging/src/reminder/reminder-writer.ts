import { randomUUID } from 'node:crypto';
import { REMINDER_STATUS, reminderQueuedEvent } from '@pawline/contracts';
import type { OutboxService, PawlineLogger } from '@pawline/nest-kit';
import type { DataSource, EntityManager } from 'typeorm';
import { buttonPayloadsFor } from '../ports/button-payload';
import { isRefusal, type Composition, type MessageQuota, type RefusedContent, type ReminderComposer, type TemplateMessage } from '../ports';
import type { Candidate } from './reminder-candidates';
import { InFlight, mapLimit } from './in-flight';
import type { ReminderOptions } from './reminder.options';
import type { SendJob, SendJobPublisher } from './send-job.publisher';

/** why a reminder was written but not sent: the plan's messages are used up (shown as failed, spec §8 plan warnings) */
export const PLAN_LIMIT_ERROR = 'plan_limit';

const INSERT_CHUNK = 1000;
const SWEEP_LIMIT = 10_000;

type Composed = { candidate: Candidate; composition: Composition };
/** queued: sent next; over_quota: the plan's messages are used up; refused: the composer's reason (a template not approved …) */
type Written = Composed & { id: string; outcome: 'queued' | 'over_quota' | 'refused' };

export type WriteOutcome = { queued: Candidate[]; overQuota: Candidate[]; refused: Candidate[]; switchedOff: number };

const STATUS_OF: Record<Written['outcome'], number> = {
  queued: REMINDER_STATUS.in_process,
  over_quota: REMINDER_STATUS.failed,
  refused: REMINDER_STATUS.undelivered,
};

/**
 * The reminders of due runs written and enqueued: composed, taken from the organization's quota, written once
 * (outbound_message, deduplicated per reminder) and only then enqueued, one send job each; and the sweep of rows
 * written but never enqueued.
 */
export class ReminderWriter {
  constructor(
    private readonly db: DataSource,
    private readonly options: ReminderOptions,
    private readonly composer: ReminderComposer,
    private readonly quota: MessageQuota,
    private readonly outbox: OutboxService,
    private readonly publisher: SendJobPublisher,
    private readonly log: PawlineLogger,
  ) {}

  /** Compose, take from the quota, write, then enqueue; a reminder that cannot be sent is written with its reason. */
  async send(candidates: Candidate[], now: Date, publishing: InFlight): Promise<WriteOutcome> {
    const composed = (
      await mapLimit(candidates, this.options.composeConcurrency, async (candidate): Promise<Composed | null> => {
        const composition = await this.composer.compose({
          orgaId: candidate.orga_id,
          storeId: candidate.store_id,
          templateType: candidate.template_type,
          customerId: candidate.customer_id,
          appointmentId: candidate.appointment_id,
          petId: candidate.pet_id,
        });
        return composition ? { candidate, composition } : null;
      })
    ).filter((item): item is Composed => item !== null);
    const switchedOff = candidates.length - composed.length;

    // the organization's allowance, in the order the reminders are due (earliest appointments first)
    const byOrga = new Map<string, Composed[]>();
    for (const item of composed) {
      if (isRefusal(item.composition)) continue;
      byOrga.set(item.candidate.orga_id, [...(byOrga.get(item.candidate.orga_id) ?? []), item]);
    }
    const granted = new Set<Composed>();
    for (const [orgaId, items] of byOrga) {
      const count = Math.max(0, Math.min(items.length, await this.quota.reserve(orgaId, items.length)));
      for (const item of items.slice(0, count)) granted.add(item);
    }

    const outcome: WriteOutcome = { queued: [], overQuota: [], refused: [], switchedOff };
    const unused = new Map<string, number>();
    for (let start = 0; start < composed.length; start += INSERT_CHUNK) {
      const chunk: Written[] = composed.slice(start, start + INSERT_CHUNK).map((item) => ({
        ...item,
        id: randomUUID(),
        outcome: isRefusal(item.composition) ? 'refused' : granted.has(item) ? 'queued' : 'over_quota',
      }));
      const written = new Set(await this.write(chunk, now));
      const jobs: SendJob[] = [];
      for (const item of chunk) {
        if (!written.has(item.id)) {
          // another leader wrote it first (a moment of two leaders): give its message back
          if (item.outcome === 'queued') unused.set(item.candidate.orga_id, (unused.get(item.candidate.orga_id) ?? 0) + 1);
          continue;
        }
        if (item.outcome === 'queued') {
          outcome.queued.push(item.candidate);
          jobs.push({ outboundId: item.id, orgaId: item.candidate.orga_id, storeId: item.candidate.store_id });
        } else if (item.outcome === 'over_quota') outcome.overQuota.push(item.candidate);
        else outcome.refused.push(item.candidate);
      }
      // stored first, enqueued next: this chunk publishes while the next one is written
      await publishing.add(this.enqueue(jobs, now));
    }
    for (const [orgaId, count] of unused) await this.quota.release(orgaId, count);
    return outcome;
  }

  /**
   * One multi-row insert and, in its transaction, one reminder.queued event per store of the rows written
   * (the card's 'in the process of sending'); answers the ids written (a key already taken writes nothing).
   */
  private async write(chunk: Written[], now: Date): Promise<string[]> {
    return this.db.transaction(async (manager) => {
      const written = await this.insert(manager, chunk, now);
      await this.announce(manager, chunk, new Set(written));
      return written;
    });
  }

  private async announce(manager: EntityManager, chunk: Written[], written: Set<string>): Promise<void> {
    const byStore = new Map<
      string,
      { orgaId: string; storeId: string; reminders: { appointment_id: string; outbound_id: string; reminder_status: number }[] }
    >();
    for (const item of chunk) {
      const { appointment_id: appointmentId, orga_id: orgaId, store_id: storeId } = item.candidate;
      if (!written.has(item.id) || !appointmentId || !storeId) continue;
      const group = byStore.get(storeId) ?? { orgaId, storeId, reminders: [] };
      group.reminders.push({
        appointment_id: appointmentId,
        outbound_id: item.id,
        reminder_status: STATUS_OF[item.outcome],
      });
      byStore.set(storeId, group);
    }
    for (const group of byStore.values()) {
      await this.outbox.add(
        manager,
        reminderQueuedEvent,
        { orga_id: group.orgaId, store_id: group.storeId, reminders: group.reminders },
        { orgaId: group.orgaId, storeId: group.storeId, actor: null },
      );
    }
  }

  private async insert(manager: EntityManager, chunk: Written[], now: Date): Promise<string[]> {
    const rows = await manager.query<{ id: string }[]>(
      `INSERT INTO outbound_message (id, orga_id, store_id, kind, template_type, appointment_id, customer_id, pet_id, dedupe_key, to_phone,
         channel, content, status, last_error, reason_code, waba_template_id, created_at, updated_at)
       SELECT x.id, x.orga_id, x.store_id, 'reminder', x.template_type, x.appointment_id, x.customer_id, x.pet_id, x.dedupe_key, x.to_phone,
              'whatsapp', x.content, x.status, x.last_error, x.reason_code, x.waba_template_id, $13, $13
         FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::smallint[], $5::uuid[], $6::uuid[], $7::uuid[], $8::text[], $9::text[],
                     $10::jsonb[], $11::smallint[], $12::text[], $14::text[], $15::uuid[])
           AS x(id, orga_id, store_id, template_type, appointment_id, customer_id, pet_id, dedupe_key, to_phone, content, status, last_error,
                reason_code, waba_template_id)
       ON CONFLICT (dedupe_key) DO NOTHING
       RETURNING id`,
      [
        chunk.map((c) => c.id),
        chunk.map((c) => c.candidate.orga_id),
        chunk.map((c) => c.candidate.store_id),
        chunk.map((c) => c.candidate.template_type),
        chunk.map((c) => c.candidate.appointment_id),
        chunk.map((c) => c.candidate.customer_id),
        chunk.map((c) => c.candidate.pet_id),
        chunk.map((c) => c.candidate.dedupe_key),
        chunk.map((c) => c.candidate.phone),
        chunk.map((c) => JSON.stringify(contentOf(c.id, c.candidate.phone, c.composition))),
        chunk.map((c) => STATUS_OF[c.outcome]),
        chunk.map((c) => (isRefusal(c.composition) ? c.composition.detail : c.outcome === 'over_quota' ? PLAN_LIMIT_ERROR : null)),
        now.toISOString(),
        chunk.map((c) => (isRefusal(c.composition) ? c.composition.refused : c.outcome === 'over_quota' ? PLAN_LIMIT_ERROR : null)),
        chunk.map((c) => (isRefusal(c.composition) ? null : (c.composition.registrationId ?? null))),
      ],
    );
    return rows.map((row) => row.id);
  }

  /** Publishes the jobs and marks what JetStream accepted; the rest waits for the sweep. */
  private async enqueue(jobs: SendJob[], now: Date): Promise<number> {
    if (jobs.length === 0) return 0;
    const { accepted, failed, lastError } = await this.publisher.publish(jobs, now);
    for (let start = 0; start < accepted.length; start += INSERT_CHUNK) {
      await this.db.query(`UPDATE outbound_message SET enqueued_at = $2 WHERE id = ANY($1::uuid[])`, [
        accepted.slice(start, start + INSERT_CHUNK),
        now.toISOString(),
      ]);
    }
    if (failed > 0) this.log.warn('send jobs not enqueued, left to the sweep', { failed, err: String(lastError) });
    return accepted.length;
  }

  /** Reminders written but never enqueued (the process died between the two) are enqueued again. */
  async sweep(now: Date): Promise<number> {
    const rows = await this.db.query<{ id: string; orga_id: string; store_id: string | null }[]>(
      `SELECT id, orga_id, store_id FROM outbound_message
        WHERE enqueued_at IS NULL AND kind = 'reminder' AND status = $1 AND provider_message_id IS NULL AND created_at < $2
        ORDER BY created_at LIMIT ${SWEEP_LIMIT}`,
      [REMINDER_STATUS.in_process, new Date(now.getTime() - this.options.sweepAfterMs).toISOString()],
    );
    return this.enqueue(
      rows.map((row) => ({ outboundId: row.id, orgaId: row.orga_id, storeId: row.store_id })),
      now,
    );
  }
}

/** What the row keeps: the message to send, or (refused) the reason, for the conversation and the staff. */
function contentOf(outboundId: string, phone: string, composition: Composition): TemplateMessage | RefusedContent {
  if (isRefusal(composition)) return { kind: 'refused', to: phone, reason: composition.refused, detail: composition.detail };
  const { registrationId: _registration, ...message } = composition;
  return { ...message, kind: 'template', to: phone, buttonPayloads: buttonPayloadsFor(message.buttons, outboundId) };
}
