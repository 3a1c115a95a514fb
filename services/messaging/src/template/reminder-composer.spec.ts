import { REMINDER_OFF, type WhatsappTemplateStatus } from '@pawline/contracts';
import { BUILT_IN_TEMPLATES, builtInTemplateId, registrationOf } from '@pawline/domain';
import type { DataSource } from 'typeorm';
import type { Directory, DueReminder, ReminderFacts } from '../ports';
import { anchorsOfType } from '../registry/wanted-templates';
import type { RegistrationRow, TemplateRegistry } from '../registry/template-registry.service';
import type { SenderService } from '../sender/sender.service';
import { ReminderSettingsService, defaultSettings } from '../settings/reminder-settings.service';
import { MessageComposer } from './message-composer';
import { TemplateReminderComposer } from './reminder-composer';
import { TemplateService } from './template.service';

const ORGA = '11111111-1111-4111-8111-111111111111';
const WABA = '800000000000001';
const due: DueReminder = {
  orgaId: ORGA,
  storeId: '22222222-2222-4222-8222-222222222222',
  templateType: 0,
  customerId: '33333333-3333-4333-8333-333333333333',
  appointmentId: '44444444-4444-4444-8444-444444444444',
  petId: null,
};
const facts: ReminderFacts = {
  customer: {
    customerId: due.customerId,
    orgaId: ORGA,
    storeId: due.storeId,
    firstName: 'Giulia',
    lastName: 'Bianchi',
    phone: '393331234567',
    consentMessages: true,
    consentReminders: true,
    consentMarketing: false,
    language: null,
  },
  petNames: ['Fido'],
  storeName: 'Toelettatura Roma',
  storePhone: '+39 06 1234567',
  timeZone: 'Europe/Rome',
  startsAt: '2031-03-13T13:30:00.000Z',
};

/** The salon's WhatsApp account: a built-in template's registration in a language with its review. */
type Account = { connected: boolean; statuses: Record<string, WhatsappTemplateStatus> };

function registry(account: Account): TemplateRegistry {
  const rowOf = (key: string, language: string): RegistrationRow | null => {
    const status = account.statuses[`${key}|${language}`];
    const type = Number(key.slice('type:'.length));
    const template = BUILT_IN_TEMPLATES.find((t) => t.template_type === type && t.language === language);
    if (!status || !template) return null;
    const registration = registrationOf(template, anchorsOfType(type));
    return {
      id: `${key}-${language}`,
      orga_id: ORGA,
      waba_id: WABA,
      template_key: key,
      name: registration.name,
      language,
      category: registration.category,
      version: 1,
      body: registration.body,
      slots: registration.slots,
      button: template.button,
      provider_template_id: '1',
      status,
      reason: status === 'rejected' ? 'INVALID_FORMAT' : null,
      reason_detail: null,
      status_at: new Date(),
      created_at: new Date(),
    };
  };
  return {
    approved: async (_orga: string, _waba: string, key: string, language: string) => {
      const row = rowOf(key, language);
      return row?.status === 'approved' ? row : null;
    },
    newest: async (_orga: string, _waba: string, key: string, language: string) => rowOf(key, language),
    sync: async () => ({ created: 0, refused: 0, failed: false }),
  } as unknown as TemplateRegistry;
}

const approvedIn = (...languages: string[]): Account => ({
  connected: true,
  statuses: Object.fromEntries(languages.flatMap((language) => [0, 4].map((type) => [`type:${type}|${language}`, 'approved']))),
});

/** The composer over settings as stored, the real built-in templates, and a salon's WhatsApp account. */
function composer(
  settingsChange: Partial<ReturnType<typeof defaultSettings>>,
  known: ReminderFacts | null = facts,
  account: Account = approvedIn('it'),
) {
  const settings = { get: async () => ({ ...defaultSettings(ORGA, 'it'), ...settingsChange }) } as unknown as ReminderSettingsService;
  const senders = {
    account: async () => (account.connected ? { orgaId: ORGA, wabaId: WABA, connectedVia: 'manual' } : null),
    row: async () => undefined,
  } as unknown as SenderService;
  // no own templates: the database is not asked for built-in ids
  const templates = new TemplateService({ query: async () => [] } as unknown as DataSource, senders);
  const directory: Directory = {
    customer: async () => known?.customer ?? null,
    customersByPhone: async () => [],
    reminderFacts: async () => known,
  };
  return new TemplateReminderComposer(settings, templates, new MessageComposer(senders, registry(account)), directory);
}

describe('reminder composer', () => {
  it('R1.06 R3.15 composes the appointment reminder from the Italian template WhatsApp approved, the free text folded into the time', async () => {
    const message = await composer({ message_template_addition: 'Porta il guinzaglio.' }).compose(due);
    expect(message).toEqual({
      to: '393331234567',
      templateName: 'pawline_appointment_reminder_v1',
      language: 'it',
      parameters: ['Giulia', 'Fido', 'Toelettatura Roma', 'giovedì 13 marzo 2031', '14:30. Porta il guinzaglio.'],
      buttons: 1,
      renderedText:
        "Ciao Giulia, ti ricordiamo l'appuntamento di Fido presso Toelettatura Roma giovedì 13 marzo 2031 alle 14:30. Porta il guinzaglio. Conferma o disdici qui sotto.",
      registrationId: 'type:0-it',
    });
  });

  it('sends as many parameters without the free text, none of them empty', async () => {
    const message = await composer({ message_template_addition: '' }).compose(due);
    expect(message).toMatchObject({ parameters: ['Giulia', 'Fido', 'Toelettatura Roma', 'giovedì 13 marzo 2031', '14:30.'] });
  });

  it("writes in the customer's language, and in the salon's where WhatsApp has not approved the customer's", async () => {
    const german = { ...facts, customer: { ...facts.customer, language: 'de' } };
    expect(await composer({}, german, approvedIn('it', 'de')).compose(due)).toMatchObject({
      language: 'de',
      renderedText: expect.stringMatching(/^Hallo Giulia/),
    });
    const pending = { connected: true, statuses: { ...approvedIn('it').statuses, 'type:0|de': 'pending' as const } };
    expect(await composer({}, german, pending).compose(due)).toMatchObject({ language: 'it' });
  });

  it('records why when no template is approved: pending, rejected, not submitted, or no WhatsApp number', async () => {
    expect(await composer({}, facts, { connected: true, statuses: { 'type:0|it': 'pending' } }).compose(due)).toEqual({
      refused: 'template_pending',
      detail: 'pawline_appointment_reminder_v1 it',
    });
    expect(await composer({}, facts, { connected: true, statuses: { 'type:0|it': 'rejected' } }).compose(due)).toMatchObject({
      refused: 'template_rejected',
      detail: expect.stringContaining('INVALID_FORMAT'),
    });
    expect(await composer({}, facts, { connected: true, statuses: {} }).compose(due)).toMatchObject({ refused: 'template_missing' });
    expect(await composer({}, facts, { connected: false, statuses: {} }).compose(due)).toEqual({ refused: 'not_connected', detail: null });
    expect(await composer({}, { ...facts, startsAt: null }).compose(due)).toEqual({ refused: 'incomplete_data', detail: 'date' });
  });

  it('R3.14 composes nothing for a type switched off (2), nor without a phone number', async () => {
    expect(await composer({ appointment_reminder_enabled: REMINDER_OFF }).compose(due)).toBeNull();
    expect(await composer({ pre_appointment_reminder_enabled: REMINDER_OFF }).compose({ ...due, templateType: 4 })).toBeNull();
    expect(await composer({}, { ...facts, customer: { ...facts.customer, phone: null } }).compose(due)).toBeNull();
    expect(await composer({}, null).compose(due)).toBeNull();
  });

  it('R3.14 uses the pre-appointment template and its additions when that type is on', async () => {
    const message = await composer({
      pre_appointment_reminder_enabled: 1,
      pre_appointment_template: builtInTemplateId(4, 'it'),
      pre_appointment_template_additions: 'Ci vediamo!',
    }).compose({ ...due, templateType: 4 });
    expect(message).toMatchObject({
      templateName: 'pawline_pre_appointment_v1',
      parameters: expect.arrayContaining(['14:30. Ci vediamo!']) as unknown,
      buttons: 1,
    });
  });
});
