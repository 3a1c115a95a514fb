import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { PawlineLogger, SERVICE_CONFIG } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import type { MessagingConfig } from '../messaging.config';
import { SANDBOX_PROVIDER_NAMES, type SandboxChannel } from '../provider/sandbox.provider';
import { ProviderEventsService } from '../webhook/provider-events.service';
import type { ProviderStatus } from '../webhook/whatsapp-webhook';

/** How often the sandbox moves its messages on. */
export const SANDBOX_TICK_MS = 250;
const RECEIPT_PURGE_MS = 10 * 60 * 1000;
/** A WhatsApp number ending in these digits fails (131026), so the SMS fallback can be tried by hand. */
export const SANDBOX_UNDELIVERABLE_SUFFIX = '0000';

type Moved = { orga_id: string; channel: SandboxChannel; provider_message_id: string; status: ProviderStatus['status']; status_at: Date };

/**
 * The sandbox's statuses over time: accepted → sent at once, delivered after SANDBOX_DELIVERED_AFTER_MS,
 * read SANDBOX_READ_AFTER_MS later (WhatsApp only; an SMS stops at delivered), each published as
 * evt.messaging.provider-status.received.v1 exactly as the webhook publishes Meta's. Every instance
 * runs the loop: rows are taken with SKIP LOCKED and moved in the transaction that publishes them,
 * so each status is published once without a leader. Also forgets old webhook receipts.
 */
@Injectable()
export class SandboxSimulation implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private lastPurge = 0;
  private readonly log: PawlineLogger;

  constructor(
    private readonly db: DataSource,
    private readonly events: ProviderEventsService,
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
    logger: PawlineLogger,
  ) {
    this.log = logger.child({ context: 'SandboxSimulation' });
  }

  onApplicationBootstrap(): void {
    this.schedule();
  }

  onModuleDestroy(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private simulates(): boolean {
    return this.config.MESSAGING_PROVIDER === 'sandbox' || this.config.SMS_PROVIDER === 'sandbox';
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.tick()
        .catch((error: unknown) => this.log.warn('sandbox step failed; trying again', { error: (error as Error).message }))
        .finally(() => this.schedule());
    }, SANDBOX_TICK_MS);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.simulates()) while ((await this.step()) === 500 && !this.stopped);
    if (Date.now() - this.lastPurge > RECEIPT_PURGE_MS) {
      this.lastPurge = Date.now();
      await this.db.transaction((manager) => this.events.forgetOld(manager));
    }
  }

  /** Moves up to 500 due messages one status on and publishes their statuses; answers how many moved. */
  async step(): Promise<number> {
    return this.db.transaction(async (manager) => {
      const result: [Moved[], number] = await manager.query(
        `WITH due AS (
           SELECT id FROM sandbox_message
           WHERE direction = 'out' AND (
             status = 'accepted'
             OR (status = 'sent' AND status_at <= now() - make_interval(secs => $1::double precision / 1000))
             OR (status = 'delivered' AND channel = 'whatsapp' AND status_at <= now() - make_interval(secs => $2::double precision / 1000)))
           ORDER BY status_at
           LIMIT 500
           FOR UPDATE SKIP LOCKED)
         UPDATE sandbox_message m SET
           status = CASE
             WHEN m.status = 'accepted' AND m.channel = 'whatsapp' AND m.customer LIKE '%' || $3 THEN 'failed'
             WHEN m.status = 'accepted' THEN 'sent'
             WHEN m.status = 'sent' THEN 'delivered'
             ELSE 'read' END,
           status_at = now()
         FROM due WHERE m.id = due.id
         RETURNING m.orga_id, m.channel, m.provider_message_id, m.status, m.status_at`,
        [this.config.SANDBOX_DELIVERED_AFTER_MS, this.config.SANDBOX_READ_AFTER_MS, SANDBOX_UNDELIVERABLE_SUFFIX],
      );
      // TypeORM answers an UPDATE … RETURNING as [rows, affected]
      const moved = result[0];
      const byOrga = new Map<string, ProviderStatus[]>();
      for (const row of moved) {
        const failed = row.status === 'failed';
        const statuses = byOrga.get(row.orga_id) ?? [];
        statuses.push({
          provider: SANDBOX_PROVIDER_NAMES[row.channel],
          provider_message_id: row.provider_message_id,
          status: row.status,
          at: new Date(row.status_at).toISOString(),
          error_code: failed ? 131026 : null,
          error_title: failed ? 'Message undeliverable' : null,
        });
        byOrga.set(row.orga_id, statuses);
      }
      for (const [orgaId, statuses] of byOrga) await this.events.publish(manager, orgaId, statuses, []);
      return moved.length;
    });
  }
}
