import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { REMINDER_STATUS, sendMessageWork } from '@pawline/contracts';
import { OutboxService } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { buttonPayloadsFor, type OutboundSender } from '../ports';

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

  /** Writes the message and its job; answers its id (with a dedupe key already used: the first message's id, nothing new). */
  async enqueue(message: Parameters<OutboundSender['enqueue']>[0]): Promise<string> {
    const id = randomUUID();
    // a template's quick replies name this message, so a tap finds it (and its appointment)
    const content =
      message.content.kind === 'template'
        ? { ...message.content, buttonPayloads: buttonPayloadsFor(message.content.buttons, id) }
        : message.content;
    return this.db.transaction(async (manager) => {
      const inserted = await manager.query<{ id: string }[]>(
        `INSERT INTO outbound_message (id, orga_id, store_id, kind, customer_id, appointment_id, template_type, dedupe_key, to_phone, content, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
        [
          id,
          message.orgaId,
          message.storeId,
          message.kind,
          message.customerId,
          message.appointmentId ?? null,
          message.templateType ?? null,
          message.dedupeKey ?? `${message.kind}:${id}`,
          message.content.to,
          JSON.stringify(content),
          REMINDER_STATUS.in_process,
        ],
      );
      if (inserted.length === 0) {
        const [first] = await manager.query<{ id: string }[]>(`SELECT id FROM outbound_message WHERE dedupe_key = $1`, [message.dedupeKey]);
        return first?.id ?? id;
      }
      await this.outbox.add(
        manager,
        sendMessageWork,
        { outbound_id: id },
        { orgaId: message.orgaId, storeId: message.storeId, actor: null },
      );
      return id;
    });
  }
}
