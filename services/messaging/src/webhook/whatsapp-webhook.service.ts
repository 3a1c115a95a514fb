import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { PawlineLogger, RpcError, SERVICE_CONFIG } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import type { MessagingConfig } from '../messaging.config';
import { SENDER_DIRECTORY, type SenderDirectory } from '../ports';
import { ProviderEventsService } from './provider-events.service';
import { readWhatsAppWebhook, secretEquals, signatureMatches } from './whatsapp-webhook';

export type WebhookOutcome = { statuses: number; messages: number; ignored: number };

/** The WhatsApp webhook: the subscription challenge, and signed POSTs turned into our events. */
@Injectable()
export class WhatsAppWebhookService {
  private readonly log: PawlineLogger;
  private directory: SenderDirectory | null = null;

  constructor(
    private readonly db: DataSource,
    private readonly events: ProviderEventsService,
    private readonly modules: ModuleRef,
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
    logger: PawlineLogger,
  ) {
    this.log = logger.child({ context: 'WhatsAppWebhook' });
  }

  /** Meta's GET when the webhook is registered: echo the challenge only for our verify token. */
  verify(mode: string, verifyToken: string, challenge: string): { challenge: string } {
    const expected = this.config.WHATSAPP_VERIFY_TOKEN;
    if (mode !== 'subscribe' || !expected || !secretEquals(verifyToken, expected)) throw new RpcError('forbidden');
    return { challenge };
  }

  /** Checks the signature on the raw bytes, then publishes each status and message once. */
  async receive(raw: Buffer, signature: string | null): Promise<WebhookOutcome> {
    const secret = this.config.WHATSAPP_APP_SECRET;
    if (!secret) {
      this.log.warn('a WhatsApp webhook arrived but WHATSAPP_APP_SECRET is not set: refused');
      throw new RpcError('forbidden');
    }
    if (signature === null || signature === '') throw new RpcError('unauthorized');
    if (!signatureMatches(secret, raw, signature)) {
      this.log.warn('a WhatsApp webhook with a wrong X-Hub-Signature-256 was refused');
      throw new RpcError('forbidden');
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      // signed by Meta yet unreadable: a retry would not help, so it is acknowledged and logged
      this.log.warn('a signed WhatsApp webhook is not JSON: ignored');
      return { statuses: 0, messages: 0, ignored: 1 };
    }
    const changes = readWhatsAppWebhook(body);
    const orgaOf = new Map<string, string | null>();
    for (const change of changes) {
      if (!orgaOf.has(change.phoneNumberId))
        orgaOf.set(change.phoneNumberId, await this.senders().orgaOfPhoneNumberId(change.phoneNumberId));
    }
    const outcome: WebhookOutcome = { statuses: 0, messages: 0, ignored: 0 };
    await this.db.transaction(async (manager) => {
      for (const change of changes) {
        outcome.ignored += change.skipped;
        const orgaId = orgaOf.get(change.phoneNumberId);
        if (!orgaId) {
          this.log.warn('a WhatsApp webhook for a phone number id no organization has: ignored', {
            phone_number_id: change.phoneNumberId,
            statuses: change.statuses.length,
            messages: change.messages.length,
          });
          outcome.ignored += change.statuses.length + change.messages.length;
          continue;
        }
        const result = await this.events.publish(manager, orgaId, change.statuses, change.messages);
        outcome.ignored += result.repeated;
        outcome.statuses += result.statuses;
        outcome.messages += result.messages;
      }
    });
    return outcome;
  }

  /**
   * The sender directory (../sender), looked up when the first webhook arrives rather than injected,
   * so the webhook does not depend on the module that registers it.
   */
  private senders(): SenderDirectory {
    this.directory ??= this.modules.get<SenderDirectory>(SENDER_DIRECTORY, { strict: false });
    return this.directory;
  }
}
