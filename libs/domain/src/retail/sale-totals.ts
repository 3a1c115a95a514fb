// Issue 32, the counter: shelf prices include VAT (Italian, German and French retail), so the VAT of a
// line is taken out of its total, not added to it. Rounding is per line to the cent (half up), and the
// receipt's VAT summary sums the lines' VAT per rate: the sum of the parts is what the till prints.

/** A line's discount: an amount off the whole line (cents) or a whole percentage of it. */
export type LineDiscount = { kind: 'amount'; cents: number } | { kind: 'percent'; percent: number } | null;

export type SaleLineInput = {
  /** price of one unit, VAT included, in cents */
  unit_price_cents: number;
  quantity: number;
  /** VAT rate in basis points: 22 % is 2200, 5.5 % is 550 */
  vat_rate_bp: number;
  discount: LineDiscount;
};

export type SaleLineTotals = {
  gross_cents: number;
  discount_cents: number;
  /** what the customer pays for the line, VAT included */
  total_cents: number;
  vat_cents: number;
  net_cents: number;
};

export type VatSummaryRow = { vat_rate_bp: number; total_cents: number; vat_cents: number; net_cents: number };

export type SaleTotals = {
  lines: SaleLineTotals[];
  gross_cents: number;
  discount_cents: number;
  total_cents: number;
  vat_cents: number;
  /** one row per VAT rate, lowest rate first */
  by_rate: VatSummaryRow[];
};

/** Why a line cannot be priced: the discount takes more than the line or is not a whole 0–100 %. */
export type SaleLineProblem = 'discount_exceeds_line' | 'discount_invalid' | 'quantity_invalid';

/** a / b rounded half up, for non-negative integers (the till's rounding). */
function divideRounded(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/** The VAT inside an amount that includes it: 12.20 € at 22 % holds 2.20 €. */
export function vatIncluded(totalCents: number, vatRateBp: number): number {
  if (vatRateBp <= 0 || totalCents <= 0) return 0;
  return divideRounded(totalCents * vatRateBp, 10_000 + vatRateBp);
}

export function lineProblem(line: SaleLineInput): SaleLineProblem | null {
  if (!Number.isInteger(line.quantity) || line.quantity < 1) return 'quantity_invalid';
  const gross = line.unit_price_cents * line.quantity;
  const discount = line.discount;
  if (discount === null) return null;
  if (discount.kind === 'percent') {
    return Number.isInteger(discount.percent) && discount.percent >= 0 && discount.percent <= 100 ? null : 'discount_invalid';
  }
  if (!Number.isInteger(discount.cents) || discount.cents < 0) return 'discount_invalid';
  return discount.cents > gross ? 'discount_exceeds_line' : null;
}

export function lineTotals(line: SaleLineInput): SaleLineTotals {
  const problem = lineProblem(line);
  if (problem) throw new Error(`sale line: ${problem}`);
  const gross = line.unit_price_cents * line.quantity;
  const discount = line.discount;
  const discountCents = discount === null ? 0 : discount.kind === 'amount' ? discount.cents : divideRounded(gross * discount.percent, 100);
  const total = gross - discountCents;
  const vat = vatIncluded(total, line.vat_rate_bp);
  return { gross_cents: gross, discount_cents: discountCents, total_cents: total, vat_cents: vat, net_cents: total - vat };
}

export function saleTotals(lines: readonly SaleLineInput[]): SaleTotals {
  const priced = lines.map(lineTotals);
  const byRate = new Map<number, VatSummaryRow>();
  priced.forEach((totals, index) => {
    const rate = lines[index]?.vat_rate_bp ?? 0;
    const row = byRate.get(rate) ?? { vat_rate_bp: rate, total_cents: 0, vat_cents: 0, net_cents: 0 };
    row.total_cents += totals.total_cents;
    row.vat_cents += totals.vat_cents;
    row.net_cents += totals.net_cents;
    byRate.set(rate, row);
  });
  const sum = (key: keyof SaleLineTotals) => priced.reduce((acc, totals) => acc + totals[key], 0);
  return {
    lines: priced,
    gross_cents: sum('gross_cents'),
    discount_cents: sum('discount_cents'),
    total_cents: sum('total_cents'),
    vat_cents: sum('vat_cents'),
    by_rate: [...byRate.values()].sort((a, b) => a.vat_rate_bp - b.vat_rate_bp),
  };
}

/**
 * What returning `quantity` more units of a line gives back: the share of the line's total, taken so
 * that returning every unit, in any steps, gives back exactly what was paid (a discounted line's
 * cents are never lost or doubled by rounding).
 */
export function refundCents(lineTotalCents: number, lineQuantity: number, alreadyReturned: number, quantity: number): number {
  if (alreadyReturned + quantity > lineQuantity) throw new Error('return: more units than the line sold');
  const upTo = (units: number) => divideRounded(lineTotalCents * units, lineQuantity);
  return upTo(alreadyReturned + quantity) - upTo(alreadyReturned);
}

/** Low stock: what is on hand has come down to the reorder level (a level of 0 warns when none is left). */
export function isLowStock(onHand: number, reorderLevel: number): boolean {
  return onHand <= reorderLevel;
}

/** The change a count makes: the counted figure is the truth, the movement is the difference. */
export function countCorrection(onHand: number, counted: number): number {
  return counted - onHand;
}

/** Basis points from a percentage a person typed (22, 5.5, "4,0"), or null when it is not 0–100 with at most 2 decimals. */
export function vatRateBp(text: string | number): number | null {
  const normalized = String(text).trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(normalized)) return null;
  const bp = Math.round(Number(normalized) * 100);
  return bp <= 10_000 ? bp : null;
}

/**
 * The standard VAT rate a salon's grooming service carries in the store's country (basis points), or null
 * where Pawline does not know it: the check-out then asks for the rate.
 */
export function standardVatRateBp(country: string): number | null {
  const rates: Record<string, number> = { IT: 2200, DE: 1900, FR: 2000, AT: 2000, BE: 2100, NL: 2100, ES: 2100, PT: 2300, LU: 1700, SM: 0 };
  return rates[country.toUpperCase()] ?? null;
}
