import { Inject, Injectable } from '@nestjs/common';
import { isAppointmentTemplateType, REMINDER_ON, type MessageTemplate, type ReminderSettings } from '@pawline/contracts';
import { builtInTemplateById, type TemplateTypeNumber } from '@pawline/domain';
import { RpcError } from '@pawline/nest-kit';
import {
  DIRECTORY,
  REMINDER_COMPOSER,
  TEMPLATE_COMPOSER,
  type Composition,
  type Directory,
  type DueReminder,
  type ReminderComposer,
  type ReminderFacts,
  type TemplateComposer,
} from '../ports';
import { ReminderSettingsService } from '../settings/reminder-settings.service';
import { MessageComposer, languagesFor, type TemplateChoice } from './message-composer';
import { TemplateService } from './template.service';

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
 * The choices for a template of a type: an approved own template first (in its language), then the built-in
 * template of the type in the customer's language, then in the salon's (issue 27).
 */
export function choicesFor(template: MessageTemplate | null, type: number, languages: string[]): TemplateChoice[] {
  const own =
    template && !template.built_in && template.template_type === type ? [{ key: `own:${template.id}`, language: template.language }] : [];
  return [...own, ...languages.map((language) => ({ key: `type:${type}`, language }))];
}

/**
 * The REMINDER_COMPOSER and TEMPLATE_COMPOSER ports: a due reminder, a staff member's template or a campaign's
 * message as the template to send, filled with the directory's facts in the store's zone and the customer's
 * language (R3.15), or the reason it cannot be sent; null when the type is off or the customer cannot get it.
 */
@Injectable()
export class TemplateReminderComposer implements ReminderComposer, TemplateComposer {
  constructor(
    private readonly settings: ReminderSettingsService,
    private readonly templates: TemplateService,
    private readonly composer: MessageComposer,
    @Inject(DIRECTORY) private readonly directory: Directory,
  ) {}

  async compose(due: DueReminder): Promise<Composition | null> {
    const settings = await this.settings.get(due.orgaId);
    const choice = reminderChoice(settings, due.templateType);
    if (!choice?.on) return null;
    const facts = await this.directory.reminderFacts(due);
    if (!facts?.customer.phone) return null;
    const chosen = await this.templates.visible(due.orgaId, choice.templateId);
    const approved = chosen?.built_in === false && chosen.status !== 'approved' ? null : chosen;
    const languages = languagesFor(facts.customer.language, settings.language);
    return this.fill(due.orgaId, choicesFor(approved, due.templateType, languages), facts, choice.addition);
  }

  /**
   * TEMPLATE_COMPOSER: a template a staff member sends (outside WhatsApp's 24-hour window). An appointment
   * template needs the customer's appointment, whose date and time it shows and whose buttons confirm it.
   */
  async composeForCustomer(request: {
    orgaId: string;
    storeId: string;
    customerId: string;
    templateId: string;
    addition: string;
    appointmentId: string | null;
  }): Promise<Composition | null> {
    const template = await this.templates.visible(request.orgaId, request.templateId);
    if (!template) return null;
    const appointment = isAppointmentTemplateType(template.template_type);
    if (appointment && !request.appointmentId) {
      throw new RpcError('validation_failed', { fields: { appointment_id: 'validation.required' } });
    }
    const facts = await this.directory.reminderFacts({
      orgaId: request.orgaId,
      storeId: request.storeId,
      templateType: template.template_type as DueReminder['templateType'],
      customerId: request.customerId,
      appointmentId: appointment ? request.appointmentId : null,
      petId: null,
    });
    if (!facts) throw new RpcError('not_found', { fields: appointment ? { appointment_id: 'errors.not_found' } : {} });
    if (!facts.customer.phone) return null;
    const settings = await this.settings.get(request.orgaId);
    const languages = builtInTemplateById(template.id) ? languagesFor(facts.customer.language, settings.language) : [];
    return this.fill(request.orgaId, choicesFor(template, template.template_type, languages), facts, request.addition);
  }

  /**
   * TEMPLATE_COMPOSER: a campaign's message (spec §3 template type 3, marketing, with its buttons): the
   * campaign's template when it is an approved marketing one, else the built-in one in the customer's language.
   * Null when the customer is gone, has no mobile number or has no marketing consent.
   */
  async composeCampaign(request: {
    orgaId: string;
    storeId: string;
    customerId: string;
    templateId: string | null;
  }): Promise<Composition | null> {
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
    const own = request.templateId ? await this.templates.visible(request.orgaId, request.templateId) : null;
    const approved = own?.built_in === false && own.status === 'approved' ? own : null;
    return this.fill(request.orgaId, choicesFor(approved, 3, languagesFor(facts.customer.language, settings.language)), facts, '');
  }

  private fill(orgaId: string, choices: TemplateChoice[], facts: ReminderFacts, addition: string): Promise<Composition> {
    return this.composer.compose(orgaId, choices, {
      to: facts.customer.phone ?? '',
      timeZone: facts.timeZone,
      at: facts.startsAt,
      text: {
        first_name: facts.customer.firstName,
        last_name: facts.customer.lastName,
        pet_name: facts.petNames.join(', '),
        store_name: facts.storeName,
        store_number: facts.storePhone,
        free_text: addition,
      },
    });
  }
}

/** The ports' providers (they need DIRECTORY, which the directory's global module gives). */
export const REMINDER_COMPOSER_PROVIDERS = [
  MessageComposer,
  TemplateReminderComposer,
  { provide: REMINDER_COMPOSER, useExisting: TemplateReminderComposer },
  { provide: TEMPLATE_COMPOSER, useExisting: TemplateReminderComposer },
];
