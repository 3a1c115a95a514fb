// spec §5 (R5.06–R5.08): Italian VAT number, codice destinatario and codice fiscale.

/** Trimmed, upper-cased, leading IT removed. */
export function normalizeVatNumber(value: string): string {
  const upper = value.trim().toUpperCase();
  return upper.startsWith('IT') ? upper.slice(2) : upper;
}

/** R5.06 partita IVA: 11 digits, the last one by the standard Luhn-like checksum. */
export function isValidItalianVat(value: string): boolean {
  return hasVatCheckDigit(normalizeVatNumber(value));
}

/** 11 digits whose last is the partita IVA's check digit (a company's numeric codice fiscale has it too). */
function hasVatCheckDigit(vat: string): boolean {
  if (!/^[0-9]{11}$/.test(vat)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i += 1) {
    let digit = Number(vat[i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10 === Number(vat[10]);
}

export function normalizeCodiceDestinatario(value: string): string {
  return value.trim().toUpperCase();
}

/** R5.07 exactly 7 upper-case letters or digits (checked after trimming and upper-casing). */
export function isValidCodiceDestinatario(value: string): boolean {
  return /^[A-Z0-9]{7}$/.test(normalizeCodiceDestinatario(value));
}

export function normalizeFiscalCode(value: string): string {
  return value.trim().toUpperCase();
}

// Values of characters in odd positions (1st, 3rd, … 15th) of the codice fiscale.
const ODD_VALUES: Record<string, number> = {
  '0': 1,
  '1': 0,
  '2': 5,
  '3': 7,
  '4': 9,
  '5': 13,
  '6': 15,
  '7': 17,
  '8': 19,
  '9': 21,
  A: 1,
  B: 0,
  C: 5,
  D: 7,
  E: 9,
  F: 13,
  G: 15,
  H: 17,
  I: 19,
  J: 21,
  K: 2,
  L: 4,
  M: 18,
  N: 20,
  O: 11,
  P: 3,
  Q: 6,
  R: 8,
  S: 12,
  T: 14,
  U: 16,
  V: 10,
  W: 22,
  X: 25,
  Y: 24,
  Z: 23,
};

function evenValue(char: string): number {
  return /[0-9]/.test(char) ? Number(char) : char.charCodeAt(0) - 65;
}

/** The check character of the first 15 characters (upper-case alphanumeric). */
export function fiscalCodeCheckChar(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i += 1) {
    const char = first15[i];
    sum += i % 2 === 0 ? ODD_VALUES[char] : evenValue(char);
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** R5.08 codice fiscale: 16 alphanumeric characters, upper-cased, last one by the checksum. */
export function isValidFiscalCode(value: string): boolean {
  const code = normalizeFiscalCode(value);
  if (!/^[A-Z0-9]{16}$/.test(code)) return false;
  return fiscalCodeCheckChar(code.slice(0, 15)) === code[15];
}

/**
 * A company's codice fiscale: 11 digits with the partita IVA's check digit (an association or a company
 * often has one without a VAT number), or a person's 16 characters (a sole trader's). The schema's
 * CodiceFiscaleType takes 11 to 16 characters; spec §5's 16-character rule (R5.08) is a person's.
 */
export function isValidCompanyFiscalCode(value: string): boolean {
  const code = normalizeFiscalCode(value);
  return /^[0-9]{11}$/.test(code) ? hasVatCheckDigit(code) : isValidFiscalCode(code);
}
