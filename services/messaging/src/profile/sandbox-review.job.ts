import { Inject, Injectable } from '@nestjs/common';
import { PawlineLogger } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { MESSAGING_CORE_CONFIG, type MessagingCoreConfig } from '../core/messaging-core.config';
import { IntervalJob } from '../leader/interval-job';
import { asLeader } from '../leader/leader-lock';
import { SandboxTemplateReview } from '../sandbox/sandbox-template-review';
import { WhatsappProfileService } from './whatsapp-profile.service';

/**
 * The sandbox plays WhatsApp's review: a profile request goes live, and a template submitted to a sandbox
 * account is approved, MESSAGING_SANDBOX_REVIEW_MS after it was made (unless a person on /dev/whatsapp
 * reviewed it first). With the Cloud API nothing here runs:
 * the provider's confirmation does it (rpc.messaging.whatsapp-profile.confirm).
 */
@Injectable()
export class SandboxReviewJob extends IntervalJob {
  protected readonly jobName = 'messaging-sandbox-review';

  constructor(
    private readonly db: DataSource,
    private readonly profiles: WhatsappProfileService,
    private readonly templates: SandboxTemplateReview,
    private readonly log: PawlineLogger,
    @Inject(MESSAGING_CORE_CONFIG) private readonly config: MessagingCoreConfig,
  ) {
    super();
  }

  override onApplicationBootstrap(): void {
    if (this.config.provider === 'sandbox') super.onApplicationBootstrap();
  }

  protected everyMs(): number {
    return Math.min(this.config.jobTickMs, Math.max(1000, this.config.sandboxReviewMs));
  }

  protected logger(): PawlineLogger {
    return this.log;
  }

  async runOnce(now: Date): Promise<{ profiles: number; templates: number } | null> {
    if (this.config.provider !== 'sandbox') return null;
    const before = new Date(now.getTime() - this.config.sandboxReviewMs);
    return asLeader(this.db, this.jobName, async (manager) => ({
      profiles: await this.profiles.goLiveOlderThan(manager, before, now),
      templates: await this.templates.approvePendingOlderThan(manager, before),
    }));
  }
}
