import { TEMPLATE_TYPES as TEMPLATE_TYPE_NUMBERS, type TemplateTypeNumber, type TemplateVariable } from '@pawline/contracts';
import { isTemplateVariable } from '@pawline/domain';
import type { Translate } from '../i18n/translator';

// spec §3 (R3.13, R3.15): a template's text has numbered placeholders {{1}}, {{2}} … and its
// variables_str names the variable of each number, separated by slashes.

/** The template types in their order: 0 appointment reminder … 4 pre-appointment. */
export const TEMPLATE_TYPES: readonly TemplateTypeNumber[] = Object.values(TEMPLATE_TYPE_NUMBERS);
export type TemplateType = TemplateTypeNumber;

// The variables (R3.15) are libs/contracts' list; what WhatsApp refuses in a template is libs/domain's (messaging checks the same).
export { TEMPLATE_VARIABLES as TEMPLATE_VARIABLE_NAMES, type TemplateVariable } from '@pawline/contracts';
export { templateProblems, type TemplateProblem } from '@pawline/domain';
/** R3.13 buttons: 0 none, 1 confirm/decline, 2 read/don't read, 3 read/don't read/unsubscribe. */
export const TEMPLATE_BUTTONS = [0, 1, 2, 3] as const;

export function variablesOf(variablesStr: string): string[] {
  return variablesStr.trim() === '' ? [] : variablesStr.split('/');
}

/** A variable's name in the user's language; one this app does not know shows as written. */
export function variableText(name: string, t: Translate): string {
  return isTemplateVariable(name) ? t(`messages.variable_${name}`) : name;
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
