// WhatsApp numbers of customers: E.164 digits without '+', or null when the text is no mobile number we can
// reach. libphonenumber-js is not installed; this covers the countries the product is sold in (spec §9: UK,
// Italy, Germany, France, Spain, Switzerland) by their numbering plans, and other countries only when the number
// is written internationally (+CC…, 00CC…), checked for E.164's length alone.

type Plan = {
  /** country calling code */
  cc: string;
  /** the national trunk prefix dropped after the country code ('0'); Italy keeps its leading 0 */
  trunk: '0' | null;
  /** a mobile national significant number (what follows the country code) */
  mobile: RegExp;
};

const PLANS: Record<string, Plan> = {
  // 07xxx xxxxxx: 071–075, 077–079 and the Isle of Man's 07624; 070 (personal) and 076 (pagers) are not mobiles
  GB: { cc: '44', trunk: '0', mobile: /^7(?:[1-57-9]\d{8}|624\d{6})$/ },
  // 3xx xxxxxxx (9 or 10 digits)
  IT: { cc: '39', trunk: null, mobile: /^3\d{8,9}$/ },
  // 015x, 016x, 017x: 10 or 11 digits
  DE: { cc: '49', trunk: '0', mobile: /^1[5-7]\d{8,9}$/ },
  // 06 and 073–079: 9 digits
  FR: { cc: '33', trunk: '0', mobile: /^(?:6\d|7[3-9])\d{7}$/ },
  // 6xx and 71x–74x: 9 digits, no trunk prefix
  ES: { cc: '34', trunk: null, mobile: /^(?:6\d|7[1-4])\d{7}$/ },
  // 075–079: 9 digits
  CH: { cc: '41', trunk: '0', mobile: /^7[5-9]\d{7}$/ },
};

const PLAN_BY_CC = new Map(Object.values(PLANS).map((plan) => [plan.cc, plan]));

/** The plan of a 2-letter country ('UK' is GB), or null for countries we have no plan of. */
function planOf(country: string | null | undefined): Plan | null {
  if (!country) return null;
  const code = country.trim().toUpperCase();
  return PLANS[code === 'UK' ? 'GB' : code] ?? null;
}

/** Digits of the national number under `plan`, its trunk 0 dropped when the plan has one. */
function withPlan(plan: Plan, national: string): string | null {
  const nsn = plan.trunk && national.startsWith(plan.trunk) ? national.slice(plan.trunk.length) : national;
  return plan.mobile.test(nsn) ? `${plan.cc}${nsn}` : null;
}

/**
 * A customer's phone as WhatsApp's `to` (E.164 digits without '+'), read with the customer's (else the store's)
 * country when it is written nationally; null when it is not a mobile number of that plan, or not a number.
 */
export function normaliseMobile(text: string | null | undefined, defaultCountry: string | null | undefined): string | null {
  if (!text) return null;
  // "+44 (0)7911 123456": the bracketed trunk 0 of an international number is not dialled
  const cleaned = text.trim().replace(/\(0\)/g, '');
  if (!/^\+?[0-9 .\-/()]+$/.test(cleaned)) return null;
  const international = cleaned.startsWith('+');
  let digits = cleaned.replace(/\D/g, '');
  if (digits.length === 0) return null;
  if (international || digits.startsWith('00')) {
    if (!international) digits = digits.slice(2);
    for (const length of [1, 2, 3]) {
      const plan = PLAN_BY_CC.get(digits.slice(0, length));
      // "+39 0…" is an Italian landline; "+44 07…" is a trunk 0 written by mistake, dropped like the (0)
      if (plan) return withPlan(plan, digits.slice(length));
    }
    // a country without a plan here: E.164 allows at most 15 digits and no leading 0
    return /^[1-9]\d{7,14}$/.test(digits) ? digits : null;
  }
  const plan = planOf(defaultCountry);
  return plan ? withPlan(plan, digits) : null;
}

/** The first of a customer's phones (fon, then fon_2) that is a mobile number, as E.164 digits. */
export function customerMobile(phones: (string | null | undefined)[], defaultCountry: string | null | undefined): string | null {
  for (const phone of phones) {
    const mobile = normaliseMobile(phone, defaultCountry);
    if (mobile) return mobile;
  }
  return null;
}
