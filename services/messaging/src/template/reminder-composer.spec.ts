import { REMINDER_OFF } from '@pawline/contracts';
import { builtInTemplateId } from '@pawline/domain';
import type { DataSource } from 'typeorm';
import type { Directory, DueReminder, ReminderFacts } from '../ports';
import { ReminderSettingsService, defaultSettings } from '../settings/reminder-settings.service';
import { TemplateReminderComposer } from './reminder-composer';
import { TemplateService } from './template.service';

const ORGA = '11111111-1111-4111-8111-111111111111';
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
  },
  petNames: ['Fido'],
  storeName: 'Toelettatura Roma',
  storePhone: '+39 06 1234567',
  timeZone: 'Europe/Rome',
  startsAt: '2031-03-13T13:30:00.000Z',
};

/** The composer over settings as stored (a settings service reading given settings) and the real built-in templates. */
function composer(settingsChange: Partial<ReturnType<typeof defaultSettings>>, known: ReminderFacts | null = facts) {
  const settings = { get: async () => ({ ...defaultSettings(ORGA, 'it'), ...settingsChange }) } as unknown as ReminderSettingsService;
  // no own templates: the database is not asked for built-in ids
  const templates = new TemplateService({ query: async () => [] } as unknown as DataSource);
  const directory: Directory = {
    customer: async () => known?.customer ?? null,
    customersByPhone: async () => [],
    reminderFacts: async () => known,
  };
  return new TemplateReminderComposer(settings, templates, directory);
}

describe('reminder composer', () => {
  it('R1.06 R3.15 composes the appointment reminder from the Italian built-in template in the store zone, with confirm/decline buttons', async () => {
    const message = await composer({ message_template_addition: 'Porta il guinzaglio.' }).compose(due);
    expect(message).toEqual({
      to: '393331234567',
      templateName: 'pawline_appointment_reminder',
      language: 'it',
      parameters: ['Giulia', 'Fido', 'Toelettatura Roma', 'giovedì 13 marzo 2031', '14:30', 'Porta il guinzaglio.'],
      buttons: 1,
      renderedText:
        "Ciao Giulia, ti ricordiamo l'appuntamento di Fido presso Toelettatura Roma giovedì 13 marzo 2031 alle 14:30. Porta il guinzaglio. Conferma o disdici qui sotto.",
    });
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
    }).compose({
      ...due,
      templateType: 4,
    });
    expect(message).toMatchObject({
      templateName: 'pawline_pre_appointment',
      parameters: expect.arrayContaining(['Ci vediamo!']) as unknown,
      buttons: 1,
    });
  });
});
