// Issue 26: the check-out takes a discount as an amount or as a percentage of the final price ('10%' is not
// €10). Money is integer cents (docs/architecture.md, "Data").

export type DiscountInput = { cents: number } | { percent: number };

export type Discount =
  { ok: true; cents: number; percent: number | null } | { ok: false; reason: 'more_than_price' | 'percent_out_of_range' };

/**
 * The discount in cents of a final price: an amount as given, or the percentage of the price rounded to the
 * nearest cent (half a cent up). A discount above the price, or a percentage outside 0–100, is refused.
 */
export function checkoutDiscount(finalPriceCents: number, input: DiscountInput): Discount {
  if ('percent' in input) {
    if (!(input.percent >= 0 && input.percent <= 100)) return { ok: false, reason: 'percent_out_of_range' };
    // in hundredths of a cent first, so 12.5 % of 19,99 is 24,99 rounded from 24,9875 and not from a float's 24,98749…
    const hundredths = Math.round(finalPriceCents * Math.round(input.percent * 100));
    return { ok: true, cents: Math.floor((hundredths + 5_000) / 10_000), percent: input.percent };
  }
  if (input.cents > finalPriceCents) return { ok: false, reason: 'more_than_price' };
  return { ok: true, cents: input.cents, percent: null };
}
