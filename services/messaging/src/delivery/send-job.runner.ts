import { Inject, Injectable, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { REMINDER_STATUS, sendMessageWork } from '@pawline/contracts';
import {
  continueTrace,
  DeadLetterStore,
  faultPoint,
  inSpan,
  KIT_CONFIG,
  NATS_CONNECTION,
  PawlineLogger,
  prefixed,
  readEvent,
  safeJson,
  SERVICE_CONFIG,
  SpanKind,
  streamName,
  traceCarrier,
  type KitConfig,
} from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import {
  MESSAGE_QUOTA,
  ProviderSendError,
  SENDER_DIRECTORY,
  SMS_PROVIDER,
  WHATSAPP_PROVIDER,
  type MessageProvider,
  type MessageQuota,
  type SenderCredentials,
  type SenderDirectory,
} from '../ports';
import { sendBackoff, type DeliveryConfig } from './delivery.config';
import { DeliveryMetrics } from './delivery-metrics';
import { DeliveryStore, type ClaimedMessage } from './delivery-store';
import type { SendPacer } from './send-pacer';

export const SEND_PACER = Symbol('SEND_PACER');
/** One durable shared by every worker process: WORK is a work queue, each job goes to one of them. */
export const SEND_DURABLE = 'messaging-send';
/** a job redelivered this often without an outcome (paced, leased, crashed) is given up */
const MAX_DELIVERIES = 200;
const SENDER_CACHE_MS = 30_000;

/** Messages that use the organization's allowance (spec §8): given back when they fail for good unsent. */
const COUNTED_KINDS = new Set(['reminder', 'campaign']);

class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(readonly size: number) {
    this.free = size;
  }
  get busy(): number {
    return this.size - this.free;
  }
  acquire(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
  async idle(): Promise<void> {
    while (this.busy > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * messaging-worker's loop: a pull consumer on WORK with a fixed number of jobs in flight. Per job:
 * claim the outbound message (lease), pace its sender and recipient, send, record the provider's id
 * and status sent in one statement. A worker that dies between the provider's answer and the record
 * is the one case where a message goes out twice (the next worker finds it unrecorded).
 */
@Injectable()
export class SendJobRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log: PawlineLogger;
  private readonly store: DeliveryStore;
  private readonly slots: Slots;
  private readonly senders = new Map<string, { credentials: SenderCredentials | null; until: number }>();
  private messages: ConsumerMessages | null = null;
  private loop: Promise<void> | null = null;
  private stopping = false;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(KIT_CONFIG) private readonly kit: KitConfig,
    @Inject(SERVICE_CONFIG) private readonly config: DeliveryConfig,
    dataSource: DataSource,
    private readonly deadLetters: DeadLetterStore,
    private readonly metrics: DeliveryMetrics,
    @Inject(SEND_PACER) private readonly pacer: SendPacer,
    @Inject(SENDER_DIRECTORY) private readonly directory: SenderDirectory,
    @Inject(WHATSAPP_PROVIDER) private readonly whatsapp: MessageProvider,
    @Inject(MESSAGE_QUOTA) private readonly quota: MessageQuota,
    @Optional() @Inject(SMS_PROVIDER) private readonly sms: MessageProvider | null,
    logger: PawlineLogger,
  ) {
    this.log = logger.child({ context: 'SendJobRunner' });
    this.store = new DeliveryStore(dataSource, kit.schema);
    this.slots = new Slots(config.MESSAGING_WORKER_IN_FLIGHT);
    metrics.inFlight = () => this.slots.busy;
  }

  async onApplicationBootstrap(): Promise<void> {
    const stream = streamName(this.kit, 'WORK');
    const jsm = await jetstreamManager(this.nc);
    const config = {
      ack_policy: AckPolicy.Explicit,
      ack_wait: nanos(this.config.MESSAGING_ACK_WAIT_MS),
      // every worker's jobs in flight and in its buffer, with room to spare
      max_ack_pending: 20_000,
      max_deliver: -1,
      filter_subject: prefixed(this.kit, sendMessageWork.subject),
    };
    const exists = await jsm.consumers.info(stream, SEND_DURABLE).then(
      () => true,
      () => false,
    );
    if (exists) await jsm.consumers.update(stream, SEND_DURABLE, config);
    else {
      await jsm.consumers
        .add(stream, { ...config, durable_name: SEND_DURABLE, deliver_policy: DeliverPolicy.All })
        .catch(async (error: unknown) => {
          // another worker created it at the same moment
          if (!(await jsm.consumers.info(stream, SEND_DURABLE).catch(() => null))) throw error;
        });
    }
    const consumer = await jetstream(this.nc).consumers.get(stream, SEND_DURABLE);
    // pulls expire after 5 s (default 30 s): when the consumer's leader node dies its pending pulls die with it, and
    // the client notices only when a pull expires without a heartbeat (sending stalled 21-25 s in cluster-chaos)
    const messages = await consumer.consume({ max_messages: this.slots.size, expires: 5_000 });
    this.messages = messages;
    this.loop = (async () => {
      for await (const message of messages) {
        if (this.stopping) {
          message.nak();
          continue;
        }
        await this.slots.acquire();
        void this.process(message).finally(() => this.slots.release());
      }
    })();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    this.messages?.stop();
    await this.loop;
    await this.slots.idle();
    await this.pacer.close();
  }

  /** One job in a span continuing the trace of its publisher (the reminder run, or the message's outbox row). */
  private process(message: JsMsg): Promise<void> {
    return continueTrace(
      `work ${sendMessageWork.subject}`,
      message.headers,
      { 'messaging.delivery_count': message.info.deliveryCount },
      () => this.processJob(message),
    );
  }

  private async processJob(message: JsMsg): Promise<void> {
    const raw = safeJson(message.string());
    const read = readEvent(sendMessageWork, raw);
    if (!read.ok) {
      await this.giveUp(message, raw, read.reason);
      return;
    }
    const outboundId = read.event.data.outbound_id;
    if (read.event.data.sms_fallback) {
      await this.smsInstead(message, outboundId);
      return;
    }
    try {
      if (message.info.deliveryCount > MAX_DELIVERIES) {
        await this.store.end(outboundId, REMINDER_STATUS.undelivered, `no outcome after ${MAX_DELIVERIES} deliveries`, null, false);
        await this.giveUp(message, raw, `no outcome after ${MAX_DELIVERIES} deliveries`);
        return;
      }
      const claim = await this.store.claim(outboundId, this.config.MESSAGING_CLAIM_LEASE_MS);
      if (claim.kind === 'done' || claim.kind === 'missing') {
        // sent or ended before (a duplicate job or a redelivery after the record), or its organization was purged
        if (claim.kind === 'done') this.metrics.skipped += 1;
        message.ack();
        return;
      }
      if (claim.kind === 'leased') {
        message.nak(claim.leftMs + 100);
        return;
      }
      await this.deliver(message, raw, claim.message);
    } catch (error) {
      // the database, Redis or NATS went away: the job comes back; a held claim passes with its lease
      this.metrics.errors += 1;
      this.log.warn('send job failed, retrying', { outboundId, err: describe(error) });
      message.nak(1_000);
    }
  }

  private async deliver(message: JsMsg, raw: unknown, outbound: ClaimedMessage): Promise<void> {
    const sender = await this.senderOf(outbound.orgaId);
    if (!sender) {
      await this.fail(outbound, REMINDER_STATUS.failed, 'no WhatsApp sender for this organization', false);
      message.ack();
      return;
    }
    const wait = await this.pace(message, sender, outbound.toPhone);
    if (wait > 0) {
      await this.store.release(outbound.id, null, false);
      this.metrics.paced += 1;
      message.nak(wait);
      return;
    }
    let providerMessageId: string;
    let sendTrace: Record<string, string>;
    try {
      // the client span's context goes onto the row: the provider's statuses (its webhook, later) continue it
      ({ providerMessageId, sendTrace } = await inSpan(
        'whatsapp send',
        SpanKind.CLIENT,
        { 'pawline.outbound_id': outbound.id },
        async () => ({ ...(await this.whatsapp.send(sender, outbound.content)), sendTrace: traceCarrier() }),
      ));
    } catch (error) {
      await this.onSendError(message, raw, outbound, sender, error);
      return;
    }
    // tests kill the worker here: the provider has the message, our record does not
    faultPoint('exit-after-provider-send');
    await this.record(message, outbound.id, providerMessageId, sendTrace);
    this.metrics.accepted += 1;
    message.ack();
  }

  /** 0 when the send may go now; otherwise the wait to put the job back for. */
  private async pace(message: JsMsg, sender: SenderCredentials, recipient: string): Promise<number> {
    for (;;) {
      const wait = await this.pacer.take(sender.phoneNumberId, sender.capPerSecond, recipient);
      if (wait === 0) return 0;
      if (wait > this.config.MESSAGING_PACE_MAX_WAIT_MS) return wait;
      message.working();
      await sleep(wait);
    }
  }

  /** The record after the provider's answer: kept trying through a database restart, since giving up would send again. */
  private async record(message: JsMsg, outboundId: string, providerMessageId: string, sendTrace: Record<string, string>): Promise<void> {
    const started = Date.now();
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.store.recordSent(outboundId, this.whatsapp.name, providerMessageId, sendTrace);
        return;
      } catch (error) {
        if (Date.now() - started > 10 * 60_000) throw error;
        this.log.warn('recording a sent message failed, retrying', { outboundId, providerMessageId, attempt, err: describe(error) });
        message.working();
        await sleep(Math.min(500 * attempt, 5_000));
      }
    }
  }

  private async onSendError(
    message: JsMsg,
    raw: unknown,
    outbound: ClaimedMessage,
    sender: SenderCredentials,
    error: unknown,
  ): Promise<void> {
    const kind = error instanceof ProviderSendError ? error.kind : 'transient';
    const reason = describe(error);
    switch (kind) {
      case 'throttled':
      case 'pair_rate': {
        // the provider counts differently from our pacing for a moment: not an attempt, just later
        await this.store.release(outbound.id, reason, false);
        this.metrics.throttled += 1;
        message.nak((error instanceof ProviderSendError ? error.retryAfterMs : null) ?? 1_000);
        return;
      }
      case 'transient': {
        const attempts = await this.store.release(outbound.id, reason, true);
        if (attempts >= this.config.MESSAGING_SEND_MAX_ATTEMPTS) {
          await this.fail(outbound, REMINDER_STATUS.undelivered, `gave up after ${attempts} attempts: ${reason}`, false);
          await this.giveUp(message, raw, `gave up after ${attempts} attempts: ${reason}`);
          return;
        }
        this.metrics.retried += 1;
        message.nak(sendBackoff(attempts));
        return;
      }
      case 'undeliverable': {
        // spec §4 'WhatsApp failed, SMS will be sent'
        const smsId = await this.sendSms(sender, outbound);
        await this.fail(outbound, REMINDER_STATUS.failed, reason, true, smsId);
        message.ack();
        return;
      }
      case 'rejected': {
        await this.fail(outbound, REMINDER_STATUS.failed, reason, true);
        message.ack();
        return;
      }
    }
  }

  /** spec §4 'WhatsApp failed, SMS will be sent' for a message WhatsApp failed after accepting it (the webhook). */
  private async smsInstead(message: JsMsg, outboundId: string): Promise<void> {
    try {
      const taken = await this.store.claimSmsFallback(outboundId);
      if (!taken) {
        message.ack();
        return;
      }
      const sender = await this.senderOf(taken.orgaId);
      const smsId = sender ? await this.sendSms(sender, { toPhone: taken.toPhone, content: taken.content, id: outboundId }) : null;
      await this.store.recordSmsFallback(outboundId, smsId);
      message.ack();
    } catch (error) {
      this.metrics.errors += 1;
      this.log.warn('SMS in place of a failed WhatsApp message: retrying', { outboundId, err: describe(error) });
      message.nak(1_000);
    }
  }

  private async sendSms(sender: SenderCredentials, outbound: Pick<ClaimedMessage, 'id' | 'toPhone' | 'content'>): Promise<string | null> {
    if (!this.sms) return null;
    const text = outbound.content.kind === 'template' ? outbound.content.renderedText : outbound.content.text;
    try {
      const { providerMessageId } = await this.sms.send(sender, { kind: 'text', to: outbound.toPhone, text });
      return providerMessageId;
    } catch (error) {
      this.log.warn('SMS instead of WhatsApp failed', { outboundId: outbound.id, err: describe(error) });
      return null;
    }
  }

  /** Ends the message unsent; its allowance goes back unless an SMS went out in its place. */
  private async fail(
    outbound: ClaimedMessage,
    status: 5 | 6,
    reason: string,
    attempted: boolean,
    smsId: string | null = null,
  ): Promise<void> {
    const ended = await this.store.end(outbound.id, status, reason, smsId, attempted);
    if (status === REMINDER_STATUS.undelivered) this.metrics.undelivered += 1;
    else this.metrics.failed += 1;
    if (ended && smsId === null && COUNTED_KINDS.has(ended.kind)) await this.quota.release(ended.orgaId, 1);
  }

  private async giveUp(message: JsMsg, envelope: unknown, error: string): Promise<void> {
    const eventId = (envelope as { id?: unknown } | null)?.id;
    this.log.error('send job dead-lettered', { subject: message.subject, eventId, deliveries: message.info.deliveryCount, error });
    if (typeof eventId === 'string' && /^[0-9a-f-]{36}$/i.test(eventId)) {
      await this.deadLetters.add({
        durable: SEND_DURABLE,
        eventId,
        subject: sendMessageWork.subject,
        envelope,
        error,
        deliveries: message.info.deliveryCount,
      });
    }
    this.metrics.deadLettered += 1;
    message.term(error.slice(0, 200));
  }

  private async senderOf(orgaId: string): Promise<SenderCredentials | null> {
    const cached = this.senders.get(orgaId);
    if (cached && cached.until > Date.now()) return cached.credentials;
    const credentials = await this.directory.senderFor(orgaId);
    this.senders.set(orgaId, { credentials, until: Date.now() + SENDER_CACHE_MS });
    return credentials;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
