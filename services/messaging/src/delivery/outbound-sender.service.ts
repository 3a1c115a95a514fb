import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { REMINDER_STATUS, sendMessageWork } from '@pawline/contracts';
import { OutboxService } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import type { OutboundSender } from '../ports';

/**
 * OUTBOUND_SENDER: a staff reply or a campaign message goes the reminders' way. The outbound row and
 * its job are written in one transaction; the outbox relay publishes the job with Nats-Msg-Id = its
 * id, so a crash never leaves a row without a job nor sends a job twice.
 */
@Injectable()
export class OutboundSenderService implements OutboundSender {
  constructor(
    private readonly db: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  async enqueue(message: Parameters<OutboundSender['enqueue']>[0]): Promise<string> {
    const id = randomUUID();
    await this.db.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO outbound_message (id, orga_id, store_id, kind, customer_id, dedupe_key, to_phone, content, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          id,
          message.orgaId,
          message.storeId,
          message.kind,
          message.customerId,
          `${message.kind}:${id}`,
          message.content.to,
          JSON.stringify(message.content),
          REMINDER_STATUS.in_process,
        ],
      );
      await this.outbox.add(
        manager,
        sendMessageWork,
        { outbound_id: id },
        { orgaId: message.orgaId, storeId: message.storeId, actor: null },
      );
    });
    return id;
  }
}
