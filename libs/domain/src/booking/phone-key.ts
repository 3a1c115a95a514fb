/** Digits of a phone compared for booking's match (crm's customer.match and booking's closed-to check, issue 30): at least this many, from the end. */
const KEY_DIGITS = 9;

/**
 * The digits two phone numbers are compared on: separators, a leading + or 00 and the country code aside, the last
 * nine digits ('+39 333 123 4567', '0039 3331234567' and '333-1234567' are one number). Fewer than six digits are no
 * number (null).
 */
export function phoneKey(text: string | null | undefined): string | null {
  const digits = (text ?? '').replace(/\D/g, '').replace(/^00/, '');
  if (digits.length < 6) return null;
  return digits.slice(-KEY_DIGITS);
}
