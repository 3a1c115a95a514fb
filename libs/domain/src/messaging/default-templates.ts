// The built-in template of every type in every language: each organization has them (and cannot
// delete them) so reminders work before anyone writes a template (R1.06, R3.13). The ids are fixed
// so settings can name them; WhatsApp knows them by `name` (with its version) and language, registered
// in each salon's WhatsApp Business Account (registered-template.ts folds the variables that may be missing).
// A change of wording is a new `version`: WhatsApp then reviews it as a new template.

import { LANGUAGES, TEMPLATE_TYPES, type Language, type TemplateTypeNumber } from '@pawline/contracts';

export { TEMPLATE_TYPES, type TemplateTypeNumber };
/** Every language of the product has its built-in templates. */
export const MESSAGE_LANGUAGES = LANGUAGES;
export type MessageLanguage = Language;

export type TemplateFrequency = 'day_before' | 'days_before' | 'quarterly' | 'yearly';

/**
 * WhatsApp's template categories: UTILITY for a message about a customer's own appointment or booking,
 * MARKETING for the rest (a birthday greeting and an invitation to book again are not about a transaction, and
 * WhatsApp moves or rejects a promotional UTILITY template).
 */
export type TemplateCategory = 'UTILITY' | 'MARKETING';

export type BuiltInTemplate = {
  id: string;
  template_type: TemplateTypeNumber;
  /** WhatsApp's name: lower-case letters, digits and underscores, with the wording's version */
  name: string;
  category: TemplateCategory;
  title: string;
  template_text: string;
  variables_str: string;
  button: 0 | 1 | 2 | 3;
  frequency: TemplateFrequency | null;
  language: MessageLanguage;
};

type Wording = { title: string; text: string };

type TypeDefinition = {
  type: TemplateTypeNumber;
  name: string;
  version: number;
  category: TemplateCategory;
  variables: string;
  button: 0 | 1 | 2 | 3;
  frequency: TemplateFrequency | null;
  wording: Record<MessageLanguage, Wording>;
};

const DEFINITIONS: TypeDefinition[] = [
  {
    type: TEMPLATE_TYPES.appointment_reminder,
    name: 'pawline_appointment_reminder',
    version: 1,
    category: 'UTILITY',
    variables: 'first_name/pet_name/store_name/date/time/free_text',
    button: 1,
    frequency: 'day_before',
    wording: {
      en: {
        title: 'Appointment reminder',
        text: "Hello {{1}}, this is a reminder of {{2}}'s appointment at {{3}} on {{4}} at {{5}}. {{6}} Please confirm or decline below.",
      },
      it: {
        title: 'Promemoria appuntamento',
        text: "Ciao {{1}}, ti ricordiamo l'appuntamento di {{2}} presso {{3}} {{4}} alle {{5}}. {{6}} Conferma o disdici qui sotto.",
      },
      de: {
        title: 'Terminerinnerung',
        text: 'Hallo {{1}}, wir erinnern an den Termin von {{2}} bei {{3}} am {{4}} um {{5}}. {{6}} Bitte bestätigen oder absagen Sie unten.',
      },
      fr: {
        title: 'Rappel de rendez-vous',
        text: 'Bonjour {{1}}, nous vous rappelons le rendez-vous de {{2}} chez {{3}} le {{4}} à {{5}}. {{6}} Merci de confirmer ou d’annuler ci-dessous.',
      },
    },
  },
  {
    type: TEMPLATE_TYPES.pet_birthday,
    name: 'pawline_pet_birthday',
    version: 1,
    category: 'MARKETING',
    variables: 'first_name/pet_name/store_name/free_text',
    button: 0,
    frequency: 'yearly',
    wording: {
      en: { title: 'Pet birthday', text: 'Hello {{1}}, happy birthday to {{2}} from everyone at {{3}}! {{4}} See you soon.' },
      it: { title: 'Compleanno', text: 'Ciao {{1}}, tanti auguri di buon compleanno a {{2}} da tutti noi di {{3}}! {{4}} A presto.' },
      de: { title: 'Geburtstag', text: 'Hallo {{1}}, alles Gute zum Geburtstag für {{2}} von allen bei {{3}}! {{4}} Bis bald.' },
      fr: {
        title: 'Anniversaire',
        text: 'Bonjour {{1}}, joyeux anniversaire à {{2}} de la part de toute l’équipe de {{3}} ! {{4}} À bientôt.',
      },
    },
  },
  {
    type: TEMPLATE_TYPES.reminder_to_book,
    name: 'pawline_reminder_to_book',
    version: 1,
    category: 'MARKETING',
    variables: 'first_name/pet_name/store_name/free_text',
    button: 2,
    frequency: 'quarterly',
    wording: {
      en: {
        title: 'Reminder to book',
        text: "Hello {{1}}, it has been a while since {{2}}'s last visit to {{3}}. {{4}} Reply to this message to book the next one. Thank you.",
      },
      it: {
        title: 'Promemoria prenotazione',
        text: "Ciao {{1}}, è passato un po' dall'ultima visita di {{2}} da {{3}}. {{4}} Rispondi a questo messaggio per prenotare la prossima. Grazie.",
      },
      de: {
        title: 'Erinnerung zur Buchung',
        text: 'Hallo {{1}}, der letzte Besuch von {{2}} bei {{3}} ist eine Weile her. {{4}} Antworten Sie auf diese Nachricht, um den nächsten zu buchen. Danke.',
      },
      fr: {
        title: 'Rappel de réservation',
        text: 'Bonjour {{1}}, la dernière visite de {{2}} chez {{3}} date un peu. {{4}} Répondez à ce message pour réserver la prochaine. Merci.',
      },
    },
  },
  {
    // campaigns carry no percent, website or date: the built-in offer is an invitation back (R1.07, R4.13)
    type: TEMPLATE_TYPES.marketing,
    name: 'pawline_come_back',
    version: 1,
    category: 'MARKETING',
    variables: 'first_name/store_name/pet_name/free_text',
    button: 3,
    frequency: null,
    wording: {
      en: {
        title: 'Come back',
        text: 'Hello {{1}}, everyone at {{2}} is looking forward to seeing you and {{3}} again. {{4}} Reply to this message to book your next visit.',
      },
      it: {
        title: 'Ci rivediamo',
        text: 'Ciao {{1}}, tutti noi di {{2}} non vediamo l’ora di rivedere te e {{3}}. {{4}} Rispondi a questo messaggio per prenotare la prossima visita.',
      },
      de: {
        title: 'Wiedersehen',
        text: 'Hallo {{1}}, alle bei {{2}} freuen sich, Sie und {{3}} wiederzusehen. {{4}} Antworten Sie auf diese Nachricht, um Ihren nächsten Besuch zu buchen.',
      },
      fr: {
        title: 'À bientôt',
        text: 'Bonjour {{1}}, toute l’équipe de {{2}} a hâte de vous revoir avec {{3}}. {{4}} Répondez à ce message pour réserver votre prochaine visite.',
      },
    },
  },
  {
    type: TEMPLATE_TYPES.pre_appointment,
    name: 'pawline_pre_appointment',
    version: 1,
    category: 'UTILITY',
    variables: 'first_name/pet_name/store_name/date/time/free_text',
    button: 1,
    frequency: 'days_before',
    wording: {
      en: {
        title: 'Pre-appointment reminder',
        text: 'Hello {{1}}, {{2}} has an appointment at {{3}} on {{4}} at {{5}}. {{6}} Please confirm or decline below.',
      },
      it: {
        title: 'Promemoria anticipato',
        text: 'Ciao {{1}}, {{2}} ha un appuntamento presso {{3}} {{4}} alle {{5}}. {{6}} Conferma o disdici qui sotto.',
      },
      de: {
        title: 'Vorab-Erinnerung',
        text: 'Hallo {{1}}, {{2}} hat einen Termin bei {{3}} am {{4}} um {{5}}. {{6}} Bitte bestätigen oder absagen Sie unten.',
      },
      fr: {
        title: 'Rappel anticipé',
        text: 'Bonjour {{1}}, {{2}} a rendez-vous chez {{3}} le {{4}} à {{5}}. {{6}} Merci de confirmer ou d’annuler ci-dessous.',
      },
    },
  },
];

/** 0d5e1a7e-0000-4000-8000-0000000000<type><language index>: fixed, valid v4-shaped ids. */
export function builtInTemplateId(type: TemplateTypeNumber, language: MessageLanguage): string {
  return `0d5e1a7e-0000-4000-8000-0000000000${type}${MESSAGE_LANGUAGES.indexOf(language)}`;
}

export const BUILT_IN_TEMPLATES: readonly BuiltInTemplate[] = DEFINITIONS.flatMap((definition) =>
  MESSAGE_LANGUAGES.map((language) => ({
    id: builtInTemplateId(definition.type, language),
    template_type: definition.type,
    name: `${definition.name}_v${definition.version}`,
    category: definition.category,
    title: definition.wording[language].title,
    template_text: definition.wording[language].text,
    variables_str: definition.variables,
    button: definition.button,
    frequency: definition.frequency,
    language,
  })),
);

export function builtInTemplate(type: TemplateTypeNumber, language: MessageLanguage): BuiltInTemplate {
  const found = BUILT_IN_TEMPLATES.find((template) => template.template_type === type && template.language === language);
  if (!found) throw new Error(`no built-in template of type ${type} in ${language}`);
  return found;
}

export function builtInTemplateById(id: string): BuiltInTemplate | undefined {
  return BUILT_IN_TEMPLATES.find((template) => template.id === id);
}
