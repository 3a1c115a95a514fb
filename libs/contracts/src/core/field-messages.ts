import type { z } from 'zod';
import { isLanguage, type Language } from './languages';

// Issue 29: a schema's own text ("Too small: expected string to have >=8 characters") is written for
// developers and in English; what a person reads about a field comes from here, in their language.
type FieldText =
  | 'required'
  | 'tooShort'
  | 'tooLong'
  | 'atLeast'
  | 'above'
  | 'atMost'
  | 'below'
  | 'tooFew'
  | 'tooMany'
  | 'email'
  | 'date'
  | 'format'
  | 'choice'
  | 'invalid'
  | 'unknownField';

const TEXTS: Record<Language, Record<FieldText, string>> = {
  en: {
    required: 'This field is required.',
    tooShort: 'Please enter at least {n} characters.',
    tooLong: 'Please enter at most {n} characters.',
    atLeast: 'Please enter a number of at least {n}.',
    above: 'Please enter a number greater than {n}.',
    atMost: 'Please enter a number of at most {n}.',
    below: 'Please enter a number less than {n}.',
    tooFew: 'Please choose at least {n}.',
    tooMany: 'Please choose at most {n}.',
    email: 'Please enter a valid e-mail address.',
    date: 'Please enter a valid date.',
    format: 'This value does not have the expected format.',
    choice: 'Please choose one of the offered values.',
    invalid: 'This value is not valid.',
    unknownField: 'This field is not accepted.',
  },
  it: {
    required: 'Questo campo è obbligatorio.',
    tooShort: 'Inserisci almeno {n} caratteri.',
    tooLong: 'Inserisci al massimo {n} caratteri.',
    atLeast: 'Inserisci un numero non inferiore a {n}.',
    above: 'Inserisci un numero maggiore di {n}.',
    atMost: 'Inserisci un numero non superiore a {n}.',
    below: 'Inserisci un numero minore di {n}.',
    tooFew: 'Scegline almeno {n}.',
    tooMany: 'Scegline al massimo {n}.',
    email: 'Inserisci un indirizzo e-mail valido.',
    date: 'Inserisci una data valida.',
    format: 'Il formato di questo valore non è corretto.',
    choice: 'Scegli uno dei valori proposti.',
    invalid: 'Questo valore non è valido.',
    unknownField: 'Questo campo non è previsto.',
  },
  de: {
    required: 'Dieses Feld ist erforderlich.',
    tooShort: 'Bitte mindestens {n} Zeichen eingeben.',
    tooLong: 'Bitte höchstens {n} Zeichen eingeben.',
    atLeast: 'Bitte eine Zahl von mindestens {n} eingeben.',
    above: 'Bitte eine Zahl größer als {n} eingeben.',
    atMost: 'Bitte eine Zahl von höchstens {n} eingeben.',
    below: 'Bitte eine Zahl kleiner als {n} eingeben.',
    tooFew: 'Bitte mindestens {n} auswählen.',
    tooMany: 'Bitte höchstens {n} auswählen.',
    email: 'Bitte eine gültige E-Mail-Adresse eingeben.',
    date: 'Bitte ein gültiges Datum eingeben.',
    format: 'Dieser Wert hat nicht das erwartete Format.',
    choice: 'Bitte einen der angebotenen Werte wählen.',
    invalid: 'Dieser Wert ist ungültig.',
    unknownField: 'Dieses Feld ist nicht vorgesehen.',
  },
  fr: {
    required: 'Ce champ est obligatoire.',
    tooShort: 'Veuillez saisir au moins {n} caractères.',
    tooLong: 'Veuillez saisir au plus {n} caractères.',
    atLeast: 'Veuillez saisir un nombre supérieur ou égal à {n}.',
    above: 'Veuillez saisir un nombre supérieur à {n}.',
    atMost: 'Veuillez saisir un nombre inférieur ou égal à {n}.',
    below: 'Veuillez saisir un nombre inférieur à {n}.',
    tooFew: 'Veuillez en choisir au moins {n}.',
    tooMany: 'Veuillez en choisir au plus {n}.',
    email: 'Veuillez saisir une adresse e-mail valide.',
    date: 'Veuillez saisir une date valide.',
    format: "Le format de cette valeur n'est pas celui attendu.",
    choice: 'Veuillez choisir une des valeurs proposées.',
    invalid: "Cette valeur n'est pas valide.",
    unknownField: "Ce champ n'est pas prévu.",
  },
};

// a schema may name a libs/i18n key of the validation namespace; the frontend translates those
const I18N_KEY = /^validation\.[A-Za-z]+$/;
const DATE_FORMATS = new Set(['date', 'datetime', 'time', 'duration']);

type Issue = z.core.$ZodIssue & { input?: unknown };

function pick(issue: Issue): { text: FieldText; n?: number | bigint } {
  switch (issue.code) {
    case 'invalid_type':
      return { text: !('input' in issue) || issue.input === undefined ? 'required' : 'invalid' };
    case 'too_small': {
      const n = issue.minimum;
      if (issue.origin === 'string') return Number(n) <= 1 ? { text: 'required' } : { text: 'tooShort', n };
      if (issue.origin === 'array' || issue.origin === 'set') return { text: 'tooFew', n };
      if (issue.origin === 'number' || issue.origin === 'bigint') return { text: issue.inclusive === false ? 'above' : 'atLeast', n };
      return { text: 'invalid' };
    }
    case 'too_big': {
      const n = issue.maximum;
      if (issue.origin === 'string') return { text: 'tooLong', n };
      if (issue.origin === 'array' || issue.origin === 'set') return { text: 'tooMany', n };
      if (issue.origin === 'number' || issue.origin === 'bigint') return { text: issue.inclusive === false ? 'below' : 'atMost', n };
      return { text: 'invalid' };
    }
    case 'invalid_format':
      if (issue.format === 'email') return { text: 'email' };
      return { text: DATE_FORMATS.has(issue.format) ? 'date' : 'format' };
    case 'invalid_value':
      return { text: 'choice' };
    case 'unrecognized_keys':
      return { text: 'unknownField' };
    default:
      return { text: 'invalid' };
  }
}

/** The text a person reads for one schema issue, in their language ('it-CH' is Italian; others get English). */
export function fieldIssueText(issue: z.core.$ZodIssue, lang: string): string {
  // a schema that names its own key (a refinement, or `.min(1, 'validation.required')`) keeps it
  if (I18N_KEY.test(issue.message)) return issue.message;
  const base = lang.slice(0, 2).toLowerCase();
  const texts = TEXTS[isLanguage(base) ? base : 'en'];
  const { text, n } = pick(issue);
  return texts[text].replace('{n}', n === undefined ? '' : String(n));
}

/** The plain field text of a kind the schema does not tell (a path parameter that is not a UUID). */
export function invalidFieldText(lang: string): string {
  const base = lang.slice(0, 2).toLowerCase();
  return TEXTS[isLanguage(base) ? base : 'en'].invalid;
}

/** Issues as `fields`: path (`address.zip`, `items.0.name`; `_` for the root) → text; unknown keys by their own path. */
export function fieldIssueTexts(issues: readonly z.core.$ZodIssue[], lang: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const text = fieldIssueText(issue, lang);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path.map(String), key].join('.')] ??= text;
      continue;
    }
    fields[issue.path.map(String).join('.') || '_'] ??= text;
  }
  return fields;
}
