import { Inject, Injectable } from '@nestjs/common';
import { PawlineLogger } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { MESSAGING_CORE_CONFIG, type MessagingCoreConfig } from '../core/messaging-core.config';
import { IntervalJob } from '../leader/interval-job';
import { asLeader } from '../leader/leader-lock';
import { TemplateRegistry } from './template-registry.service';

/** Organizations handled per turn (each costs a few calls to WhatsApp). */
const PER_TURN = 50;
/** A pending registration is asked about at most this often when its webhook has not come (the fallback poll). */
const POLL_EVERY_MS = 10 * 60_000;

/**
 * The registry's turns, under one leader: accounts whose templates are due (connected, a new language, an own
 * template saved, a failure of WhatsApp last time) are synced, and accounts with registrations still pending are
 * polled now and then in case a template-status webhook was lost.
 */
@Injectable()
export class TemplateRegistryJob extends IntervalJob {
  protected readonly jobName = 'messaging-template-registry';

  constructor(
    private readonly db: DataSource,
    private readonly registry: TemplateRegistry,
    private readonly log: PawlineLogger,
    @Inject(MESSAGING_CORE_CONFIG) private readonly config: MessagingCoreConfig,
  ) {
    super();
  }

  protected everyMs(): number {
    return this.config.jobTickMs;
  }

  protected logger(): PawlineLogger {
    return this.log;
  }

  /** Answers how many accounts were synced and polled (null when another instance leads). */
  async runOnce(now: Date): Promise<{ synced: number; polled: number } | null> {
    // the lock is held for the whole turn, WhatsApp's answers included, so two instances never submit the same template
    return asLeader(this.db, this.jobName, async (manager) => {
      const due = await manager.query<{ orga_id: string }[]>(
        `SELECT orga_id FROM messaging_sender WHERE status = 'connected' AND waba_id IS NOT NULL AND templates_due ORDER BY updated_at LIMIT $1`,
        [PER_TURN],
      );
      const pending = await manager.query<{ orga_id: string }[]>(
        `SELECT DISTINCT s.orga_id FROM messaging_sender s JOIN waba_template t ON t.orga_id = s.orga_id AND t.waba_id = s.waba_id
          WHERE s.status = 'connected' AND t.status = 'pending' AND (s.templates_synced_at IS NULL OR s.templates_synced_at < $1) LIMIT $2`,
        [new Date(now.getTime() - POLL_EVERY_MS), PER_TURN],
      );
      for (const { orga_id: orgaId } of due) await this.registry.sync(orgaId);
      for (const { orga_id: orgaId } of pending) {
        await this.registry
          .poll(orgaId)
          .catch((error: unknown) => this.log.warn('polling templates failed', { orgaId, err: String(error) }));
        await manager.query(`UPDATE messaging_sender SET templates_synced_at = $2 WHERE orga_id = $1`, [orgaId, now]);
      }
      return { synced: due.length, polled: pending.length };
    });
  }
}
