import { Inject, Injectable } from '@nestjs/common';
import {
  REMINDER_STATUS,
  campaignMessageStatusEvent,
  customerAppointmentStatusRpc,
  messageAnswerReceivedEvent,
  reminderStatusChangedEvent,
  takeWaitlistOfferRpc,
  unsubscribeCustomerRpc,
  type EventPayload,
  type inboundMessageReceivedEvent,
} from '@pawline/contracts';
import { FILE_STORAGE, NatsRpcClient, OutboxService, PawlineLogger, RpcError, type FileStorage, type OutboxMeta } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import {
  DIRECTORY,
  SENDER_DIRECTORY,
  WHATSAPP_PROVIDER,
  parseButtonPayload,
  type ButtonAnswer,
  type Directory,
  type MessageProvider,
  type SenderDirectory,
} from '../ports';
import { campaignStatusEnvelopes } from '../outbound/campaign-message';
import { answerIdOf } from './answer-id';
import { NotificationService, rowsOf } from './notification.service';

type Inbound = EventPayload<typeof inboundMessageReceivedEvent>;

type Resolved = {
  customerId: string | null;
  storeId: string | null;
  firstName: string;
  lastName: string;
  outboundId: string | null;
  appointmentId: string | null;
};

/** File name of an attachment: its sequence and the extension of its type. */
const EXTENSION: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'video/mp4': 'mp4',
};

/** The dedupe key of a waitlist offer's message names the offer (booking-message.ts bookingDedupeKey). */
const WAITLIST_OFFER_KEY = /^booking:waitlist_offer:([0-9a-f-]{36})$/;

/** A preview of the message in the notification (the full text is on the messages page). */
const PREVIEW_CHARS = 120;

/**
 * A customer's WhatsApp message (the webhook's inbound event): who wrote (our message it answers, or
 * the number in the directory), the answer row and its media, what a button means (confirm/decline
 * through scheduling, unsubscribe through crm), and the store's notification (ADR 0019).
 */
@Injectable()
export class InboundService {
  private readonly log: PawlineLogger;

  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly notifications: NotificationService,
    private readonly outbox: OutboxService,
    @Inject(DIRECTORY) private readonly directory: Directory,
    @Inject(SENDER_DIRECTORY) private readonly senders: SenderDirectory,
    @Inject(WHATSAPP_PROVIDER) private readonly provider: MessageProvider,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    logger: PawlineLogger,
  ) {
    this.log = logger.child({ context: 'InboundService' });
  }

  /** In the consumer's transaction: a duplicate (same provider message) changes nothing. */
  async receive(manager: EntityManager, event: Inbound): Promise<void> {
    const answerId = answerIdOf(event.orga_id, event.provider, event.provider_message_id);
    const [known] = await manager.query<{ id: string }[]>(`SELECT id FROM message_answer WHERE id = $1`, [answerId]);
    if (known) return;
    const button = parseButtonPayload(event.button_payload);
    const who = await this.resolve(manager, event, button?.outboundId ?? null);
    const text = (event.text ?? event.media.map((item) => item.caption ?? '').join('\n')).trim();
    const inserted = rowsOf<{ id: string }>(
      await manager.query<unknown>(
        `INSERT INTO message_answer (id, orga_id, store_id, customer_id, provider, provider_message_id, fon, profile_name, first_name, last_name,
         kind, text, button, outbound_id, appointment_id, attachments, answer_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, -1, $16)
       ON CONFLICT (orga_id, provider, provider_message_id) DO NOTHING RETURNING id`,
        [
          answerId,
          event.orga_id,
          who.storeId,
          who.customerId,
          event.provider,
          event.provider_message_id,
          event.from,
          event.profile_name,
          who.firstName.slice(0, 100),
          who.lastName.slice(0, 100),
          event.kind,
          text,
          button?.answer ?? null,
          who.outboundId,
          who.appointmentId,
          new Date(event.at),
        ],
      ),
    );
    // the same message in a parallel delivery: the unique index let one of them in
    if (inserted.length === 0) return;
    if (event.media.length > 0) await this.keepMedia(manager, event, answerId);
    if (button) await this.applyButton(manager, event.orga_id, button.answer, who);
    const meta: OutboxMeta = { orgaId: event.orga_id, storeId: who.storeId, actor: null };
    await this.notifyMessage(manager, event, who, text, button?.answer ?? null);
    await this.outboxAnswer(manager, answerId, who, meta);
  }

  /** Our message it answers names the customer; otherwise the number does (the first customer with it). */
  private async resolve(manager: EntityManager, event: Inbound, outboundId: string | null): Promise<Resolved> {
    const [outbound] = await manager.query<
      { id: string; customer_id: string | null; store_id: string | null; appointment_id: string | null }[]
    >(
      `SELECT id, customer_id, store_id, appointment_id FROM outbound_message
        WHERE orga_id = $1 AND (id = $2::uuid OR ($2::uuid IS NULL AND provider_message_id = $3::text)) LIMIT 1`,
      [event.orga_id, outboundId, event.context_message_id],
    );
    const unknown: Resolved = {
      customerId: null,
      storeId: null,
      firstName: event.profile_name ?? '',
      lastName: '',
      outboundId: outbound?.id ?? null,
      appointmentId: outbound?.appointment_id ?? null,
    };
    if (outbound?.customer_id) {
      const customer = await this.directory.customer(event.orga_id, outbound.customer_id);
      return {
        ...unknown,
        customerId: outbound.customer_id,
        storeId: customer?.storeId ?? outbound.store_id,
        firstName: customer?.firstName ?? unknown.firstName,
        lastName: customer?.lastName ?? '',
      };
    }
    const [customer] = await this.directory.customersByPhone(event.orga_id, event.from);
    if (!customer) return unknown;
    return {
      ...unknown,
      customerId: customer.customerId,
      storeId: customer.storeId,
      firstName: customer.firstName,
      lastName: customer.lastName,
    };
  }

  /** Downloads each photo or file from the provider into the file storage, numbered 0, 1 … (spec §3). */
  private async keepMedia(manager: EntityManager, event: Inbound, answerId: string): Promise<void> {
    const sender = await this.senders.senderFor(event.orga_id);
    // without a sender we cannot download: retried (the consumer's backoff) until the sender is back
    if (!sender) throw new Error(`no sender for organization ${event.orga_id}: media of ${event.provider_message_id} not fetched`);
    for (const [sequence, media] of event.media.entries()) {
      const { bytes, mimeType } = await this.provider.fetchMedia(sender, media.media_id);
      const mime = (mimeType || media.mime_type).split(';')[0]?.trim().toLowerCase() || 'application/octet-stream';
      // the key depends only on the answer and the sequence: a retried delivery overwrites, never orphans
      const key = `${event.orga_id}/msg/${answerId}/${sequence}`;
      await this.storage.put(key, bytes, mime);
      await manager.query(
        `INSERT INTO attachment (id, orga_id, sector, subject_id, sequence, storage_key, mime, file_name, size, caption)
         VALUES (gen_random_uuid(), $1, 'msg', $2, $3, $4, $5, $6, $7, $8)`,
        [
          event.orga_id,
          answerId,
          sequence,
          key,
          mime.slice(0, 100),
          `${sequence}.${EXTENSION[mime] ?? 'bin'}`,
          bytes.length,
          media.caption,
        ],
      );
    }
    await manager.query(`UPDATE message_answer SET attachments = $2 WHERE id = $1`, [answerId, event.media.length - 1]);
  }

  /**
   * R4.12 Confirmed/Declined go to scheduling (its status_by_customer event raises the notification,
   * status-change.consumer.ts); unsubscribe turns the customer's consents off in crm. Any tap means
   * the customer opened our message.
   */
  private async applyButton(manager: EntityManager, orgaId: string, answer: ButtonAnswer, who: Resolved): Promise<void> {
    // a campaign's message (spec §3 campaign customers): opened, 'read' confirms; 'don't read' withdraws marketing consent
    const [message] = who.outboundId
      ? rowsOf<{ id: string; orga_id: string; store_id: string | null; dedupe_key: string; kind: string }>(
          await manager.query(`SELECT id, orga_id, store_id, dedupe_key, kind FROM outbound_message WHERE id = $1 AND orga_id = $2`, [
            who.outboundId,
            orgaId,
          ]),
        )
      : [];
    if (message?.kind === 'campaign') {
      const envelopes = campaignStatusEnvelopes([message], REMINDER_STATUS.opened, answer === 'read');
      for (const envelope of envelopes)
        await this.outbox.add(manager, campaignMessageStatusEvent, envelope.data, { orgaId, storeId: message.store_id, actor: null });
      if (answer === 'unread' && who.customerId) {
        await this.ignoringGone(() =>
          this.rpc.call(
            unsubscribeCustomerRpc,
            { orga_id: orgaId, customer_id: who.customerId ?? '', consents: 'marketing' },
            { auth: null, lang: 'en' },
          ),
        );
      }
    }
    if (who.outboundId) {
      const opened = rowsOf<{ id: string; store_id: string | null; appointment_id: string | null }>(
        await manager.query(
          `UPDATE outbound_message SET status = $2, status_at = now(), updated_at = now() WHERE id = $1 AND status < $2
           RETURNING id, store_id, appointment_id`,
          [who.outboundId, REMINDER_STATUS.opened],
        ),
      );
      // the appointment's card shows the reminder opened too (R4.12), as for every other status move
      for (const row of opened) {
        if (!row.appointment_id || !row.store_id) continue;
        await this.outbox.add(
          manager,
          reminderStatusChangedEvent,
          {
            orga_id: orgaId,
            store_id: row.store_id,
            appointment_id: row.appointment_id,
            outbound_id: row.id,
            reminder_status: REMINDER_STATUS.opened,
          },
          { orgaId, storeId: row.store_id, actor: null },
        );
      }
    }
    if ((answer === 'confirm' || answer === 'decline') && who.appointmentId) {
      const status = answer === 'confirm' ? 1 : 2;
      await this.ignoringGone(() =>
        this.rpc.call(
          customerAppointmentStatusRpc,
          { orga_id: orgaId, appointment_id: who.appointmentId ?? '', status },
          { auth: null, lang: 'en' },
        ),
      );
    }
    // issue 30 "Take it" on a waitlist offer: booking decides under its store's lock who gets the time (ADR 0063); the
    // winner hears "request received" from the booking request, the others "gone", both from booking's events
    const offerId = WAITLIST_OFFER_KEY.exec(message?.dedupe_key ?? '')?.[1];
    if (answer === 'take' && offerId) {
      await this.ignoringGone(() =>
        this.rpc.call(takeWaitlistOfferRpc, { orga_id: orgaId, offer_id: offerId }, { auth: null, lang: 'en' }),
      );
    }
    if (answer === 'unsubscribe' && who.customerId) {
      await this.ignoringGone(() =>
        this.rpc.call(
          unsubscribeCustomerRpc,
          { orga_id: orgaId, customer_id: who.customerId ?? '', consents: 'all' },
          { auth: null, lang: 'en' },
        ),
      );
    }
  }

  /** An appointment or customer deleted since the reminder: the answer is kept, nothing else to change. */
  private async ignoringGone(call: () => Promise<unknown>): Promise<void> {
    try {
      await call();
    } catch (error) {
      if (error instanceof RpcError && error.code === 'not_found') {
        this.log.info('customer reply names a deleted appointment or customer', {});
        return;
      }
      throw error;
    }
  }

  /** R4.03 CUSTOMER_MSG for typed text and media; a button's meaning has its own notification (or none). */
  private async notifyMessage(manager: EntityManager, event: Inbound, who: Resolved, text: string, button: ButtonAnswer | null) {
    if (button) return;
    const name = `${who.firstName} ${who.lastName}`.trim() || `+${event.from}`;
    await this.notifications.raiseCustomerMessage(manager, {
      orgaId: event.orga_id,
      storeId: who.storeId,
      belongsTo: who.customerId ?? event.from,
      title: 'notificationCustomerMessage',
      text: event.media.length > 0 && !text ? 'notificationCustomerMediaText' : 'notificationCustomerMessageText',
      params: { name, text: text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text, fon: event.from },
      time: new Date(event.at),
    });
  }

  private async outboxAnswer(manager: EntityManager, answerId: string, who: Resolved, meta: OutboxMeta): Promise<void> {
    await this.outbox.add(
      manager,
      messageAnswerReceivedEvent,
      { answer_id: answerId, customer_id: who.customerId, store_id: who.storeId },
      meta,
    );
  }
}
