import { formatAmount, parseAmount } from '@pawline/domain';

export type CheckOutForm = { finalPrice: string; discount: string; cashedIn: boolean };

/** R4.11 check-out: the total is the final price minus the discount, never below 0 (amounts as R5.16 text). */
export function checkOutTotals(form: CheckOutForm): { final_price: number; discount: number; total: number; cashed_in: boolean } {
  const finalPrice = parseAmount(form.finalPrice);
  const discount = Math.min(parseAmount(form.discount), finalPrice);
  return { final_price: finalPrice, discount, total: finalPrice - discount, cashed_in: form.cashedIn };
}

export function checkOutFormOf(a: { price: number; final_price: number | null; discount: number; cashed_in: boolean }): CheckOutForm {
  return {
    finalPrice: formatAmount(a.final_price ?? a.price, { pad: true }),
    discount: formatAmount(a.discount, { pad: true }),
    cashedIn: true,
  };
}
