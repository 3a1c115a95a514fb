import { MESSAGE_LANGUAGES, type MessageLanguage, type TemplateCategory } from './default-templates';

// What a customer who booked online hears (issue 27): the request received, the booking confirmed with its day,
// time, pet, treatment and the salon's address, or the time not possible with the way back to the widget. They
// are WhatsApp templates like the reminders (UTILITY: about the customer's own booking), not one of the spec's
// template types, so their variables are their own: `treatment_line` and `address_line` carry their label in
// the customer's language and may be missing; `link` is the page with the salon's booking widget.

export const BOOKING_MESSAGE_KINDS = [
  'booking_received',
  'booking_confirmed',
  'booking_declined',
  'waitlist_offer',
  'waitlist_gone',
] as const;
export type BookingMessageKind = (typeof BOOKING_MESSAGE_KINDS)[number];

export type BookingTemplate = {
  kind: BookingMessageKind;
  name: string;
  category: TemplateCategory;
  language: MessageLanguage;
  template_text: string;
  variables_str: string;
  /** 0 none; 4 the waitlist offer's "Take it" quick reply (whatsapp-wording.ts) */
  button: 0 | 4;
};

type Definition = {
  kind: BookingMessageKind;
  name: string;
  version: number;
  variables: string;
  text: Record<MessageLanguage, string>;
  button?: 4;
};

const DEFINITIONS: Definition[] = [
  {
    kind: 'booking_received',
    name: 'pawline_booking_received',
    version: 1,
    variables: 'first_name/store_name/date/time',
    text: {
      en: 'Hello {{1}}, {{2}} has received your booking request for {{3}} at {{4}}. We will let you know as soon as it is confirmed.',
      it: 'Ciao {{1}}, {{2}} ha ricevuto la tua richiesta di prenotazione per {{3}} alle {{4}}. Ti scriveremo appena sarà confermata.',
      de: 'Hallo {{1}}, {{2}} hat Ihre Buchungsanfrage für {{3}} um {{4}} erhalten. Wir melden uns, sobald sie bestätigt ist.',
      fr: 'Bonjour {{1}}, {{2}} a bien reçu votre demande de réservation pour le {{3}} à {{4}}. Nous vous écrirons dès qu’elle sera confirmée.',
    },
  },
  {
    kind: 'booking_confirmed',
    name: 'pawline_booking_confirmed',
    version: 1,
    variables: 'first_name/store_name/pet_name/date/time/treatment_line/address_line',
    text: {
      en: 'Hello {{1}}, {{2}} has confirmed the appointment for {{3}} on {{4}} at {{5}}. {{6}} {{7}} See you soon!',
      it: 'Ciao {{1}}, {{2}} ha confermato l’appuntamento di {{3}} {{4}} alle {{5}}. {{6}} {{7}} A presto!',
      de: 'Hallo {{1}}, {{2}} hat den Termin für {{3}} am {{4}} um {{5}} bestätigt. {{6}} {{7}} Bis bald!',
      fr: 'Bonjour {{1}}, {{2}} a confirmé le rendez-vous de {{3}} le {{4}} à {{5}}. {{6}} {{7}} À bientôt !',
    },
  },
  {
    kind: 'booking_declined',
    name: 'pawline_booking_not_possible',
    version: 1,
    variables: 'first_name/store_name/date/time/link',
    text: {
      en: 'Hello {{1}}, unfortunately {{2}} cannot take your booking for {{3}} at {{4}}. Please choose another time here: {{5}} Thank you.',
      it: 'Ciao {{1}}, purtroppo {{2}} non può accettare la prenotazione per {{3}} alle {{4}}. Scegli un altro orario qui: {{5}} Grazie.',
      de: 'Hallo {{1}}, leider kann {{2}} Ihre Buchung für {{3}} um {{4}} nicht annehmen. Bitte wählen Sie hier eine andere Zeit: {{5}} Danke.',
      fr: 'Bonjour {{1}}, malheureusement {{2}} ne peut pas accepter votre réservation du {{3}} à {{4}}. Choisissez un autre horaire ici : {{5}} Merci.',
    },
  },
  // issue 30 the waitlist (ADR 0063): a freed time offered with a "Take it" quick reply, and "gone" to everyone else
  {
    kind: 'waitlist_offer',
    name: 'pawline_waitlist_offer',
    version: 1,
    variables: 'first_name/store_name/pet_name/date/time',
    button: 4,
    text: {
      en: 'Hello {{1}}, a time has just become free at {{2}} for {{3}}: {{4}} at {{5}}. It is kept for you for a short while; tap Take it to ask for it. The first to tap gets it.',
      it: 'Ciao {{1}}, si è appena liberato un orario da {{2}} per {{3}}: {{4}} alle {{5}}. Lo teniamo per te per poco tempo; tocca Lo prendo per chiederlo. Lo ottiene chi tocca per primo.',
      de: 'Hallo {{1}}, bei {{2}} ist gerade ein Termin für {{3}} frei geworden: {{4}} um {{5}}. Er ist kurz für Sie reserviert; tippen Sie auf Nehme ich, um ihn anzufragen. Wer zuerst tippt, bekommt ihn.',
      fr: 'Bonjour {{1}}, un créneau vient de se libérer chez {{2}} pour {{3}} : le {{4}} à {{5}}. Il vous est réservé pour peu de temps ; touchez Je le prends pour le demander. Le premier qui touche l’obtient.',
    },
  },
  {
    kind: 'waitlist_gone',
    name: 'pawline_waitlist_gone',
    version: 1,
    variables: 'first_name/store_name/date/time',
    text: {
      en: 'Hello {{1}}, the time at {{2}} on {{3}} at {{4}} has been taken. You stay on the waitlist: we will write again when another time becomes free.',
      it: 'Ciao {{1}}, l’orario da {{2}} del {{3}} alle {{4}} è già stato preso. Resti in lista d’attesa: ti scriveremo quando si libera un altro orario.',
      de: 'Hallo {{1}}, der Termin bei {{2}} am {{3}} um {{4}} ist bereits vergeben. Sie bleiben auf der Warteliste: Wir schreiben Ihnen, wenn wieder etwas frei wird.',
      fr: 'Bonjour {{1}}, le créneau chez {{2}} du {{3}} à {{4}} a déjà été pris. Vous restez sur la liste d’attente : nous vous écrirons quand un autre créneau se libérera.',
    },
  },
];

/** The labels of a booking confirmation's optional lines, in the customer's language. */
export const BOOKING_LINE_LABELS: Record<MessageLanguage, { treatment: string; address: string }> = {
  en: { treatment: 'Treatment', address: 'Address' },
  it: { treatment: 'Trattamento', address: 'Indirizzo' },
  de: { treatment: 'Behandlung', address: 'Adresse' },
  fr: { treatment: 'Soin', address: 'Adresse' },
};

export const BOOKING_TEMPLATES: readonly BookingTemplate[] = DEFINITIONS.flatMap((definition) =>
  MESSAGE_LANGUAGES.map((language) => ({
    kind: definition.kind,
    name: `${definition.name}_v${definition.version}`,
    category: 'UTILITY' as const,
    language,
    template_text: definition.text[language],
    variables_str: definition.variables,
    button: definition.button ?? 0,
  })),
);

export function bookingTemplate(kind: BookingMessageKind, language: MessageLanguage): BookingTemplate {
  const found = BOOKING_TEMPLATES.find((template) => template.kind === kind && template.language === language);
  if (!found) throw new Error(`no booking template ${kind} in ${language}`);
  return found;
}
