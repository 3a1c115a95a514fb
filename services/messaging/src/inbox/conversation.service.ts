import { Inject, Injectable } from '@nestjs/common';
import { CONVERSATION_PAGE_SIZE, REPLY_WINDOW_MS, type ConversationPage } from '@pawline/contracts';
import { RpcError, type StoreScope } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import {
  DIRECTORY,
  OUTBOUND_SENDER,
  TEMPLATE_COMPOSER,
  type Directory,
  isRefusal,
  type ComposedReminder,
  type DirectoryCustomer,
  type OutboundSender,
  type TemplateComposer,
} from '../ports';
import { ReminderSettingsService } from '../settings/reminder-settings.service';
import { ATTACHMENT_COLUMNS, toAttachment, type AttachmentRow } from './answer-rows';

type EntryRow = {
  id: string;
  direction: 'in' | 'out';
  time: Date;
  text: string;
  kind: string;
  status: number | null;
  attachments: number;
  reason: string | null;
};

/** The end of WhatsApp's 24-hour window opened by the customer's last message, or null when it is closed. */
export function replyWindowUntil(lastInbound: Date | null, now: Date): Date | null {
  if (!lastInbound) return null;
  const until = new Date(lastInbound.getTime() + REPLY_WINDOW_MS);
  return until.getTime() > now.getTime() ? until : null;
}

/** A customer's conversation and the staff's replies to it (through the OutboundSender: the worker's pacing and statuses). */
@Injectable()
export class ConversationService {
  constructor(
    private readonly db: DataSource,
    @Inject(DIRECTORY) private readonly directory: Directory,
    @Inject(OUTBOUND_SENDER) private readonly sender: OutboundSender,
    @Inject(TEMPLATE_COMPOSER) private readonly templates: TemplateComposer,
    private readonly settings: ReminderSettingsService,
  ) {}

  /** Their messages and ours, newest first, keyset on (time, id). */
  async list(scope: StoreScope, customerId: string, lastTime: string | null, lastId: string | null): Promise<ConversationPage> {
    await this.visibleCustomer(scope, customerId);
    const params: unknown[] = [scope.orgaId, customerId];
    let after = '';
    if (lastTime) {
      params.push(lastTime, lastId ?? 'ffffffff-ffff-ffff-ffff-ffffffffffff');
      after = `WHERE (time, id) < ($3::timestamptz, $4::uuid)`;
    }
    const rows = await this.db.query<EntryRow[]>(
      `SELECT * FROM (
         SELECT id, 'in' AS direction, answer_time AS time, text, kind, NULL::smallint AS status, attachments, NULL::varchar AS reason
           FROM message_answer WHERE orga_id = $1 AND customer_id = $2
         UNION ALL
         SELECT id, 'out' AS direction, created_at AS time,
                COALESCE(content->>'renderedText', content->>'text', '') AS text, kind, status, -1 AS attachments,
                reason_code AS reason
           FROM outbound_message WHERE orga_id = $1 AND customer_id = $2
       ) entries ${after}
       ORDER BY time DESC, id DESC LIMIT ${CONVERSATION_PAGE_SIZE}`,
      params,
    );
    const withFiles = rows.filter((row) => row.direction === 'in' && row.attachments >= 0).map((row) => row.id);
    const files = withFiles.length
      ? await this.db.query<AttachmentRow[]>(
          `SELECT ${ATTACHMENT_COLUMNS} FROM attachment WHERE sector = 'msg' AND subject_id = ANY($1::uuid[]) ORDER BY subject_id, sequence`,
          [withFiles],
        )
      : [];
    const until = replyWindowUntil(await this.lastInbound(scope.orgaId, customerId), new Date());
    return {
      entries: rows.map((row) => ({
        id: row.id,
        direction: row.direction,
        time: row.time.toISOString(),
        text: row.text,
        kind: row.kind,
        status: row.status,
        attachments: row.attachments,
        reason: row.reason,
      })),
      attachments: files.map(toAttachment),
      reply_window_until: until ? until.toISOString() : null,
    };
  }

  /** Free text only inside the 24-hour window (WhatsApp refuses it outside: a template is needed). */
  async reply(scope: StoreScope, customerId: string, text: string): Promise<{ outbound_id: string }> {
    const customer = await this.visibleCustomer(scope, customerId);
    if (!replyWindowUntil(await this.lastInbound(scope.orgaId, customerId), new Date())) throw new RpcError('reply_window_closed');
    const outboundId = await this.sender.enqueue({
      orgaId: scope.orgaId,
      storeId: customer.storeId,
      kind: 'reply',
      customerId,
      content: { kind: 'text', to: this.phoneOf(customer), text },
    });
    return { outbound_id: outboundId };
  }

  /**
   * A template to the customer at any time. An appointment template (types 0, 4) needs one of the customer's
   * appointments: its date and time fill it and its buttons confirm it. A template WhatsApp has not approved
   * in the customer's or the salon's language is refused with the reason (template_pending …).
   */
  async template(
    scope: StoreScope,
    customerId: string,
    templateId: string,
    addition: string,
    appointmentId: string | null,
  ): Promise<{ outbound_id: string }> {
    const customer = await this.visibleCustomer(scope, customerId);
    const to = this.phoneOf(customer);
    const composed = await this.templates.composeForCustomer({
      orgaId: scope.orgaId,
      storeId: customer.storeId,
      customerId,
      templateId,
      addition,
      appointmentId,
    });
    if (!composed) throw new RpcError('not_found', { fields: { template_id: 'errors.not_found' } });
    // the reason as a text key (messages.reason_*), which the composer says in the user's language
    if (isRefusal(composed)) throw new RpcError('validation_failed', { fields: { template_id: `messages.reason_${composed.refused}` } });
    const outboundId = await this.sender.enqueue({
      orgaId: scope.orgaId,
      storeId: customer.storeId,
      kind: 'reply',
      customerId,
      appointmentId,
      // the sender fills the button payloads with the outbound id it writes (buttonPayloadsFor)
      content: { ...withoutRegistration(composed), kind: 'template', to, buttonPayloads: [] },
    });
    return { outbound_id: outboundId };
  }

  /**
   * Issue 27: one appointment's reminder now, from its dialog: the salon's appointment reminder (its template and
   * free text), to the customer whose pets it is for, with consent to reminders. Written as a reminder, linked to
   * the appointment, so its status shows on the card and a tap confirms it.
   */
  async remindNow(scope: StoreScope, appointmentId: string): Promise<{ outbound_id: string }> {
    const [owner] = await this.db.query<{ customer_id: string; store_id: string }[]>(
      `SELECT p.customer_id, a.store_id FROM dir_appointment a
         JOIN dir_appointment_pet ap ON ap.appointment_id = a.appointment_id
         JOIN dir_pet p ON p.pet_id = ap.pet_id AND NOT p.deleted
        WHERE a.appointment_id = $1 AND a.orga_id = $2 AND NOT a.deleted
        ORDER BY p.customer_id LIMIT 1`,
      [appointmentId, scope.orgaId],
    );
    if (!owner || (scope.storeFilter !== null && owner.store_id !== scope.storeFilter)) throw new RpcError('not_found');
    const customer = await this.visibleCustomer(scope, owner.customer_id);
    if (!customer.consentMessages || !customer.consentReminders) {
      throw new RpcError('validation_failed', { fields: { appointment_id: 'validation.noReminderConsent' } });
    }
    const to = this.phoneOf(customer);
    const settings = await this.settings.get(scope.orgaId);
    const composed = await this.templates.composeForCustomer({
      orgaId: scope.orgaId,
      storeId: owner.store_id,
      customerId: customer.customerId,
      templateId: settings.message_template,
      addition: settings.message_template_addition,
      appointmentId,
    });
    if (!composed) throw new RpcError('validation_failed', { fields: { appointment_id: 'validation.phone' } });
    // a field carries a text key (as validation.* above), never the bare reason a person could not read
    if (isRefusal(composed)) throw new RpcError('validation_failed', { fields: { appointment_id: `messages.reason_${composed.refused}` } });
    const outboundId = await this.sender.enqueue({
      orgaId: scope.orgaId,
      storeId: owner.store_id,
      kind: 'reminder',
      customerId: customer.customerId,
      appointmentId,
      templateType: 0,
      content: { ...withoutRegistration(composed), kind: 'template', to, buttonPayloads: [] },
    });
    return { outbound_id: outboundId };
  }

  private phoneOf(customer: DirectoryCustomer): string {
    if (!customer.phone) throw new RpcError('validation_failed', { fields: { customer_id: 'validation.phone' } });
    return customer.phone;
  }

  /** The customer must be the organization's and (without share_pets) the store's (R6.08). */
  private async visibleCustomer(scope: StoreScope, customerId: string): Promise<DirectoryCustomer> {
    const customer = await this.directory.customer(scope.orgaId, customerId);
    if (!customer || customer.orgaId !== scope.orgaId) throw new RpcError('not_found');
    if (scope.storeFilter !== null && customer.storeId !== scope.storeFilter) throw new RpcError('not_found');
    return customer;
  }

  private async lastInbound(orgaId: string, customerId: string): Promise<Date | null> {
    const [row] = await this.db.query<{ at: Date | null }[]>(
      `SELECT max(answer_time) AS at FROM message_answer WHERE orga_id = $1 AND customer_id = $2`,
      [orgaId, customerId],
    );
    return row?.at ?? null;
  }
}

function withoutRegistration(message: ComposedReminder): Omit<ComposedReminder, 'registrationId'> {
  const { registrationId: _registration, ...rest } = message;
  return rest;
}
