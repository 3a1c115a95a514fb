import { Inject, Injectable } from '@nestjs/common';
import { REMINDER_ON, type MessageTemplate, type ReminderSettings } from '@pawline/contracts';
import { builtInTemplate, renderTemplate, type TemplateTypeNumber } from '@pawline/domain';
import {
  DIRECTORY,
  REMINDER_COMPOSER,
  TEMPLATE_COMPOSER,
  type ComposedReminder,
  type Directory,
  type DueReminder,
  type ReminderComposer,
  type ReminderFacts,
  type TemplateComposer,
} from '../ports';
import { ReminderSettingsService } from '../settings/reminder-settings.service';
import { builtInView, TemplateService } from './template.service';

/** Per type: is it on, which template, which free text (R3.14); marketing (3) is campaigns', not a reminder. */
export function reminderChoice(
  settings: ReminderSettings,
  type: TemplateTypeNumber,
): { on: boolean; templateId: string; addition: string } | null {
  switch (type) {
    case 0:
      return {
        on: settings.appointment_reminder_enabled === REMINDER_ON,
        templateId: settings.message_template,
        addition: settings.message_template_addition,
      };
    case 4:
      return {
        on: settings.pre_appointment_reminder_enabled === REMINDER_ON,
        templateId: settings.pre_appointment_template,
        addition: settings.pre_appointment_template_additions,
      };
    case 1:
      return { on: settings.birthday_enabled === REMINDER_ON, templateId: settings.birthday_template, addition: '' };
    case 2:
      return { on: settings.reminder_to_book_enabled === REMINDER_ON, templateId: settings.reminder_to_book_template, addition: '' };
    default:
      return null;
  }
}

/**
 * The REMINDER_COMPOSER port: a due reminder as the template message to send, filled with the
 * directory's facts in the store's zone and the settings' language (R3.15), or null when the type is
 * off (2), the facts are gone or the customer has no number.
 */
@Injectable()
export class TemplateReminderComposer implements ReminderComposer, TemplateComposer {
  constructor(
    private readonly settings: ReminderSettingsService,
    private readonly templates: TemplateService,
    @Inject(DIRECTORY) private readonly directory: Directory,
  ) {}

  async compose(due: DueReminder): Promise<ComposedReminder | null> {
    const settings = await this.settings.get(due.orgaId);
    const choice = reminderChoice(settings, due.templateType);
    if (!choice?.on) return null;
    const facts = await this.directory.reminderFacts(due);
    if (!facts?.customer.phone) return null;
    const template = await this.templates.sendable(due.orgaId, choice.templateId, due.templateType, settings.language);
    return this.fill(template, facts, choice.addition);
  }

  /**
   * TEMPLATE_COMPOSER: a template a staff member sends outside WhatsApp's 24-hour window. Only an
   * approved template of the organization (or a built-in one) of a reminder or marketing type is sent.
   */
  async composeForCustomer(request: {
    orgaId: string;
    storeId: string;
    customerId: string;
    templateId: string;
    addition: string;
  }): Promise<ComposedReminder | null> {
    const template = await this.templates.visible(request.orgaId, request.templateId);
    if (!template || template.status !== 'approved') return null;
    const facts = await this.directory.reminderFacts({
      orgaId: request.orgaId,
      storeId: request.storeId,
      templateType: template.template_type as DueReminder['templateType'],
      customerId: request.customerId,
      appointmentId: null,
      petId: null,
    });
    if (!facts?.customer.phone) return null;
    return this.fill(template, facts, request.addition);
  }

  /**
   * TEMPLATE_COMPOSER: a campaign's message (spec §3 template type 3, marketing, with its buttons): the
   * campaign's template when it is an approved marketing one, else the built-in one in the settings' language.
   * Null when the customer is gone, has no mobile number or has no marketing consent.
   */
  async composeCampaign(request: {
    orgaId: string;
    storeId: string;
    customerId: string;
    templateId: string | null;
  }): Promise<ComposedReminder | null> {
    const facts = await this.directory.reminderFacts({
      orgaId: request.orgaId,
      storeId: request.storeId,
      templateType: 3,
      customerId: request.customerId,
      appointmentId: null,
      petId: null,
    });
    if (!facts?.customer.phone || !facts.customer.consentMarketing) return null;
    const settings = await this.settings.get(request.orgaId);
    const template = request.templateId
      ? await this.templates.sendable(request.orgaId, request.templateId, 3, settings.language)
      : builtInView(builtInTemplate(3, settings.language));
    return this.fill(template, facts, '');
  }

  private fill(template: MessageTemplate, facts: ReminderFacts, addition: string): ComposedReminder {
    const rendered = renderTemplate(
      template,
      {
        first_name: facts.customer.firstName,
        last_name: facts.customer.lastName,
        pet_name: facts.petNames.join(', '),
        store_name: facts.storeName,
        store_number: facts.storePhone,
        at: facts.startsAt,
        free_text: addition,
      },
      { timeZone: facts.timeZone, language: template.language },
    );
    return {
      to: facts.customer.phone!,
      templateName: template.name,
      language: template.language,
      parameters: rendered.parameters,
      buttons: template.button,
      renderedText: rendered.text,
    };
  }
}

/** The ports' providers (they need DIRECTORY, which the directory's global module gives). */
export const REMINDER_COMPOSER_PROVIDERS = [
  TemplateReminderComposer,
  { provide: REMINDER_COMPOSER, useExisting: TemplateReminderComposer },
  { provide: TEMPLATE_COMPOSER, useExisting: TemplateReminderComposer },
];
