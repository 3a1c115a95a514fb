import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { MessageTemplate, RpcRequest, WhatsappTemplateStatus } from '@pawline/contracts';
import { createMessageTemplateRpc } from '@pawline/contracts';
import {
  BUILT_IN_TEMPLATES,
  NoAnchorError,
  builtInTemplateById,
  builtInTemplateId,
  registeredTemplate,
  templateProblems,
  type BuiltInTemplate,
  type MessageLanguage,
  type TemplateTypeNumber,
} from '@pawline/domain';
import { RpcError } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { anchorsOfType, categoryOfType, ownTemplateName } from '../registry/wanted-templates';
import { SenderService } from '../sender/sender.service';

export type TemplateFields = Omit<RpcRequest<typeof createMessageTemplateRpc>, 'orga_id'>;

type TemplateRow = {
  id: string;
  version: number;
  orga_id: string;
  template_type: number;
  name: string;
  title: string;
  template_text: string;
  variables_str: string;
  button: number;
  frequency: string | null;
  status: string;
  language: string;
  updated_at: Date;
};

const COLUMNS = `id, orga_id, template_type, name, title, template_text, variables_str, button, frequency, status, language, version, updated_at`;

type Registration = {
  template_key: string;
  language: string;
  status: WhatsappTemplateStatus;
  reason: string | null;
  reason_detail: string | null;
  name: string;
  version: number;
};

/** The newest registration of each template and language in the organization's connected WhatsApp account. */
async function registrationsOf(db: Pick<EntityManager, 'query'>, orgaId: string): Promise<Map<string, Registration>> {
  const rows = await db.query<Registration[]>(
    `SELECT DISTINCT ON (t.template_key, t.language) t.template_key, t.language, t.status, t.reason, t.reason_detail, t.name, t.version
       FROM waba_template t JOIN messaging_sender s ON s.orga_id = t.orga_id AND s.waba_id = t.waba_id AND s.status = 'connected'
      WHERE t.orga_id = $1 ORDER BY t.template_key, t.language, t.version DESC, t.created_at DESC`,
    [orgaId],
  );
  return new Map(rows.map((row) => [`${row.template_key}|${row.language}`, row]));
}

function summaryOf(registration: Registration | undefined): MessageTemplate['whatsapp'] {
  if (!registration) return null;
  const { status, reason, reason_detail, name, version } = registration;
  return { status, reason, reason_detail, name, version };
}

/** Which setting columns name a template of which type (deleting a template sends them back to the built-in one). */
export const SETTING_TEMPLATE_COLUMNS: Record<number, string | null> = {
  0: 'message_template',
  1: 'birthday_template',
  2: 'reminder_to_book_template',
  3: null,
  4: 'pre_appointment_template',
};

/** A built-in template: 'approved' unless the salon's WhatsApp account says otherwise (its registration). */
export function builtInView(template: BuiltInTemplate, registration?: Registration): MessageTemplate {
  const { category, ...fields } = template;
  const status =
    !registration || registration.status === 'approved' ? 'approved' : registration.status === 'pending' ? 'pending' : 'rejected';
  return { ...fields, category, orga_id: null, status, built_in: true, updated_at: null, whatsapp: summaryOf(registration) };
}

function rowView(row: TemplateRow, registration?: Registration): MessageTemplate {
  return {
    category: categoryOfType(row.template_type),
    version: row.version,
    whatsapp: summaryOf(registration),
    id: row.id,
    orga_id: row.orga_id,
    template_type: row.template_type,
    name: row.name,
    title: row.title,
    template_text: row.template_text,
    variables_str: row.variables_str,
    button: row.button as MessageTemplate['button'],
    frequency: row.frequency as MessageTemplate['frequency'],
    status: row.status as MessageTemplate['status'],
    language: row.language as MessageTemplate['language'],
    built_in: false,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/**
 * R3.13 an own template must be one WhatsApp accepts; its problems are the fields' errors. It also needs a
 * variable that is always filled (a name, the store, or an appointment's date and time), since a parameter may
 * not be empty and the others fold into one of those (registered-template.ts).
 */
function checkFields(fields: TemplateFields): void {
  const problems = templateProblems(fields);
  if (problems.length === 0) {
    try {
      registeredTemplate(fields, anchorsOfType(fields.template_type));
      return;
    } catch (error) {
      if (!(error instanceof NoAnchorError)) throw error;
      throw new RpcError('validation_failed', { fields: { variables_str: 'needs_fixed_variable' } });
    }
  }
  const field =
    problems.includes('unknown_variable') || problems.includes('placeholder_count_mismatch') ? 'variables_str' : 'template_text';
  throw new RpcError('validation_failed', { fields: { [field]: problems.join(', ') } });
}

/** Built-in templates (libs/domain) and the organization's own (message_template). */
@Injectable()
export class TemplateService {
  constructor(
    private readonly db: DataSource,
    private readonly senders: SenderService,
  ) {}

  async list(orgaId: string): Promise<MessageTemplate[]> {
    const rows = await this.db.query<TemplateRow[]>(
      `SELECT ${COLUMNS} FROM message_template WHERE orga_id = $1 ORDER BY template_type, created_at, id`,
      [orgaId],
    );
    const registrations = await registrationsOf(this.db, orgaId);
    return [
      ...BUILT_IN_TEMPLATES.map((template) =>
        builtInView(template, registrations.get(`type:${template.template_type}|${template.language}`)),
      ),
      ...rows.map((row) => rowView(row, registrations.get(`own:${row.id}|${row.language}`))),
    ];
  }

  /** A template the organization may use: a built-in one or its own; null otherwise (another organization's looks absent). */
  async visible(orgaId: string, templateId: string, manager: EntityManager = this.db.manager): Promise<MessageTemplate | null> {
    const builtIn = builtInTemplateById(templateId);
    if (builtIn) return builtInView(builtIn);
    const [row] = await manager.query<TemplateRow[]>(`SELECT ${COLUMNS} FROM message_template WHERE id = $1 AND orga_id = $2`, [
      templateId,
      orgaId,
    ]);
    return row ? rowView(row) : null;
  }

  /** A new own template: pending until WhatsApp approves it in the salon's account (the registry submits it). */
  async create(orgaId: string, fields: TemplateFields): Promise<MessageTemplate> {
    checkFields(fields);
    const id = randomUUID();
    return this.db.transaction(async (manager) => {
      const [row] = await manager.query<TemplateRow[]>(
        `INSERT INTO message_template (id, orga_id, template_type, name, title, template_text, variables_str, button, frequency, status, language, version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, 1) RETURNING ${COLUMNS}`,
        [
          id,
          orgaId,
          fields.template_type,
          ownTemplateName(id, 1),
          fields.title,
          fields.template_text,
          fields.variables_str,
          fields.button,
          fields.frequency,
          fields.language,
        ],
      );
      await this.senders.markTemplatesDue(manager, orgaId);
      return rowView(row);
    });
  }

  /**
   * Built-in templates are not the organization's to change: not_found. A change of what WhatsApp reviews (text,
   * variables, buttons, type, language) is a new version under a new name, pending review, while an approved
   * earlier version keeps being sent until it is replaced; a new title alone changes nothing at WhatsApp.
   */
  async update(orgaId: string, templateId: string, fields: TemplateFields): Promise<MessageTemplate> {
    checkFields(fields);
    return this.db.transaction(async (manager) => {
      const [current] = await manager.query<TemplateRow[]>(
        `SELECT ${COLUMNS} FROM message_template WHERE id = $1 AND orga_id = $2 FOR UPDATE`,
        [templateId, orgaId],
      );
      if (!current) throw new RpcError('not_found');
      const reviewed = (row: Pick<TemplateRow, 'template_type' | 'template_text' | 'variables_str' | 'button' | 'language'>) =>
        JSON.stringify([row.template_type, row.template_text, row.variables_str, row.button, row.language]);
      const changed = reviewed(current) !== reviewed(fields);
      const version = changed ? current.version + 1 : current.version;
      const [rows] = await manager.query<[TemplateRow[], number]>(
        `UPDATE message_template SET template_type = $3, title = $4, template_text = $5, variables_str = $6, button = $7, frequency = $8,
           language = $9, version = $10, name = $11, status = CASE WHEN $12 THEN 'pending' ELSE status END, updated_at = now()
         WHERE id = $1 AND orga_id = $2 RETURNING ${COLUMNS}`,
        [
          templateId,
          orgaId,
          fields.template_type,
          fields.title,
          fields.template_text,
          fields.variables_str,
          fields.button,
          fields.frequency,
          fields.language,
          version,
          ownTemplateName(templateId, version),
          changed,
        ],
      );
      if (changed) await this.senders.markTemplatesDue(manager, orgaId);
      // a template that changed type no longer fits the setting that chose it
      await this.unchoose(manager, orgaId, templateId, fields.template_type);
      return rowView(rows[0], (await registrationsOf(manager, orgaId)).get(`own:${templateId}|${fields.language}`));
    });
  }

  async remove(orgaId: string, templateId: string): Promise<{ deleted: true; template_id: string }> {
    return this.db.transaction(async (manager) => {
      const [rows] = await manager.query<[{ template_type: number }[], number]>(
        `DELETE FROM message_template WHERE id = $1 AND orga_id = $2 RETURNING template_type`,
        [templateId, orgaId],
      );
      if (!rows[0]) throw new RpcError('not_found');
      await this.unchoose(manager, orgaId, templateId, null);
      return { deleted: true as const, template_id: templateId };
    });
  }

  /** Settings naming the template for a type it no longer is (or no longer exists: keptType null) go back to the built-in one. */
  private async unchoose(manager: EntityManager, orgaId: string, templateId: string, keptType: number | null): Promise<void> {
    for (const [type, column] of Object.entries(SETTING_TEMPLATE_COLUMNS)) {
      if (!column || Number(type) === keptType) continue;
      const rows = await manager.query<{ language: MessageLanguage }[]>(
        `SELECT language FROM reminder_settings WHERE orga_id = $1 AND ${column} = $2 FOR UPDATE`,
        [orgaId, templateId],
      );
      for (const row of rows) {
        const fallback = builtInTemplateId(Number(type) as TemplateTypeNumber, row.language);
        await manager.query(`UPDATE reminder_settings SET ${column} = $2, updated_at = now() WHERE orga_id = $1`, [orgaId, fallback]);
      }
    }
  }
}
