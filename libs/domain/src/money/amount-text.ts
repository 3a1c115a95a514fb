// spec §5 (R5.16): amount text keeps only digits, dot and comma, at most 2 decimals,
// optionally padded to 2; display uses a comma; parsing turns comma into dot; NaN gives 0.

export type AmountTextOptions = { pad?: boolean };

export const AMOUNT_DECIMALS = 2;

function splitAmount(text: string): { integer: string; decimals: string; hasSeparator: boolean } {
  const kept = text.replace(/[^0-9.,]/g, '');
  // The last dot or comma is the decimal separator; earlier ones are grouping and dropped.
  const separatorAt = Math.max(kept.lastIndexOf('.'), kept.lastIndexOf(','));
  if (separatorAt < 0) return { integer: kept, decimals: '', hasSeparator: false };
  return {
    integer: kept.slice(0, separatorAt).replace(/[.,]/g, ''),
    decimals: kept.slice(separatorAt + 1).slice(0, AMOUNT_DECIMALS),
    hasSeparator: true,
  };
}

/** The display text of what the user typed: '12.5' → '12,5', with pad '12,50'. */
export function sanitizeAmountText(text: string, options: AmountTextOptions = {}): string {
  const { integer, decimals, hasSeparator } = splitAmount(text);
  if (options.pad) {
    if (integer.length === 0 && decimals.length === 0) return '';
    return `${integer.length > 0 ? integer : '0'},${decimals.padEnd(AMOUNT_DECIMALS, '0')}`;
  }
  return hasSeparator ? `${integer},${decimals}` : integer;
}

/**
 * Amount text to integer cents: comma read as dot; text without digits (not a number) is 0.
 * Works on the digit strings rather than parseFloat, so 0.29 is 29 cents, not 28.999….
 */
export function parseAmount(text: string): number {
  const { integer, decimals } = splitAmount(text);
  const euros = integer.length > 0 ? Number(integer) : 0;
  return euros * 100 + Number(decimals.padEnd(AMOUNT_DECIMALS, '0'));
}

/** Display text of integer cents (1250 → '12,5', with pad '12,50') or of amount text. */
export function formatAmount(amount: number | string, options: AmountTextOptions = {}): string {
  if (typeof amount === 'string') return sanitizeAmountText(amount, options);
  const cents = Number.isFinite(amount) ? Math.round(amount) : 0;
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const integer = Math.floor(absolute / 100);
  const decimals = String(absolute % 100).padStart(AMOUNT_DECIMALS, '0');
  if (options.pad) return `${sign}${integer},${decimals}`;
  const trimmed = decimals.replace(/0+$/, '');
  return trimmed.length > 0 ? `${sign}${integer},${trimmed}` : `${sign}${integer}`;
}

/** The most money one amount holds, in cents (1 000 000,00), far inside the integer money columns. */
export const MONEY_CENTS_MAX = 100_000_000;

const MONEY_TEXT = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/;

/**
 * Amount text a client sent, read strictly into integer cents: digits, then a dot or comma and
 * one or two decimals, 0 to MONEY_CENTS_MAX. Anything else is null, never a guess: '-5', '1e10',
 * '12,345' and 'abc' are not amounts (parseAmount, for text being typed, would read 500, 11000,
 * 1234 and 0). The same grammar as libs/contracts moneyInputSchema.
 */
export function parseMoney(text: string): number | null {
  const match = MONEY_TEXT.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(AMOUNT_DECIMALS, '0'));
  return cents <= MONEY_CENTS_MAX ? cents : null;
}
