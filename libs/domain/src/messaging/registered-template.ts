import { parseVariables } from './template-renderer';

// A template as WhatsApp knows it. WhatsApp refuses a template message whose number of body parameters differs
// from the registered template's, and refuses an empty text parameter; yet a reminder's free-text addition, a
// campaign's website or a store's phone may be missing. So a template is registered with one parameter per
// variable that is always filled (an anchor: the customer's first name, the store, the date…) and each variable
// that may be missing is folded into its neighbouring anchor's parameter together with the text between them:
//   ours:       "… on {{4}} at {{5}}. {{6}} Please confirm …"   (6 = free text, may be missing)
//   registered: "… on {{1}} at {{2}} Please confirm …"           (4 → 1, 5 → 2)
//   parameter 2: "14:30." without free text, "14:30. Bring the lead." with it.
// The customer reads the same text either way, and the parameter count always matches the registration.

export type FoldedPart = {
  variable: string;
  /** the text between this variable and its anchor (after an anchor: before the value; before it: after) */
  joiner: string;
  /** the text after it in our template starts a sentence: a value without a full stop gets one */
  endsSentence: boolean;
};

/** One parameter of the registered template: an anchor and the optional variables folded into it. */
export type RegisteredSlot = { anchor: string; before: FoldedPart[]; after: FoldedPart[] };

export type RegisteredTemplate = {
  /** the body WhatsApp registers, placeholders {{1}}…{{n}} */
  body: string;
  /** one per placeholder of `body`, in order */
  slots: RegisteredSlot[];
};

export type TemplateText = { template_text: string; variables_str: string };

/** Thrown for a template whose placeholders are all optional: nothing to fold them into. */
export class NoAnchorError extends Error {
  constructor() {
    super('a template needs at least one variable that is always filled (first name, pet, store, or date and time)');
    this.name = 'NoAnchorError';
  }
}

const TOKEN = /\{\{(\d+)\}\}/g;

type Token = { number: number; variable: string; literalAfter: string };

function tokens(text: string, variables: string[]): { head: string; placeholders: Token[] } {
  const placeholders: Token[] = [];
  let head = '';
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const literal = text.slice(last, match.index);
    if (placeholders.length === 0) head = literal;
    else placeholders[placeholders.length - 1].literalAfter = literal;
    const number = Number(match[1]);
    placeholders.push({ number, variable: variables[number - 1] ?? '', literalAfter: '' });
    last = (match.index ?? 0) + match[0].length;
  }
  if (placeholders.length === 0) head = text;
  else placeholders[placeholders.length - 1].literalAfter = text.slice(last);
  return { head, placeholders };
}

const startsSentence = (literal: string) => /^\s+\p{Lu}/u.test(literal);

/**
 * The registration of one of our templates: `anchors` are the variables the sender always fills (with fallbacks).
 * Throws NoAnchorError when the template has placeholders but none of them is an anchor.
 */
export function registeredTemplate(template: TemplateText, anchors: ReadonlySet<string>): RegisteredTemplate {
  const { head, placeholders } = tokens(template.template_text, parseVariables(template.variables_str));
  if (placeholders.length === 0) return { body: template.template_text.trim(), slots: [] };
  const anchorAt = placeholders.map((token, index) => (anchors.has(token.variable) ? index : -1)).filter((index) => index >= 0);
  if (anchorAt.length === 0) throw new NoAnchorError();
  const slots: RegisteredSlot[] = [];
  let body = '';
  for (const [group, anchorIndex] of anchorAt.entries()) {
    // the first group also takes the optional variables before the first anchor
    const start = group === 0 ? 0 : anchorIndex;
    const end = (anchorAt[group + 1] ?? placeholders.length) - 1;
    const before: FoldedPart[] = [];
    for (let i = start; i < anchorIndex; i += 1) {
      const token = placeholders[i];
      before.push({ variable: token.variable, joiner: token.literalAfter, endsSentence: startsSentence(token.literalAfter) });
    }
    const after: FoldedPart[] = [];
    for (let i = anchorIndex + 1; i <= end; i += 1) {
      const token = placeholders[i];
      const joiner = placeholders[i - 1].literalAfter;
      after.push({ variable: token.variable, joiner, endsSentence: startsSentence(token.literalAfter) });
    }
    const anchor = placeholders[anchorIndex];
    slots.push({ anchor: anchor.variable, before, after });
    if (group === 0) body += head;
    body += `{{${slots.length}}}${placeholders[end].literalAfter}`;
  }
  return { body: body.replace(/ {2,}/g, ' ').trim(), slots };
}

/** A value ends a sentence: it gets a full stop unless it has its own punctuation. */
function asSentence(value: string): string {
  return /[.!?…:;]$/.test(value) ? value : `${value}.`;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The parameters to send: one per slot, each non-empty. `valueOf` gives a variable's value ('' when missing);
 * an anchor's value must not be empty (the caller's fallbacks see to it), else null names the empty anchor.
 */
export function registeredParameters(
  registered: RegisteredTemplate,
  valueOf: (variable: string) => string,
): { parameters: string[] } | { emptyAnchor: string } {
  const parameters: string[] = [];
  for (const slot of registered.slots) {
    const anchor = valueOf(slot.anchor).trim();
    if (anchor === '') return { emptyAnchor: slot.anchor };
    let text = '';
    for (const part of slot.before) {
      const value = valueOf(part.variable).trim();
      text += value === '' ? part.joiner : `${part.endsSentence ? asSentence(value) : value}${part.joiner}`;
    }
    text += anchor;
    for (const part of slot.after) {
      const value = valueOf(part.variable).trim();
      text += value === '' ? part.joiner : `${part.joiner}${part.endsSentence ? asSentence(value) : value}`;
    }
    parameters.push(oneLine(text));
  }
  return { parameters };
}

/** The text the customer reads: the registered body with its parameters. */
export function renderRegistered(registered: Pick<RegisteredTemplate, 'body'>, parameters: readonly string[]): string {
  return registered.body.replace(TOKEN, (_, n: string) => parameters[Number(n) - 1] ?? '').replace(/ {2,}/g, ' ');
}
