import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { PawlineLogger } from '@pawline/nest-kit';

/**
 * A job that runs every `everyMs` while the service is up (each turn guarded by asLeader). A turn is
 * never started while the previous one runs; failures are logged and the next turn tries again.
 */
export abstract class IntervalJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  protected abstract readonly jobName: string;
  protected abstract everyMs(): number;
  protected abstract logger(): PawlineLogger;
  /** one turn; `now` is passed so tests can run a turn at any instant */
  abstract runOnce(now: Date): Promise<unknown>;

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.tick(), this.everyMs());
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.runOnce(new Date())
      .then(() => undefined)
      .catch((error: unknown) => this.logger().error(`${this.jobName} failed: ${String(error)}`))
      .finally(() => {
        this.running = null;
      });
  }
}
