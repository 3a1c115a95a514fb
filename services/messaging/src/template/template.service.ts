import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { MessageTemplate, RpcRequest } from '@pawline/contracts';
import { createMessageTemplateRpc } from '@pawline/contracts';
import {
  BUILT_IN_TEMPLATES,
  builtInTemplate,
  builtInTemplateById,
  builtInTemplateId,
  templateProblems,
  type BuiltInTemplate,
  type MessageLanguage,
  type TemplateTypeNumber,
} from '@pawline/domain';
import { RpcError } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';

export type TemplateFields = Omit<RpcRequest<typeof createMessageTemplateRpc>, 'orga_id'>;

type TemplateRow = {
  id: string;
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

const COLUMNS = `id, orga_id, template_type, name, title, template_text, variables_str, button, frequency, status, language, updated_at`;

/** Which setting columns name a template of which type (deleting a template sends them back to the built-in one). */
export const SETTING_TEMPLATE_COLUMNS: Record<number, string | null> = {
  0: 'message_template',
  1: 'birthday_template',
  2: 'reminder_to_book_template',
  3: null,
  4: 'pre_appointment_template',
};

export function builtInView(template: BuiltInTemplate): MessageTemplate {
  return { ...template, orga_id: null, status: 'approved', built_in: true, updated_at: null };
}

function rowView(row: TemplateRow): MessageTemplate {
  return {
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

/** R3.13 an own template must be one WhatsApp accepts; its problems are the fields' errors. */
function checkFields(fields: TemplateFields): void {
  const problems = templateProblems(fields);
  if (problems.length === 0) return;
  const field =
    problems.includes('unknown_variable') || problems.includes('placeholder_count_mismatch') ? 'variables_str' : 'template_text';
  throw new RpcError('validation_failed', { fields: { [field]: problems.join(', ') } });
}

/** Built-in templates (libs/domain) and the organization's own (message_template). */
@Injectable()
export class TemplateService {
  constructor(private readonly db: DataSource) {}

  async list(orgaId: string): Promise<MessageTemplate[]> {
    const rows = await this.db.query<TemplateRow[]>(
      `SELECT ${COLUMNS} FROM message_template WHERE orga_id = $1 ORDER BY template_type, created_at, id`,
      [orgaId],
    );
    return [...BUILT_IN_TEMPLATES.map(builtInView), ...rows.map(rowView)];
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

  /** The template to send for a type: the chosen one when approved, else the built-in one in the language. */
  async sendable(orgaId: string, templateId: string, type: TemplateTypeNumber, language: MessageLanguage): Promise<MessageTemplate> {
    const chosen = await this.visible(orgaId, templateId);
    if (chosen && chosen.template_type === type && chosen.status === 'approved') return chosen;
    return builtInView(builtInTemplate(type, language));
  }

  async create(orgaId: string, fields: TemplateFields): Promise<MessageTemplate> {
    checkFields(fields);
    const id = randomUUID();
    const [row] = await this.db.query<TemplateRow[]>(
      `INSERT INTO message_template (id, orga_id, template_type, name, title, template_text, variables_str, button, frequency, status, language)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10) RETURNING ${COLUMNS}`,
      [
        id,
        orgaId,
        fields.template_type,
        `pawline_${id.replace(/-/g, '').slice(0, 20)}`,
        fields.title,
        fields.template_text,
        fields.variables_str,
        fields.button,
        fields.frequency,
        fields.language,
      ],
    );
    return rowView(row);
  }

  /** Built-in templates are not the organization's to change: not_found. A change goes back to review. */
  async update(orgaId: string, templateId: string, fields: TemplateFields): Promise<MessageTemplate> {
    checkFields(fields);
    const [rows] = await this.db.query<[TemplateRow[], number]>(
      `UPDATE message_template SET template_type = $3, title = $4, template_text = $5, variables_str = $6, button = $7, frequency = $8,
         language = $9, status = 'pending', updated_at = now()
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
      ],
    );
    const row = rows[0];
    if (!row) throw new RpcError('not_found');
    // a template that changed type no longer fits the setting that chose it
    await this.unchoose(this.db.manager, orgaId, templateId, fields.template_type);
    return rowView(row);
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

  /** Sandbox review: own templates pending for longer than the delay are approved (the real provider's review is WhatsApp's). */
  async approvePendingOlderThan(manager: EntityManager, before: Date): Promise<number> {
    const [, count] = await manager.query<[unknown, number]>(
      `UPDATE message_template SET status = 'approved', updated_at = now() WHERE status = 'pending' AND updated_at <= $1`,
      [before],
    );
    return count;
  }
}
