import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { WEBHOOK_MAX_IN_FLIGHT, webhookEndpointDisabledEvent } from '@pawline/contracts';
import { OutboxService, openSealed, PawlineLogger } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { returnedRows } from '../endpoint/endpoint-rows';
import { WEBHOOKS_SETTINGS, type WebhooksSettings } from '../webhooks.settings';
import { sendDelivery, type SendOutcome } from './http-sender';
import { isDelivered, nextAttemptAt, shouldDisableEndpoint } from './retry-schedule';
import { SIGNATURE_HEADER, signatureHeader } from './signature';

/** A delivery claimed for sending, with what signing it needs. */
type Claimed = {
  id: string;
  endpoint_id: string;
  orga_id: string;
  url: string;
  secret_enc: string;
  /** the secret the last rotation replaced, while it still signs */
  previous_secret_enc: string | null;
  event_id: string;
  event_type: string;
  body: string;
  attempts: number;
  window_start: Date;
};

/** Deliveries this process sends at once over all endpoints. */
const PROCESS_IN_FLIGHT = 64;

const DUE = `((d.status = 'pending' AND d.next_attempt_at <= now()) OR (d.status = 'sending' AND d.locked_until < now()))`;

/**
 * Sends due deliveries (issue 33). Any number of instances share the work through Postgres: a turn locks
 * the endpoints it serves (SKIP LOCKED), counts what is on its way to each and claims at most
 * WEBHOOK_MAX_IN_FLIGHT minus that, so one endpoint never has more in flight whatever the instances. A
 * claim expires (a crashed sender's delivery is sent again). An event wakes the worker; it also looks
 * every WEBHOOKS_POLL_MS for retries that came due.
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private turn: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly sending = new Set<Promise<void>>();
  private readonly log: PawlineLogger;

  constructor(
    private readonly db: DataSource,
    private readonly outbox: OutboxService,
    @Inject(WEBHOOKS_SETTINGS) private readonly settings: WebhooksSettings,
    logger: PawlineLogger,
  ) {
    this.log = logger.child({ context: 'DeliveryWorker' });
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.wake(), this.settings.pollMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.turn;
    await Promise.allSettled([...this.sending]);
  }

  /** Looks for due deliveries now (a turn that runs takes another one right after). */
  wake(): void {
    if (this.stopped) return;
    if (this.turn) {
      this.again = true;
      return;
    }
    this.turn = this.claimAndSend()
      .catch((error: unknown) => this.log.error('webhook turn failed', { err: error }))
      .finally(() => {
        this.turn = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async claimAndSend(): Promise<void> {
    const room = PROCESS_IN_FLIGHT - this.sending.size;
    if (room <= 0) return;
    const claimed = await this.claim(room, this.settings.timeoutMs + 30_000);
    for (const delivery of claimed) {
      const sent: Promise<void> = this.send(delivery)
        .catch((error: unknown) => this.log.error('webhook delivery failed to record', { err: error, deliveryId: delivery.id }))
        .finally(() => {
          this.sending.delete(sent);
          // a slot of its endpoint is free: its next delivery may go
          this.wake();
        });
      this.sending.add(sent);
    }
  }

  private claim(room: number, lockMs: number): Promise<Claimed[]> {
    return this.db.transaction(async (manager) => {
      const endpoints = await manager.query<{ id: string }[]>(
        `SELECT e.id FROM webhook_endpoint e
         WHERE e.enabled AND EXISTS (SELECT 1 FROM webhook_delivery d WHERE d.endpoint_id = e.id AND ${DUE})
         ORDER BY e.id LIMIT 100 FOR UPDATE SKIP LOCKED`,
      );
      const claimed: Claimed[] = [];
      for (const { id } of endpoints) {
        if (claimed.length >= room) break;
        const rows = returnedRows<Claimed>(
          await manager.query(
            `WITH busy AS (
             SELECT count(*)::int AS n FROM webhook_delivery WHERE endpoint_id = $1 AND status = 'sending' AND locked_until >= now()),
           picked AS (
             SELECT d.id FROM webhook_delivery d WHERE d.endpoint_id = $1 AND ${DUE}
             ORDER BY d.next_attempt_at NULLS FIRST, d.created_at, d.id
             LIMIT LEAST($2::int, GREATEST(0, $3::int - (SELECT n FROM busy))))
           UPDATE webhook_delivery w SET status = 'sending', locked_until = now() + ($4::int * interval '1 millisecond')
           FROM picked, webhook_endpoint e
           WHERE w.id = picked.id AND e.id = w.endpoint_id
           RETURNING w.id, w.endpoint_id, w.orga_id, e.url, e.secret_enc,
             CASE WHEN e.previous_secret_until > now() THEN e.previous_secret_enc END AS previous_secret_enc, w.event_id, w.event_type, w.body, w.attempts, w.window_start`,
            [id, room - claimed.length, WEBHOOK_MAX_IN_FLIGHT, lockMs],
          ),
        );
        claimed.push(...rows);
      }
      return claimed;
    });
  }

  private async send(delivery: Claimed): Promise<void> {
    const timestamp = Math.floor(Date.now() / 1000);
    let outcome: SendOutcome;
    try {
      const secrets = [delivery.secret_enc, delivery.previous_secret_enc]
        .filter((sealed): sealed is string => sealed !== null)
        .map((sealed) => openSealed(this.settings.keys, sealed).text);
      outcome = await sendDelivery(this.settings.policy, {
        url: delivery.url,
        body: delivery.body,
        timeoutMs: this.settings.timeoutMs,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Pawline-Webhooks/1.0',
          [SIGNATURE_HEADER]: signatureHeader(secrets, timestamp, delivery.body),
          'Pawline-Event': delivery.event_type,
          'Pawline-Event-Id': delivery.event_id,
          'Pawline-Delivery': delivery.id,
        },
      });
    } catch (error) {
      outcome = { error: error instanceof Error ? error.message : String(error) };
    }
    await this.record(delivery, outcome, new Date());
  }

  /** The attempt's outcome, the delivery's next try or end, and the endpoint's health, in one transaction. */
  private async record(delivery: Claimed, outcome: SendOutcome, now: Date): Promise<void> {
    const status = 'status' in outcome ? outcome.status : null;
    const error = 'error' in outcome ? outcome.error : null;
    await this.db.transaction(async (manager) => {
      if (status !== null && isDelivered(status)) {
        await manager.query(
          `UPDATE webhook_delivery SET status = 'delivered', attempts = attempts + 1, response_code = $2, error = NULL,
             last_attempt_at = $3, delivered_at = $3, next_attempt_at = NULL, locked_until = NULL
           WHERE id = $1 AND status = 'sending'`,
          [delivery.id, status, now],
        );
        await manager.query(`UPDATE webhook_endpoint SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL`, [
          delivery.endpoint_id,
        ]);
        return;
      }
      const next = nextAttemptAt(delivery.attempts + 1, new Date(delivery.window_start), now);
      await manager.query(
        `UPDATE webhook_delivery SET status = $2, attempts = attempts + 1, response_code = $3, error = $4,
           last_attempt_at = $5, next_attempt_at = $6, locked_until = NULL
         WHERE id = $1 AND status = 'sending'`,
        [delivery.id, next ? 'pending' : 'failed', status, error ?? (status !== null ? `HTTP ${status}` : null), now, next],
      );
      const [endpoint] = returnedRows<{ failing_since: Date; enabled: boolean; url: string }>(
        await manager.query(
          `UPDATE webhook_endpoint SET failing_since = COALESCE(failing_since, $2) WHERE id = $1 RETURNING failing_since, enabled, url`,
          [delivery.endpoint_id, now],
        ),
      );
      if (!endpoint?.enabled || !shouldDisableEndpoint(new Date(endpoint.failing_since), now)) return;
      await manager.query(`UPDATE webhook_endpoint SET enabled = false, disabled_reason = 'failing', updated_at = now() WHERE id = $1`, [
        delivery.endpoint_id,
      ]);
      const failingSince = new Date(endpoint.failing_since).toISOString();
      await this.outbox.add(
        manager,
        webhookEndpointDisabledEvent,
        { orga_id: delivery.orga_id, endpoint_id: delivery.endpoint_id, url: endpoint.url, failing_since: failingSince },
        { orgaId: delivery.orga_id, storeId: null, actor: null },
      );
      this.log.warn('webhook endpoint switched off after three days of failures', { endpointId: delivery.endpoint_id, failingSince });
    });
  }
}
