import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { PawlineLogger } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { MAIL_SENDER, type MailSender } from './mail-sender';
import { OutgoingMailEntity } from './outgoing-mail.entity';

const POLL_MS = 5_000;
const MAX_ATTEMPTS = 10;
const BATCH = 20;

/** Sends queued mails after their transaction committed; a poll retries failures (up to 10 attempts). */
@Injectable()
export class MailDispatcher implements OnModuleInit, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(MAIL_SENDER) private readonly sender: MailSender,
    private readonly logger: PawlineLogger,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.dispatchPending(), POLL_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Sends what is pending; never throws (failures are recorded on the row). Returns the number sent. */
  dispatchPending(): Promise<number> {
    this.running ??= this.sendBatch().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sendBatch(): Promise<number> {
    let sent = 0;
    try {
      await this.dataSource.transaction(async (manager) => {
        const rows = await manager
          .getRepository(OutgoingMailEntity)
          .createQueryBuilder('m')
          .where('m.sent_at IS NULL AND m.attempts < :max', { max: MAX_ATTEMPTS })
          .orderBy('m.created_at', 'ASC')
          .limit(BATCH)
          .setLock('pessimistic_write')
          .setOnLocked('skip_locked')
          .getMany();
        for (const row of rows) {
          try {
            await this.sender.send({ to: row.to, subject: row.subject, text: row.text, html: row.html });
            await manager.update(OutgoingMailEntity, { id: row.id }, { sentAt: new Date(), attempts: row.attempts + 1, lastError: null });
            sent += 1;
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            this.logger.warn('mail not sent', { mailId: row.id, attempt: row.attempts + 1, error: message });
            await manager.update(OutgoingMailEntity, { id: row.id }, { attempts: row.attempts + 1, lastError: message.slice(0, 2000) });
          }
        }
      });
    } catch (error) {
      this.logger.error('mail dispatch failed', error);
    }
    return sent;
  }
}
