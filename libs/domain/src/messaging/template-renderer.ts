import { TEMPLATE_VARIABLES, type TemplateVariable } from '@pawline/contracts';
import { toEpochMs, type Instant } from '../time/instant';
import { dateTimeFormat } from '../time/local-time';

// spec §3 template variables (R3.15) and §5 free text (R5.11). Pure: the messaging service composes
// reminders with it and the messages remote previews with it, so both show the customer the same text.

/** R5.11 WhatsApp free text at most 500 characters. */
export const FREE_TEXT_MAX = 500;

/** What a reminder knows; any of it may be missing (a missing value renders empty). */
export type TemplateValues = {
  pet_name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  store_name?: string | null;
  store_number?: string | null;
  /** the appointment's (or event's) instant: `date` and `time` are this in the store's zone */
  at?: Instant | null;
  percent?: string | null;
  number?: string | null;
  website?: string | null;
  /** the settings' addition */
  free_text?: string | null;
};

export type RenderContext = {
  /** IANA zone of the store */
  timeZone: string;
  /** the customer's language: 'en' | 'it' | 'de' | 'fr' */
  language: string;
};

export type TemplateSource = { template_text: string; variables_str: string };
export type RenderedTemplate = { text: string; parameters: string[] };

const PLACEHOLDER = /\{\{(\d+)\}\}/g;
const LOCALES: Record<string, string> = { en: 'en-GB', it: 'it-IT', de: 'de-DE', fr: 'fr-FR' };

/** 'first_name/pet_name/date' → ['first_name', 'pet_name', 'date']; blanks dropped. */
export function parseVariables(variablesStr: string): string[] {
  return variablesStr
    .split('/')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
}

export function isTemplateVariable(name: string): name is TemplateVariable {
  return (TEMPLATE_VARIABLES as readonly string[]).includes(name);
}

function localeOf(language: string): string {
  return LOCALES[language] ?? LOCALES['en'];
}

/** 'Monday 12 March 2029' in the customer's language and the store's zone; '' for a missing or unreadable instant. */
export function formatReminderDate(at: Instant | null | undefined, context: RenderContext): string {
  if (at === null || at === undefined) return '';
  const ms = toEpochMs(at);
  if (!Number.isFinite(ms)) return '';
  return dateTimeFormat(localeOf(context.language), {
    timeZone: context.timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(ms));
}

/** '14:30' (24-hour in every language we speak) in the store's zone; '' when missing. */
export function formatReminderTime(at: Instant | null | undefined, context: RenderContext): string {
  if (at === null || at === undefined) return '';
  const ms = toEpochMs(at);
  if (!Number.isFinite(ms)) return '';
  return dateTimeFormat(localeOf(context.language), {
    timeZone: context.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(ms));
}

/**
 * WhatsApp refuses template parameters with new lines, tabs or more than four spaces in a row, so a
 * value is made one line; the free text is cut to 500 characters (R5.11).
 */
export function parameterText(value: string, max = FREE_TEXT_MAX): string {
  return value
    .replace(/[\r\n\t\u2028\u2029]+/g, ' ')
    .replace(/ {4,}/g, '   ')
    .trim()
    .slice(0, max)
    .trim();
}

/** The value of one variable (R3.15); an unknown name or a missing value is ''. */
export function variableValue(name: string, values: TemplateValues, context: RenderContext): string {
  const text = (value: string | null | undefined) => parameterText(value ?? '');
  switch (name) {
    case 'date':
      return formatReminderDate(values.at, context);
    case 'time':
      return formatReminderTime(values.at, context);
    case 'date_number': {
      // spec §3 "date/number combined": the date when there is one, else the number
      const date = formatReminderDate(values.at, context);
      return date !== '' ? date : text(values.number);
    }
    case 'pet_name':
    case 'first_name':
    case 'last_name':
    case 'store_name':
    case 'store_number':
    case 'percent':
    case 'number':
    case 'website':
    case 'free_text':
      return text(values[name]);
    default:
      return '';
  }
}

/**
 * Fills {{1}}, {{2}} … with the values of the variables named in variables_str, in order, in one pass
 * (a value that itself contains '{{2}}' stays as written). A placeholder without a variable is ''.
 */
export function renderTemplate(template: TemplateSource, values: TemplateValues, context: RenderContext): RenderedTemplate {
  const parameters = parseVariables(template.variables_str).map((name) => variableValue(name, values, context));
  const text = template.template_text
    .replace(PLACEHOLDER, (_, n: string) => parameters[Number(n) - 1] ?? '')
    // an empty value leaves two spaces where it stood
    .replace(/ {2,}/g, ' ')
    .trim();
  return { text, parameters };
}

/** The distinct placeholder numbers of a text, ascending. */
export function placeholderNumbers(templateText: string): number[] {
  return [...new Set([...templateText.matchAll(PLACEHOLDER)].map((match) => Number(match[1])))].sort((a, b) => a - b);
}

export type TemplateProblem =
  'unknown_variable' | 'placeholders_not_numbered_in_order' | 'placeholder_count_mismatch' | 'placeholder_at_start_or_end';

/**
 * A template WhatsApp accepts: placeholders {{1}}…{{n}} with no gap, not first or last in the text, and
 * exactly n known variables in variables_str. Answers the problems, none when it is fine.
 */
export function templateProblems(template: TemplateSource): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const names = parseVariables(template.variables_str);
  if (names.some((name) => !isTemplateVariable(name))) problems.push('unknown_variable');
  const numbers = placeholderNumbers(template.template_text);
  if (numbers.some((n, index) => n !== index + 1)) problems.push('placeholders_not_numbered_in_order');
  if (numbers.length !== names.length) problems.push('placeholder_count_mismatch');
  const trimmed = template.template_text.trim();
  if (/^\{\{\d+\}\}/.test(trimmed) || /\{\{\d+\}\}$/.test(trimmed)) problems.push('placeholder_at_start_or_end');
  return problems;
}
