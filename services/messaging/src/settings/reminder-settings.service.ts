import { Injectable } from '@nestjs/common';
import type { ReminderSettings, RpcRequest } from '@pawline/contracts';
import { REMINDER_OFF, REMINDER_ON, updateReminderSettingsRpc } from '@pawline/contracts';
import {
  DEFAULT_MSG_SLOT,
  PRE_APPOINTMENT_DAYS_MIN,
  builtInTemplateId,
  normalizePreAppointmentDays,
  type MessageLanguage,
  type TemplateTypeNumber,
} from '@pawline/domain';
import { RpcError } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { TemplateService } from '../template/template.service';

export type SettingsFields = Omit<RpcRequest<typeof updateReminderSettingsRpc>, 'orga_id'>;

/** The organization's country decides the customers' language until someone chooses one. */
export function languageOfCountry(country: string | null | undefined): MessageLanguage {
  switch ((country ?? '').toUpperCase()) {
    case 'IT':
      return 'it';
    case 'DE':
    case 'AT':
    case 'CH':
      return 'de';
    case 'FR':
      return 'fr';
    default:
      return 'en';
  }
}

/** R1.06 / R9.03 defaults: the appointment reminder on at 12:00 the day before; the others off; pre-appointment 2 days. */
export function defaultSettings(orgaId: string, language: MessageLanguage): ReminderSettings {
  return {
    orga_id: orgaId,
    appointment_reminder_enabled: REMINDER_ON,
    message_template: builtInTemplateId(0, language),
    msg_slot: DEFAULT_MSG_SLOT,
    message_template_addition: '',
    pre_appointment_reminder_enabled: REMINDER_OFF,
    pre_appointment_template: builtInTemplateId(4, language),
    pre_appointment_msg_slot: DEFAULT_MSG_SLOT,
    pre_appointment_days: PRE_APPOINTMENT_DAYS_MIN,
    pre_appointment_template_additions: '',
    birthday_enabled: REMINDER_OFF,
    birthday_template: builtInTemplateId(1, language),
    birthday_msg_slot: DEFAULT_MSG_SLOT,
    reminder_to_book_enabled: REMINDER_OFF,
    reminder_to_book_template: builtInTemplateId(2, language),
    reminder_to_book_msg_slot: DEFAULT_MSG_SLOT,
    reminder_to_book_frequency: 'quarterly',
    language,
    auto_msg: true,
    updated_at: null,
  };
}

/** The settings after a change: R5.12 pre-appointment days below 2 become 2. Pure. */
export function applySettingsChange(current: ReminderSettings, change: SettingsFields): ReminderSettings {
  const next: ReminderSettings = { ...current };
  for (const [key, value] of Object.entries(change)) {
    if (value !== undefined) (next as Record<string, unknown>)[key] = value;
  }
  next.pre_appointment_days = normalizePreAppointmentDays(next.pre_appointment_days);
  return next;
}

/** Which template setting holds which type. */
const TEMPLATE_SETTINGS: [keyof ReminderSettings & `${string}template`, TemplateTypeNumber][] = [
  ['message_template', 0],
  ['birthday_template', 1],
  ['reminder_to_book_template', 2],
  ['pre_appointment_template', 4],
];

type SettingsRow = Omit<ReminderSettings, 'updated_at'> & { updated_at: Date };

const COLUMNS = `orga_id, appointment_reminder_enabled, message_template, msg_slot, message_template_addition,
  pre_appointment_reminder_enabled, pre_appointment_template, pre_appointment_msg_slot, pre_appointment_days,
  pre_appointment_template_additions, birthday_enabled, birthday_template, birthday_msg_slot, reminder_to_book_enabled,
  reminder_to_book_template, reminder_to_book_msg_slot, reminder_to_book_frequency, language, auto_msg, updated_at`;

function view(row: SettingsRow): ReminderSettings {
  return { ...row, updated_at: new Date(row.updated_at).toISOString() };
}

/** Reminder settings per organization (R3.14): one row, written whole; no row means the defaults. */
@Injectable()
export class ReminderSettingsService {
  constructor(
    private readonly db: DataSource,
    private readonly templates: TemplateService,
  ) {}

  async get(orgaId: string): Promise<ReminderSettings> {
    const [row] = await this.db.query<SettingsRow[]>(`SELECT ${COLUMNS} FROM reminder_settings WHERE orga_id = $1`, [orgaId]);
    if (row) return view(row);
    const [quota] = await this.db.query<{ country: string | null }[]>(`SELECT country FROM message_quota WHERE orga_id = $1`, [orgaId]);
    return defaultSettings(orgaId, languageOfCountry(quota?.country));
  }

  /** Several organizations' settings in one read (the scheduler's tick); one without a row has the defaults. */
  async getMany(orgaIds: string[]): Promise<Map<string, ReminderSettings>> {
    const rows = await this.db.query<SettingsRow[]>(`SELECT ${COLUMNS} FROM reminder_settings WHERE orga_id = ANY($1::uuid[])`, [orgaIds]);
    const settings = new Map(rows.map((row) => [row.orga_id, view(row)]));
    const missing = orgaIds.filter((orgaId) => !settings.has(orgaId));
    if (missing.length > 0) {
      const countries = await this.db.query<{ orga_id: string; country: string | null }[]>(
        `SELECT orga_id, country FROM message_quota WHERE orga_id = ANY($1::uuid[])`,
        [missing],
      );
      const countryOf = new Map(countries.map((row) => [row.orga_id, row.country]));
      for (const orgaId of missing) settings.set(orgaId, defaultSettings(orgaId, languageOfCountry(countryOf.get(orgaId))));
    }
    return settings;
  }

  /** Templates must be the organization's (or built-in) and of the setting's type; a changed language moves built-in choices along. */
  async update(orgaId: string, change: SettingsFields): Promise<ReminderSettings> {
    return this.db.transaction(async (manager) => {
      // one writer at a time per organization: the row (or, before it exists, an advisory lock on the id)
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('reminder_settings:' || $1))`, [orgaId]);
      const current = await this.get(orgaId);
      const next = applySettingsChange(current, change);
      if (change.language && change.language !== current.language) {
        for (const [key, type] of TEMPLATE_SETTINGS) {
          if (change[key] === undefined && current[key] === builtInTemplateId(type, current.language))
            next[key] = builtInTemplateId(type, change.language);
        }
      }
      const problems: Record<string, string> = {};
      for (const [key, type] of TEMPLATE_SETTINGS) {
        if (change[key] === undefined) continue;
        const template = await this.templates.visible(orgaId, next[key], manager);
        if (!template || template.template_type !== type) problems[key] = `A template of type ${type} of this organization`;
      }
      if (Object.keys(problems).length > 0) throw new RpcError('validation_failed', { fields: problems });
      const values = [
        orgaId,
        next.appointment_reminder_enabled,
        next.message_template,
        next.msg_slot,
        next.message_template_addition,
        next.pre_appointment_reminder_enabled,
        next.pre_appointment_template,
        next.pre_appointment_msg_slot,
        next.pre_appointment_days,
        next.pre_appointment_template_additions,
        next.birthday_enabled,
        next.birthday_template,
        next.birthday_msg_slot,
        next.reminder_to_book_enabled,
        next.reminder_to_book_template,
        next.reminder_to_book_msg_slot,
        next.reminder_to_book_frequency,
        next.language,
        next.auto_msg,
      ];
      const names = COLUMNS.replace(/\s+/g, ' ')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== 'updated_at');
      const [row] = await manager.query<SettingsRow[]>(
        `INSERT INTO reminder_settings (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})
         ON CONFLICT (orga_id) DO UPDATE SET ${names
           .slice(1)
           .map((name) => `${name} = EXCLUDED.${name}`)
           .join(', ')}, updated_at = now()
         RETURNING ${COLUMNS}`,
        values,
      );
      return view(row);
    });
  }
}
