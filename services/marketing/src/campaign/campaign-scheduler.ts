import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PawlineLogger } from '@pawline/nest-kit';
import { CampaignService } from './campaign.service';

/** How often queued campaigns are looked at (MARKETING_SCHEDULER_MS; 5 s by default). */
export function schedulerEveryMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env['MARKETING_SCHEDULER_MS'] ?? '');
  return Number.isFinite(value) && value >= 100 ? value : 5_000;
}

/**
 * R4.13 sends queued campaigns on their date. Every instance runs it: CampaignService.sendOneDue takes each
 * campaign under a row lock with SKIP LOCKED, so two instances never send one campaign twice. A turn is never
 * started while the previous one runs on this instance.
 */
@Injectable()
export class CampaignScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private readonly log: PawlineLogger;

  constructor(
    private readonly campaigns: CampaignService,
    logger: PawlineLogger,
  ) {
    this.log = logger.child({ context: 'CampaignScheduler' });
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.nudge(), schedulerEveryMs());
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** A turn now unless one is running. */
  nudge(): void {
    if (this.running) return;
    this.running = this.runOnce(new Date())
      .catch((error: unknown) => {
        this.log.error(`campaign scheduler failed: ${String(error)}`);
        return 0;
      })
      .finally(() => {
        this.running = null;
      });
  }

  /** Sends every campaign due at `now`; answers how many this turn sent. */
  async runOnce(now: Date): Promise<number> {
    let sent = 0;
    while ((await this.campaigns.sendOneDue(now)) !== null) sent += 1;
    return sent;
  }
}
