import type { MessageLanguage } from './default-templates';

// What WhatsApp needs besides a template's text, in each of our languages: the labels of its quick replies
// (registered with the template), the words that stand in for a missing name, pet or store (a parameter is
// never empty), and the example values its review requires for every parameter.

/**
 * spec §3 button sets (1 confirm/decline, 2 read/don't read, 3 read/don't read/unsubscribe) and issue 30's set 4, the
 * waitlist offer's "Take it" (ours, never an own template's); at most 25 characters each.
 */
export const BUTTON_LABELS: Record<MessageLanguage, Record<1 | 2 | 3 | 4, readonly string[]>> = {
  en: { 1: ['Confirm', 'Decline'], 2: ['Read', "Don't read"], 3: ['Read', "Don't read", 'Unsubscribe'], 4: ['Take it'] },
  it: { 1: ['Conferma', 'Disdici'], 2: ['Letto', 'Non leggere'], 3: ['Letto', 'Non leggere', 'Annulla iscrizione'], 4: ['Lo prendo'] },
  de: { 1: ['Bestätigen', 'Absagen'], 2: ['Gelesen', 'Nicht lesen'], 3: ['Gelesen', 'Nicht lesen', 'Abmelden'], 4: ['Nehme ich'] },
  fr: { 1: ['Confirmer', 'Annuler'], 2: ['Lu', 'Ne pas lire'], 3: ['Lu', 'Ne pas lire', 'Se désabonner'], 4: ['Je le prends'] },
};

export function buttonLabels(button: 0 | 1 | 2 | 3 | 4, language: MessageLanguage): readonly string[] {
  return button === 0 ? [] : BUTTON_LABELS[language][button];
}

/** Stand-ins for an anchor that is missing (an appointment without pets, a store without a name). */
export const ANCHOR_FALLBACKS: Record<MessageLanguage, Record<'first_name' | 'pet_name' | 'store_name', string>> = {
  en: { first_name: 'there', pet_name: 'your pet', store_name: 'our salon' },
  it: { first_name: 'cliente', pet_name: 'il tuo animale', store_name: 'il nostro salone' },
  de: { first_name: 'liebe Kundschaft', pet_name: 'Ihr Tier', store_name: 'unser Salon' },
  fr: { first_name: 'cher client', pet_name: 'votre animal', store_name: 'notre salon' },
};

/**
 * The variables always filled for a kind of message: names (with the fallbacks above) always; the date and time
 * when the message is about an appointment or a booking; the widget's link for a booking not possible.
 */
export function anchorsFor(about: 'appointment' | 'customer' | 'booking_declined'): ReadonlySet<string> {
  const always = ['first_name', 'pet_name', 'store_name'];
  if (about === 'appointment') return new Set([...always, 'date', 'time', 'date_number']);
  if (about === 'booking_declined') return new Set([...always, 'date', 'time', 'link']);
  return new Set(always);
}

/** Example values WhatsApp's review asks for, one per variable, in each language. */
export const EXAMPLE_VALUES: Record<MessageLanguage, Record<string, string>> = {
  en: {
    first_name: 'Emma',
    last_name: 'Brown',
    pet_name: 'Rex',
    store_name: 'Happy Paws Grooming',
    store_number: '+44 20 7946 0958',
    date: 'Tuesday, 13 March 2029',
    time: '14:30',
    date_number: 'Tuesday, 13 March 2029',
    percent: '20',
    number: '3',
    website: 'www.happypaws.example',
    free_text: 'Please bring the lead.',
    treatment_line: 'Treatment: bath and trim.',
    address_line: 'Address: 1 High Street, London.',
    link: 'https://www.happypaws.example/book',
  },
  it: {
    first_name: 'Giulia',
    last_name: 'Rossi',
    pet_name: 'Fido',
    store_name: 'Toelettatura Bau',
    store_number: '+39 06 1234567',
    date: 'martedì 13 marzo 2029',
    time: '14:30',
    date_number: 'martedì 13 marzo 2029',
    percent: '20',
    number: '3',
    website: 'www.toelettaturabau.example',
    free_text: 'Porta il guinzaglio.',
    treatment_line: 'Trattamento: bagno e taglio.',
    address_line: 'Indirizzo: Via Roma 1, Roma.',
    link: 'https://www.toelettaturabau.example/prenota',
  },
  de: {
    first_name: 'Anna',
    last_name: 'Müller',
    pet_name: 'Bello',
    store_name: 'Hundesalon Pfote',
    store_number: '+49 30 1234567',
    date: 'Dienstag, 13. März 2029',
    time: '14:30',
    date_number: 'Dienstag, 13. März 2029',
    percent: '20',
    number: '3',
    website: 'www.pfote.example',
    free_text: 'Bitte bringen Sie die Leine mit.',
    treatment_line: 'Behandlung: Baden und Schneiden.',
    address_line: 'Adresse: Hauptstraße 1, Berlin.',
    link: 'https://www.pfote.example/buchen',
  },
  fr: {
    first_name: 'Camille',
    last_name: 'Martin',
    pet_name: 'Milou',
    store_name: 'Toilettage Câlin',
    store_number: '+33 1 23 45 67 89',
    date: 'mardi 13 mars 2029',
    time: '14:30',
    date_number: 'mardi 13 mars 2029',
    percent: '20',
    number: '3',
    website: 'www.calin.example',
    free_text: 'Pensez à la laisse.',
    treatment_line: 'Soin : bain et coupe.',
    address_line: 'Adresse : 1 rue de Paris, Paris.',
    link: 'https://www.calin.example/reserver',
  },
};

/** A variable's value with the stand-in for a missing name, pet or store; '' for anything else missing. */
export function valueWithFallback(variable: string, raw: string | null | undefined, language: MessageLanguage): string {
  const value = (raw ?? '').trim();
  if (value !== '') return value;
  return (ANCHOR_FALLBACKS[language] as Record<string, string>)[variable] ?? '';
}
