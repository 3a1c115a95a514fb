import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PawlineLogger } from '@pawline/nest-kit';
import { billingDate } from './billing-dates';
import { BillingRun } from './billing-run';

/** How often the service looks whether this month is billed; the run is idempotent, so hourly costs little. */
export const BILLING_RUN_EVERY_MS = 60 * 60 * 1000;

/**
 * R1.22 billing on the 1st: every hour the service runs the current month; on the 1st that bills every
 * paid organization, later the same month it only retries what is left. Several instances may run it
 * at once (one invoice per organization and month). PAWLINE_BILLING_RUN=off stops it (tests).
 */
@Injectable()
export class BillingRunScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log: PawlineLogger;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly run: BillingRun,
    logger: PawlineLogger,
  ) {
    this.log = logger.child({ context: 'BillingRun' });
  }

  onApplicationBootstrap(): void {
    if (process.env['PAWLINE_BILLING_RUN'] === 'off') return;
    this.timer = setInterval(() => void this.runNow(), BILLING_RUN_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async runNow(now = new Date()): Promise<void> {
    try {
      const result = await this.run.runMonthly(billingDate(now).slice(0, 7), { orgaId: null, storeId: null, actor: null }, now);
      if (result.invoiced > 0 || result.lapsed > 0) this.log.info('billing run', result);
    } catch (error) {
      this.log.error('billing run failed', { err: error });
    }
  }
}
