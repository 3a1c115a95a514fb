import { SEARCH_MIN_CHARS } from '@pawline/contracts';

/**
 * How a typed search term is read (issue 29): one rule for crm's customer search (names, e-mail, phone
 * digits, pet names) and for the command palette, which tells which phone number a term found.
 */

/** Lower-cased, without accents, single spaces: 'Müller', 'muller' and ' MULLER ' read the same. */
export function foldText(value: string): string {
  return value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The digits of a phone number ('' for none). */
export function phoneDigits(value: string | null): string {
  return (value ?? '').replace(/\D/g, '');
}

/** A term that is only a phone number (digits, spaces, +, -, /, brackets, dots) with three digits or more: its digits; else null. */
export function phoneTermOf(q: string): string | null {
  const trimmed = q.trim();
  return /^[+\d][\d\s\-/().]*$/.test(trimmed) && phoneDigits(trimmed).length >= 3 ? phoneDigits(trimmed) : null;
}

/** The text a term is matched as: a phone term's digits, otherwise the folded text ('' when nothing is left). */
export function searchTermText(q: string): string {
  return phoneTermOf(q) ?? foldText(q);
}

/** The term as the palette sends it, or null while it is shorter than SEARCH_MIN_CHARS. */
export function paletteTermOf(text: string): string | null {
  const trimmed = text.trim();
  return trimmed.length >= SEARCH_MIN_CHARS ? trimmed : null;
}
