import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { whatsappTemplateStatusChangedEvent, type WhatsappTemplateStatus } from '@pawline/contracts';
import { NoAnchorError, registrationOf, type CloudTemplateStatus, type RegisteredSlot } from '@pawline/domain';
import { OutboxService, PawlineLogger } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { BusinessApiError, WHATSAPP_BUSINESS, type ProviderTemplate, type WhatsAppBusinessApi } from '../ports';
import { rowsOf } from '../inbox/notification.service';
import { SenderService, type ConnectedAccount } from '../sender/sender.service';
import { ReminderSettingsService } from '../settings/reminder-settings.service';
import { wantedTemplates, type OwnTemplate, type WantedTemplate } from './wanted-templates';

export type RegistrationRow = {
  id: string;
  orga_id: string;
  waba_id: string;
  template_key: string;
  name: string;
  language: string;
  category: 'UTILITY' | 'MARKETING';
  version: number;
  body: string;
  slots: RegisteredSlot[];
  button: number;
  provider_template_id: string | null;
  status: WhatsappTemplateStatus;
  reason: string | null;
  reason_detail: string | null;
  status_at: Date;
  created_at: Date;
};

/** A review as Meta reports it (the webhook's message_template_status_update, a poll, the sandbox's review). */
export type TemplateStatusChange = {
  wabaId: string;
  providerTemplateId: string | null;
  name: string;
  language: string;
  status: CloudTemplateStatus;
  reason: string | null;
  detail: string | null;
  /** when Meta says it happened: an older report than the row's does not move it back */
  at: Date;
};

export type SyncResult = { created: number; refused: number; failed: boolean };

const toStatus = (status: CloudTemplateStatus): WhatsappTemplateStatus => status.toLowerCase() as WhatsappTemplateStatus;

/** The own template's status the old list shows (approved, pending, rejected) from its newest version's review. */
const LEGACY_STATUS: Record<WhatsappTemplateStatus, 'approved' | 'pending' | 'rejected'> = {
  approved: 'approved',
  pending: 'pending',
  rejected: 'rejected',
  paused: 'rejected',
  disabled: 'rejected',
  refused: 'rejected',
};

/**
 * Our templates in each salon's WhatsApp Business Account (issue 27): submitted when the account is connected,
 * a language is first used or an own template is saved (sync), their review followed through the webhook and a
 * poll as a fallback (applyStatus, poll), and the approved registration a send uses (approved).
 */
@Injectable()
export class TemplateRegistry {
  private readonly log: PawlineLogger;

  constructor(
    private readonly db: DataSource,
    @Inject(WHATSAPP_BUSINESS) private readonly business: WhatsAppBusinessApi,
    private readonly senders: SenderService,
    private readonly settings: ReminderSettingsService,
    private readonly outbox: OutboxService,
    logger: PawlineLogger,
  ) {
    this.log = logger.child({ context: 'TemplateRegistry' });
  }

  /** The salon's languages: its messages' language and every language its customers have. */
  async languagesOf(orgaId: string): Promise<string[]> {
    const rows = await this.db.query<{ language: string }[]>(
      `SELECT DISTINCT language FROM dir_customer WHERE orga_id = $1 AND language IS NOT NULL AND NOT deleted`,
      [orgaId],
    );
    return [...new Set([(await this.settings.get(orgaId)).language, ...rows.map((row) => row.language)])];
  }

  /** Submits what the account lacks; a passing failure of WhatsApp leaves the account due for the next turn. */
  async sync(orgaId: string): Promise<SyncResult> {
    const account = await this.senders.account(orgaId);
    const result: SyncResult = { created: 0, refused: 0, failed: false };
    if (!account?.wabaId) return result;
    const wabaId = account.wabaId;
    const wanted = wantedTemplates(await this.languagesOf(orgaId), await this.ownTemplates(orgaId));
    const known = new Set(
      (
        await this.db.query<{ name: string; language: string }[]>(
          `SELECT name, language FROM waba_template WHERE orga_id = $1 AND waba_id = $2`,
          [orgaId, wabaId],
        )
      ).map((row) => `${row.name}|${row.language}`),
    );
    for (const template of wanted.filter((w) => !known.has(`${w.name}|${w.language}`))) {
      const outcome = await this.submit(account, template);
      if (outcome === 'created') result.created += 1;
      else if (outcome === 'refused') result.refused += 1;
      else if (outcome === 'failed') {
        result.failed = true;
        break;
      }
    }
    if (!result.failed) {
      await this.db.query(
        `UPDATE messaging_sender SET templates_due = false, templates_synced_at = now() WHERE orga_id = $1 AND waba_id = $2`,
        [orgaId, wabaId],
      );
    }
    return result;
  }

  /** Asks WhatsApp for the registrations still pending (the webhook's fallback); answers how many moved. */
  async poll(orgaId: string): Promise<number> {
    const account = await this.senders.account(orgaId);
    if (!account?.wabaId) return 0;
    const pending = await this.db.query<{ name: string }[]>(
      `SELECT DISTINCT name FROM waba_template WHERE orga_id = $1 AND waba_id = $2 AND status = 'pending'`,
      [orgaId, account.wabaId],
    );
    if (pending.length === 0) return 0;
    const found = await this.business.templates(
      account.accessToken,
      account.wabaId,
      pending.map((row) => row.name),
    );
    let moved = 0;
    await this.db.transaction(async (manager) => {
      for (const template of found) {
        const change = { ...this.changeOf(account.wabaId ?? '', template), at: new Date() };
        if (await this.applyStatus(manager, orgaId, change)) moved += 1;
      }
    });
    return moved;
  }

  /** A review applied in the caller's transaction; answers whether a registration moved. */
  async applyStatus(manager: EntityManager, orgaId: string, change: TemplateStatusChange): Promise<boolean> {
    const status = toStatus(change.status);
    const rows = rowsOf<RegistrationRow>(
      await manager.query<unknown>(
        // Meta's times have whole seconds: a report of the same second as the row's last move is not older
        `UPDATE waba_template SET status = $6, reason = $7, reason_detail = $8, status_at = GREATEST(status_at, $9),
         provider_template_id = COALESCE(provider_template_id, $3)
       WHERE orga_id = $1 AND waba_id = $2 AND (provider_template_id = $3 OR (name = $4 AND language = $5))
         AND date_trunc('second', status_at) <= $9 AND (status <> $6 OR reason IS DISTINCT FROM $7)
       RETURNING *`,
        [
          orgaId,
          change.wabaId,
          change.providerTemplateId,
          change.name,
          change.language,
          status,
          status === 'rejected' || status === 'paused' || status === 'disabled' ? (change.reason?.slice(0, 60) ?? null) : null,
          change.detail?.slice(0, 500) ?? null,
          change.at,
        ],
      ),
    );
    for (const row of rows) {
      await this.outbox.add(
        manager,
        whatsappTemplateStatusChangedEvent,
        { orga_id: orgaId, whatsapp_template_id: row.id, language: row.language, status: row.status },
        { orgaId, storeId: null, actor: null },
      );
      if (row.template_key.startsWith('own:')) {
        // the old list's status follows the template's newest version
        await manager.query(`UPDATE message_template SET status = $3 WHERE id = $1 AND orga_id = $2 AND version = $4`, [
          row.template_key.slice('own:'.length),
          orgaId,
          LEGACY_STATUS[row.status],
          row.version,
        ]);
      }
    }
    return rows.length > 0;
  }

  /** The newest approved registration of a template in a language, in the organization's connected account. */
  async approved(orgaId: string, wabaId: string, key: string, language: string): Promise<RegistrationRow | null> {
    const [row] = await this.db.query<RegistrationRow[]>(
      `SELECT * FROM waba_template WHERE orga_id = $1 AND waba_id = $2 AND template_key = $3 AND language = $4 AND status = 'approved'
       ORDER BY version DESC LIMIT 1`,
      [orgaId, wabaId, key, language],
    );
    return row ?? null;
  }

  /** The newest registration of a template in a language whatever its status (why a send is not possible), or null. */
  async newest(orgaId: string, wabaId: string, key: string, language: string): Promise<RegistrationRow | null> {
    const [row] = await this.db.query<RegistrationRow[]>(
      `SELECT * FROM waba_template WHERE orga_id = $1 AND waba_id = $2 AND template_key = $3 AND language = $4
       ORDER BY version DESC, created_at DESC LIMIT 1`,
      [orgaId, wabaId, key, language],
    );
    return row ?? null;
  }

  /** Every registration of the organization's connected account, newest first per template and language. */
  async list(orgaId: string): Promise<RegistrationRow[]> {
    return this.db.query<RegistrationRow[]>(
      `SELECT t.* FROM waba_template t JOIN messaging_sender s ON s.orga_id = t.orga_id AND s.waba_id = t.waba_id AND s.status = 'connected'
        WHERE t.orga_id = $1 ORDER BY t.template_key, t.language, t.version DESC`,
      [orgaId],
    );
  }

  private async submit(account: ConnectedAccount, template: WantedTemplate): Promise<'created' | 'refused' | 'failed' | 'skipped'> {
    let registration;
    try {
      registration = registrationOf(template, template.anchors);
    } catch (error) {
      // an own template with nothing always filled cannot be registered; saving it is refused (template.service.ts)
      if (error instanceof NoAnchorError) return 'skipped';
      throw error;
    }
    const wabaId = account.wabaId ?? '';
    const row = {
      id: randomUUID(),
      key: template.key,
      version: template.version,
      body: registration.body,
      slots: registration.slots,
      button: template.button,
    };
    try {
      const created = await this.business.createTemplate(account.accessToken, wabaId, registration);
      await this.insert(account.orgaId, wabaId, template, row, created.providerTemplateId, toStatus(created.status), null, null);
      return 'created';
    } catch (error) {
      if (error instanceof BusinessApiError && error.subcode === 2388024) {
        // made before (a turn that stopped half-way): take WhatsApp's record of it
        const [existing] = (await this.business.templates(account.accessToken, wabaId, [template.name])).filter(
          (found) => found.language === template.language,
        );
        if (existing) {
          await this.insert(
            account.orgaId,
            wabaId,
            template,
            row,
            existing.providerTemplateId,
            toStatus(existing.status),
            existing.reason,
            null,
          );
          return 'created';
        }
      }
      if (error instanceof BusinessApiError && error.status >= 400 && error.status < 500 && error.code !== 190 && error.code !== 4) {
        const reason = `${error.code ?? error.status}${error.subcode ? `/${error.subcode}` : ''}`;
        await this.insert(account.orgaId, wabaId, template, row, null, 'refused', reason, error.message);
        this.log.warn('WhatsApp refused a template', { name: template.name, language: template.language, reason });
        return 'refused';
      }
      this.log.warn('submitting a template to WhatsApp failed; the next turn tries again', { name: template.name, err: String(error) });
      return 'failed';
    }
  }

  private async insert(
    orgaId: string,
    wabaId: string,
    template: WantedTemplate,
    row: { id: string; key: string; version: number; body: string; slots: RegisteredSlot[]; button: number },
    providerTemplateId: string | null,
    status: WhatsappTemplateStatus,
    reason: string | null,
    detail: string | null,
  ): Promise<void> {
    await this.db.query(
      `INSERT INTO waba_template (id, orga_id, waba_id, template_key, name, language, category, version, body, slots, button,
         provider_template_id, status, reason, reason_detail)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       ON CONFLICT (orga_id, waba_id, name, language) DO NOTHING`,
      [
        row.id,
        orgaId,
        wabaId,
        row.key,
        template.name,
        template.language,
        template.category,
        row.version,
        row.body,
        JSON.stringify(row.slots),
        row.button,
        providerTemplateId,
        status,
        reason?.slice(0, 60) ?? null,
        detail?.slice(0, 500) ?? null,
      ],
    );
    if (status !== 'pending') {
      await this.db.transaction((manager) =>
        this.outbox.add(
          manager,
          whatsappTemplateStatusChangedEvent,
          { orga_id: orgaId, whatsapp_template_id: row.id, language: template.language, status },
          { orgaId, storeId: null, actor: null },
        ),
      );
    }
  }

  private changeOf(wabaId: string, template: ProviderTemplate): Omit<TemplateStatusChange, 'at'> {
    return {
      wabaId,
      providerTemplateId: template.providerTemplateId,
      name: template.name,
      language: template.language,
      status: template.status,
      reason: template.reason,
      detail: null,
    };
  }

  private async ownTemplates(orgaId: string): Promise<OwnTemplate[]> {
    return this.db.query<OwnTemplate[]>(
      `SELECT id, template_type, template_text, variables_str, button, language, version FROM message_template WHERE orga_id = $1`,
      [orgaId],
    );
  }
}
