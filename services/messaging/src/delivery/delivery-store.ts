import { randomUUID } from 'node:crypto';
import { REMINDER_STATUS, campaignMessageStatusEvent, reminderStatusChangedEvent, type ReminderStatus } from '@pawline/contracts';
import { campaignStatusEnvelopes } from '../outbound/campaign-message';
import { outboxChannel, traceCarrier } from '@pawline/nest-kit';
import type { DataSource } from 'typeorm';
import type { OutgoingMessage } from '../ports';
import { TurnBatch } from './turn-batch';

/** An outbound message this worker holds the claim of. */
export type ClaimedMessage = {
  id: string;
  orgaId: string;
  storeId: string | null;
  kind: string;
  appointmentId: string | null;
  toPhone: string;
  content: OutgoingMessage;
  attempts: number;
};

export type Claim =
  | { kind: 'claimed'; message: ClaimedMessage }
  /** sent, failed or given up already: nothing to do (a duplicate job, or a redelivery after the record) */
  | { kind: 'done' }
  /** another worker holds it (or a dead one did, until its lease passes) */
  | { kind: 'leased'; leftMs: number }
  | { kind: 'missing' };

type ClaimRow = {
  id: string;
  claimed: boolean;
  present: boolean;
  status: number | null;
  has_provider_id: boolean | null;
  lease_left_ms: number | null;
  orga_id: string | null;
  store_id: string | null;
  kind: string | null;
  appointment_id: string | null;
  to_phone: string | null;
  content: OutgoingMessage | null;
  attempts: number | null;
};

export type Ended = { orgaId: string; kind: string } | null;

/** sms_message_id while a worker sends a failed message's SMS (no provider id looks like it) */
const SMS_TAKEN = 'sms:sending';

/**
 * The worker's SQL on outbound_message (messaging's schema). The claim is a lease: two workers never
 * send one row at once, and a worker that died frees its rows when the lease passes. Each change of
 * an appointment's reminder writes its status event into the outbox in the same statement.
 */
export class DeliveryStore {
  private readonly claims: TurnBatch<{ id: string; leaseMs: number }, Claim>;
  private readonly records: TurnBatch<
    { id: string; provider: string; providerMessageId: string; headers: string; sendTrace: string },
    boolean
  >;
  private readonly schema: string;

  constructor(
    private readonly db: DataSource,
    schema: string,
  ) {
    this.schema = `"${schema}"`;
    // a few ms of gathering turns ~1 statement per message into one per batch (profiled: pg and its writes)
    this.claims = new TurnBatch((inputs) => this.claimBatch(inputs), 500, 5);
    this.records = new TurnBatch((inputs) => this.recordBatch(inputs), 500, 20);
  }

  claim(id: string, leaseMs: number): Promise<Claim> {
    return this.claims.add({ id, leaseMs });
  }

  /**
   * provider id + status sent in one UPDATE (with the others of this turn); false: it was recorded before.
   * `sendTrace`: the provider call's trace context, kept on the row for the provider's later statuses.
   */
  recordSent(id: string, provider: string, providerMessageId: string, sendTrace: Record<string, string> = {}): Promise<boolean> {
    // the job's trace context goes with the appointment's status event (the outbox relay publishes it as headers)
    return this.records.add({
      id,
      provider,
      providerMessageId,
      headers: JSON.stringify(traceCarrier()),
      sendTrace: JSON.stringify(sendTrace),
    });
  }

  /**
   * Takes a failed message's SMS for this worker, once: a second job for it (a redelivery, a repeated webhook)
   * finds it taken. Null when it is not a failed message or its SMS is taken or sent.
   */
  async claimSmsFallback(id: string): Promise<{ orgaId: string; toPhone: string; content: OutgoingMessage } | null> {
    const rows: unknown = await this.db.query(
      `UPDATE ${this.schema}."outbound_message" SET "sms_message_id" = '${SMS_TAKEN}', "updated_at" = now()
        WHERE "id" = $1 AND "status" = ${REMINDER_STATUS.failed} AND "sms_message_id" IS NULL
        RETURNING "orga_id", "to_phone", "content"`,
      [id],
    );
    const row = returnedRows<{ orga_id: string; to_phone: string; content: OutgoingMessage }>(rows)[0];
    return row ? { orgaId: row.orga_id, toPhone: row.to_phone, content: row.content } : null;
  }

  /** The SMS provider's id of a fallback SMS, or null when it could not be sent (the message stays failed without one). */
  async recordSmsFallback(id: string, smsMessageId: string | null): Promise<void> {
    await this.db.query(
      `UPDATE ${this.schema}."outbound_message" SET "sms_message_id" = $2, "updated_at" = now() WHERE "id" = $1 AND "sms_message_id" = '${SMS_TAKEN}'`,
      [id, smsMessageId],
    );
  }

  private async claimBatch(inputs: { id: string; leaseMs: number }[]): Promise<Claim[]> {
    const ids = [...new Set(inputs.map((input) => input.id))];
    const leaseMs = inputs[0]?.leaseMs ?? 30_000;
    const s = this.schema;
    const rows = await this.db.query<ClaimRow[]>(
      `WITH claimed AS (
         UPDATE ${s}."outbound_message" SET "claimed_until" = now() + make_interval(secs => $2::double precision / 1000)
          WHERE "id" = ANY($1::uuid[]) AND "status" = ${REMINDER_STATUS.in_process} AND "provider_message_id" IS NULL
            AND ("claimed_until" IS NULL OR "claimed_until" < now())
          RETURNING "id", "orga_id", "store_id", "kind", "appointment_id", "to_phone", "content", "attempts")
       SELECT w.id, c.id IS NOT NULL AS claimed, o.id IS NOT NULL AS present, o.status, o.provider_message_id IS NOT NULL AS has_provider_id,
              (extract(epoch FROM o.claimed_until - now()) * 1000)::int AS lease_left_ms,
              c.orga_id, c.store_id, c.kind, c.appointment_id, c.to_phone, c.content, c.attempts
         FROM unnest($1::uuid[]) AS w(id)
         LEFT JOIN claimed c ON c.id = w.id
         LEFT JOIN ${s}."outbound_message" o ON o.id = w.id`,
      [ids, leaseMs],
    );
    const byId = new Map(rows.map((row) => [row.id, toClaim(row)]));
    // the same id twice in one turn (a duplicate job): the second finds it leased by the first
    const seen = new Set<string>();
    return inputs.map(({ id }) => {
      const claim = byId.get(id) ?? { kind: 'missing' };
      if (claim.kind === 'claimed' && seen.has(id)) return { kind: 'leased', leftMs: leaseMs };
      seen.add(id);
      return claim;
    });
  }

  /**
   * One statement for the batch (atomic by itself): the UPDATE, the appointments' status events into the
   * outbox, and the relay's wake-up. Five round trips (a transaction of three statements) were a tenth of
   * the worker's CPU in the bench.
   */
  private async recordBatch(
    inputs: { id: string; provider: string; providerMessageId: string; headers: string; sendTrace: string }[],
  ): Promise<boolean[]> {
    const s = this.schema;
    const subject = reminderStatusChangedEvent.subject;
    const campaignSubject = campaignMessageStatusEvent.subject;
    const rows = await this.db.query<{ id: string }[]>(
      `WITH done AS (
         UPDATE ${s}."outbound_message" o
            SET "provider" = v.provider, "provider_message_id" = v.pid, "status" = ${REMINDER_STATUS.sent},
                "attempts" = o."attempts" + 1, "sent_at" = now(), "status_at" = now(), "updated_at" = now(), "claimed_until" = NULL, "last_error" = NULL,
                "send_trace" = NULLIF(v.send_trace, '{}'::jsonb)
           FROM unnest($1::uuid[], $2::text[], $3::text[], $6::jsonb[], $7::jsonb[]) AS v(id, provider, pid, headers, send_trace)
          WHERE o."id" = v.id AND o."provider_message_id" IS NULL
          RETURNING o."id", o."orga_id", o."store_id", o."appointment_id", o."kind", o."dedupe_key", v.headers),
       campaign_events AS (
         -- a campaign's message: marketing keeps its status on the campaign customer (campaign-message.ts)
         INSERT INTO ${s}."outbox_event" ("id", "subject", "envelope", "headers")
         SELECT e.event_id, '${campaignSubject}', jsonb_build_object('id', e.event_id, 'subject', '${campaignSubject}', 'occurredAt', $4::text,
                  'orgaId', e.orga_id, 'storeId', e.store_id, 'actor', NULL,
                  'data', jsonb_build_object('orga_id', e.orga_id, 'store_id', e.store_id, 'campaign_id', split_part(e.dedupe_key, ':', 2),
                                             'customer_id', split_part(e.dedupe_key, ':', 3), 'outbound_id', e.id, 'status', ${REMINDER_STATUS.sent})), e.headers
           FROM (SELECT gen_random_uuid() AS event_id, * FROM done WHERE kind = 'campaign' AND dedupe_key LIKE 'campaign:%:%') e
         RETURNING 1),
       events AS (
         INSERT INTO ${s}."outbox_event" ("id", "subject", "envelope", "headers")
         SELECT e.event_id, '${subject}', jsonb_build_object('id', e.event_id, 'subject', '${subject}', 'occurredAt', $4::text,
                  'orgaId', e.orga_id, 'storeId', e.store_id, 'actor', NULL,
                  'data', jsonb_build_object('orga_id', e.orga_id, 'store_id', e.store_id, 'appointment_id', e.appointment_id,
                                             'outbound_id', e.id, 'reminder_status', ${REMINDER_STATUS.sent})), e.headers
           FROM (SELECT gen_random_uuid() AS event_id, * FROM done WHERE appointment_id IS NOT NULL AND store_id IS NOT NULL) e
         RETURNING 1)
       SELECT done.id, (SELECT pg_notify($5, '') FROM (SELECT 1 FROM events UNION ALL SELECT 1 FROM campaign_events LIMIT 1) AS any_event) AS woke
         FROM done`,
      [
        inputs.map((i) => i.id),
        inputs.map((i) => i.provider),
        inputs.map((i) => i.providerMessageId),
        new Date().toISOString(),
        outboxChannel(s.replace(/"/g, '')),
        inputs.map((i) => i.headers),
        inputs.map((i) => i.sendTrace),
      ],
    );
    const recorded = new Set(rows.map((row) => row.id));
    return inputs.map((input) => recorded.has(input.id));
  }

  /** Gives the claim back without sending (paced out, or a retry later); `attempted` counts a failed send. */
  async release(id: string, lastError: string | null, attempted: boolean): Promise<number> {
    const [row] = returnedRows<{ attempts: number }>(
      await this.db.query(
        `UPDATE ${this.schema}."outbound_message"
          SET "claimed_until" = NULL, "attempts" = "attempts" + $2::int, "last_error" = COALESCE($3, "last_error"), "updated_at" = now()
        WHERE "id" = $1 RETURNING "attempts"`,
        [id, attempted ? 1 : 0, lastError?.slice(0, 500) ?? null],
      ),
    );
    return row?.attempts ?? 0;
  }

  /** Ends a message for good (failed or undelivered), still unsent; answers whose allowance it held. */
  async end(id: string, status: ReminderStatus, lastError: string, smsMessageId: string | null, attempted: boolean): Promise<Ended> {
    return this.db.transaction(async (manager) => {
      const [row] = returnedRows<{
        id: string;
        orga_id: string;
        store_id: string | null;
        appointment_id: string | null;
        kind: string;
        dedupe_key: string;
      }>(
        await manager.query(
          `UPDATE ${this.schema}."outbound_message"
            SET "status" = $2, "last_error" = $3, "sms_message_id" = $4, "attempts" = "attempts" + $5::int,
                "status_at" = now(), "updated_at" = now(), "claimed_until" = NULL
          WHERE "id" = $1 AND "provider_message_id" IS NULL AND "status" = ${REMINDER_STATUS.in_process}
          RETURNING "id", "orga_id", "store_id", "appointment_id", "kind", "dedupe_key"`,
          [id, status, lastError.slice(0, 500), smsMessageId, attempted ? 1 : 0],
        ),
      );
      if (!row) return null;
      await this.statusEvents(manager, [{ ...row, status }]);
      const campaign = campaignStatusEnvelopes(row.kind === 'campaign' ? [row] : [], status);
      if (campaign.length > 0)
        await manager.query(
          `INSERT INTO ${this.schema}."outbox_event" ("id", "subject", "envelope")
           SELECT (e->>'id')::uuid, e->>'subject', e FROM jsonb_array_elements($1::jsonb) AS e`,
          [JSON.stringify(campaign)],
        );
      if (campaign.length > 0) await manager.query(`SELECT pg_notify($1, '')`, [outboxChannel(this.schema.replace(/"/g, ''))]);
      return { orgaId: row.orga_id, kind: row.kind };
    });
  }

  /** evt.messaging.reminder.status-changed.v1 for the messages of an appointment, into the outbox of this transaction. */
  private async statusEvents(
    manager: { query: DataSource['query'] },
    rows: { id: string; orga_id: string; store_id: string | null; appointment_id: string | null; status: number }[],
  ): Promise<void> {
    const events = rows.filter((row) => row.appointment_id !== null && row.store_id !== null);
    if (events.length === 0) return;
    const occurredAt = new Date().toISOString();
    const envelopes = events.map((row) => {
      const data = reminderStatusChangedEvent.payload.parse({
        orga_id: row.orga_id,
        store_id: row.store_id,
        appointment_id: row.appointment_id,
        outbound_id: row.id,
        reminder_status: row.status,
      });
      return {
        id: randomUUID(),
        subject: reminderStatusChangedEvent.subject,
        occurredAt,
        orgaId: row.orga_id,
        storeId: row.store_id,
        actor: null,
        data,
      };
    });
    await manager.query(
      `INSERT INTO ${this.schema}."outbox_event" ("id", "subject", "envelope")
       SELECT (e->>'id')::uuid, e->>'subject', e FROM jsonb_array_elements($1::jsonb) AS e`,
      [JSON.stringify(envelopes)],
    );
    await manager.query(`SELECT pg_notify($1, '')`, [outboxChannel(this.schema.replace(/"/g, ''))]);
  }
}

function toClaim(row: ClaimRow): Claim {
  if (!row.present) return { kind: 'missing' };
  if (row.claimed) {
    return {
      kind: 'claimed',
      message: {
        id: row.id,
        orgaId: row.orga_id as string,
        storeId: row.store_id,
        kind: row.kind as string,
        appointmentId: row.appointment_id,
        toPhone: row.to_phone as string,
        content: row.content as OutgoingMessage,
        attempts: row.attempts ?? 0,
      },
    };
  }
  if (row.status !== REMINDER_STATUS.in_process || row.has_provider_id) return { kind: 'done' };
  return { kind: 'leased', leftMs: Math.max(row.lease_left_ms ?? 0, 0) };
}

/** TypeORM answers an UPDATE … RETURNING on Postgres as [rows, count]. */
function returnedRows<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}
