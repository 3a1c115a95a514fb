import type { PaymentMethod, RetailProduct } from '@pawline/contracts';
import { lineProblem, parseAmount, saleTotals, type LineDiscount, type SaleLineInput } from '@pawline/domain';

/** A line on the counter's screen: the product as the catalogue has it, and what the person typed. */
export type DraftLine = { product: RetailProduct; quantity: string; discountKind: 'none' | 'amount' | 'percent'; discountValue: string };

export const PAYMENT_CHOICES: readonly PaymentMethod[] = ['cash', 'card', 'bank_transfer', 'other'];

/** Scanning a product already on the sale adds one to its line; a new one gets a line of one. */
export function addProduct(lines: readonly DraftLine[], product: RetailProduct): DraftLine[] {
  const at = lines.findIndex((line) => line.product.id === product.id);
  if (at < 0) return [...lines, { product, quantity: '1', discountKind: 'none', discountValue: '' }];
  return lines.map((line, index) => (index === at ? { ...line, quantity: String((Number(line.quantity) || 0) + 1) } : line));
}

export function discountOf(line: DraftLine): LineDiscount {
  if (line.discountKind === 'amount') return { kind: 'amount', cents: parseAmount(line.discountValue) };
  if (line.discountKind === 'percent') return { kind: 'percent', percent: Number(line.discountValue.trim() || '0') };
  return null;
}

/** The line as libs/domain prices it (the service prices it the same way from the catalogue). */
export function inputOf(line: DraftLine): SaleLineInput {
  const quantity = /^\d+$/.test(line.quantity.trim()) ? Number(line.quantity) : 0;
  return { unit_price_cents: line.product.price_cents, quantity, vat_rate_bp: line.product.vat_rate_bp, discount: discountOf(line) };
}

/** The sale's totals, or null while a line cannot be priced (a quantity below 1, a discount above its line). */
export function draftTotals(lines: readonly DraftLine[]) {
  const inputs = lines.map(inputOf);
  const problems = inputs.map(lineProblem);
  return { problems, totals: problems.every((problem) => problem === null) ? saleTotals(inputs) : null };
}

/** The body of the sale route. */
export function saleBody(lines: readonly DraftLine[], payment: PaymentMethod) {
  return {
    payment_method: payment,
    lines: lines.map((line) => {
      const discount = discountOf(line);
      return { product_id: line.product.id, quantity: Number(line.quantity), ...(discount ? { discount } : {}) };
    }),
  };
}
