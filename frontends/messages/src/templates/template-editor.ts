// spec §3 (R3.13, R3.15): a template's text has numbered placeholders {{1}}, {{2}} … and its
// variables_str names the variable of each number, separated by slashes.

export const TEMPLATE_TYPES = [0, 1, 2, 3, 4] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** The variables an editor offers (R3.15), as messaging names them. */
export const TEMPLATE_VARIABLE_NAMES = [
  'pet_name',
  'first_name',
  'last_name',
  'store_name',
  'store_number',
  'time',
  'date',
  'percent',
  'number',
  'date_number',
  'website',
  'free_text',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLE_NAMES)[number];

/** R3.13 buttons: 0 none, 1 confirm/decline, 2 read/don't read, 3 read/don't read/unsubscribe. */
export const TEMPLATE_BUTTONS = [0, 1, 2, 3] as const;

export function variablesOf(variablesStr: string): string[] {
  return variablesStr.trim() === '' ? [] : variablesStr.split('/');
}

/** The placeholder numbers in a text, in order of appearance. */
export function placeholderNumbers(text: string): number[] {
  return [...text.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));
}

/** Adds a variable as the next number and puts its placeholder where the cursor is. */
export function insertVariable(
  text: string,
  variablesStr: string,
  variable: TemplateVariable,
  at: number = text.length,
): { text: string; variables_str: string; cursor: number } {
  const variables = [...variablesOf(variablesStr), variable];
  const placeholder = `{{${variables.length}}}`;
  let position = Math.max(0, Math.min(at, text.length));
  // a cursor inside a placeholder moves past it: {{1}} stays whole
  for (const m of text.matchAll(/\{\{\d+\}\}/g)) {
    const start = m.index;
    const end = start + m[0].length;
    if (position > start && position < end) position = end;
  }
  return {
    text: text.slice(0, position) + placeholder + text.slice(position),
    variables_str: variables.join('/'),
    cursor: position + placeholder.length,
  };
}

export type TemplateProblem = 'placeholdersUnnumbered' | 'placeholderWithoutVariable' | 'variableWithoutPlaceholder';

/**
 * What stops a template from being sent as written: every {{n}} must have the n-th variable and
 * every variable its placeholder, numbered from 1 without gaps.
 */
export function templateProblem(text: string, variablesStr: string): TemplateProblem | null {
  const used = [...new Set(placeholderNumbers(text))].sort((a, b) => a - b);
  const variables = variablesOf(variablesStr);
  if (used.some((n, i) => n !== i + 1)) return 'placeholdersUnnumbered';
  if (used.length > variables.length) return 'placeholderWithoutVariable';
  if (used.length < variables.length) return 'variableWithoutPlaceholder';
  return null;
}
