import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { PawlineLogger, RpcError, SERVICE_CONFIG } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import type { MessagingConfig } from '../messaging.config';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { SENDER_DIRECTORY, type SenderDirectory } from '../ports';
import { TemplateRegistry } from '../registry/template-registry.service';
import { SenderService } from '../sender/sender.service';
import { ProviderEventsService } from './provider-events.service';
import { readTemplateStatuses, readWhatsAppWebhook, secretEquals, signatureMatches, type ValueError } from './whatsapp-webhook';

export type WebhookOutcome = { statuses: number; messages: number; templates: number; errors: number; ignored: number };

/** The WhatsApp webhook: the subscription challenge, and signed POSTs turned into our events. */
@Injectable()
export class WhatsAppWebhookService {
  private readonly log: PawlineLogger;
  private directory: SenderDirectory | null = null;
  private templateRegistry: TemplateRegistry | null = null;
  private senderService: SenderService | null = null;

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
      return { statuses: 0, messages: 0, templates: 0, errors: 0, ignored: 1 };
    }
    const changes = readWhatsAppWebhook(body);
    const orgaOf = new Map<string, string | null>();
    for (const change of changes) {
      if (!orgaOf.has(change.phoneNumberId))
        orgaOf.set(change.phoneNumberId, await this.senders().orgaOfPhoneNumberId(change.phoneNumberId));
    }
    const templates = readTemplateStatuses(body);
    const orgaOfWaba = new Map<string, string | null>();
    for (const report of templates) {
      if (!orgaOfWaba.has(report.wabaId)) orgaOfWaba.set(report.wabaId, await this.accounts().orgaOfWaba(report.wabaId));
    }
    const outcome: WebhookOutcome = { statuses: 0, messages: 0, templates: 0, errors: 0, ignored: 0 };
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
          outcome.ignored += change.statuses.length + change.messages.length + change.errors.length;
          continue;
        }
        const result = await this.events.publish(manager, orgaId, change.statuses, change.messages);
        outcome.ignored += result.repeated;
        outcome.statuses += result.statuses;
        outcome.messages += result.messages;
        outcome.errors += await this.recordErrors(manager, orgaId, change.phoneNumberId, change.errors);
      }
      for (const report of templates) {
        const orgaId = orgaOfWaba.get(report.wabaId);
        if (orgaId && (await this.registry().applyStatus(manager, orgaId, report))) outcome.templates += 1;
        else outcome.ignored += 1;
      }
    });
    return outcome;
  }

  /** value.errors[]: Meta tells of a number's trouble without a message of ours; kept for the number's page and logged. */
  private async recordErrors(manager: EntityManager, orgaId: string, phoneNumberId: string, errors: ValueError[]): Promise<number> {
    for (const error of errors) {
      this.log.warn('WhatsApp reported an error about a number', {
        orgaId,
        phone_number_id: phoneNumberId,
        code: error.code,
        title: error.title,
      });
      await manager.query(
        `INSERT INTO whatsapp_account_error (id, orga_id, phone_number_id, code, title, details, at) VALUES ($1, $2, $3, $4, $5, $6, now())`,
        [randomUUID(), orgaId, phoneNumberId, error.code, error.title.slice(0, 300), error.details?.slice(0, 500) ?? null],
      );
    }
    return errors.length;
  }

  private registry(): TemplateRegistry {
    const registry: TemplateRegistry =
      this.templateRegistry ?? this.modules.get<TemplateRegistry, TemplateRegistry>(TemplateRegistry, { strict: false });
    this.templateRegistry = registry;
    return registry;
  }

  private accounts(): SenderService {
    const senders: SenderService = this.senderService ?? this.modules.get<SenderService, SenderService>(SenderService, { strict: false });
    this.senderService = senders;
    return senders;
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
