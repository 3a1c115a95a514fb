import type { Appointment, PaymentMethod, RetailProduct } from '@pawline/contracts';
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

/** What the check-out of an appointment adds to the sale: its service as scheduling booked it, and a tip for its groomer. */
export type ServiceDraft = {
  appointment: Pick<Appointment, 'id' | 'price' | 'discount' | 'user_id'>;
  name: string;
  /** the standard rate of the store's country; null where Pawline does not know it (the server then asks) */
  vatRateBp: number | null;
  discountKind: DraftLine['discountKind'] | 'booked';
  discountValue: string;
  tip: string;
};

/** A tip as typed: empty is none, else an amount with at most two decimals ("5", "2,50"); null when unreadable. */
export function tipCents(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^\d{1,4}([.,]\d{1,2})?$/.test(trimmed)) return null;
  return parseAmount(trimmed);
}

/** The service line's discount: the one booked with the appointment until the person chooses another. */
export function serviceDiscount(service: ServiceDraft): LineDiscount {
  if (service.discountKind === 'booked') {
    const booked = Math.min(service.appointment.discount, service.appointment.price);
    return booked > 0 ? { kind: 'amount', cents: booked } : null;
  }
  return discountOf({ discountKind: service.discountKind, discountValue: service.discountValue } as DraftLine);
}

export function serviceInput(service: ServiceDraft): SaleLineInput {
  return {
    unit_price_cents: service.appointment.price,
    quantity: 1,
    vat_rate_bp: service.vatRateBp ?? 0,
    discount: serviceDiscount(service),
  };
}

/** The sale's totals with the service first, as the service prices them, or null while a line cannot be priced. */
export function checkoutTotals(service: ServiceDraft | null, lines: readonly DraftLine[]) {
  const inputs = [...(service ? [serviceInput(service)] : []), ...lines.map(inputOf)];
  const problems = inputs.map(lineProblem);
  return { problems, totals: problems.every((problem) => problem === null) && inputs.length > 0 ? saleTotals(inputs) : null };
}

/** The body of a check-out: the sale's body with the appointment, its service's discount and VAT, and the tip for its groomer. */
export function checkoutBody(service: ServiceDraft, lines: readonly DraftLine[], payment: PaymentMethod) {
  const tip = tipCents(service.tip) ?? 0;
  const groomer = service.appointment.user_id;
  return {
    ...saleBody(lines, payment),
    appointment_id: service.appointment.id,
    ...(service.vatRateBp === null ? {} : { service_vat_rate_bp: service.vatRateBp }),
    ...(service.discountKind === 'booked' ? {} : { service_discount: serviceDiscount(service) }),
    tips: groomer && tip > 0 ? [{ user_id: groomer, cents: tip }] : [],
  };
}
