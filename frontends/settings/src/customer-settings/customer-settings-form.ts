import {
  CHECKOUT_ASKS,
  CHECKOUT_PET_FIELDS,
  MANDATORY_CUSTOMER_FIELDS,
  MANDATORY_CUSTOMER_INFO_MAX,
  type CheckoutAsk,
  type CheckoutPetField,
  type MandatoryCustomerField,
} from '@pawline/contracts';
import type { AnswerOf, BodyOf } from '@pawline/api-client';

// spec §5 (R5.13): up to 3 customer fields an organization makes mandatory, and for each pet field
// whether the check-out does not ask it, asks it, or asks it and requires an answer.
export type CrmSettings = AnswerOf<'getCrmSettings'>;
export type CrmSettingsChange = BodyOf<'updateCrmSettings'>;
// libs/contracts' zod-free lists (a schema's .options would bring zod into the bundle)
export {
  CHECKOUT_ASKS,
  CHECKOUT_PET_FIELDS,
  MANDATORY_CUSTOMER_FIELDS,
  type CheckoutAsk,
  type CheckoutPetField,
  type MandatoryCustomerField,
};
export const MANDATORY_MAX = MANDATORY_CUSTOMER_INFO_MAX;

export type CustomerSettingsForm = {
  /** in the order they were chosen */
  mandatory: readonly MandatoryCustomerField[];
  checkout: Readonly<Record<CheckoutPetField, CheckoutAsk>>;
};

const isCheckoutAsk = (value: unknown): value is CheckoutAsk => (CHECKOUT_ASKS as readonly unknown[]).includes(value);

/** A field the organization never set is not asked. */
export function customerSettingsFormOf(settings: CrmSettings): CustomerSettingsForm {
  const checkout = {} as Record<CheckoutPetField, CheckoutAsk>;
  for (const field of CHECKOUT_PET_FIELDS) {
    const value = settings.pet_checkout[field];
    checkout[field] = isCheckoutAsk(value) ? value : 'do_not_ask';
  }
  return { mandatory: settings.mandatory_customer_info.slice(0, MANDATORY_MAX), checkout };
}

/**
 * R5.13 choosing or leaving a mandatory customer field: a 4th is refused ('limit') and the choice stays
 * as it was; the form shows why.
 */
export function toggleMandatory(
  mandatory: readonly MandatoryCustomerField[],
  field: MandatoryCustomerField,
): { mandatory: readonly MandatoryCustomerField[]; refused: 'limit' | null } {
  if (mandatory.includes(field)) return { mandatory: mandatory.filter((f) => f !== field), refused: null };
  if (mandatory.length >= MANDATORY_MAX) return { mandatory, refused: 'limit' };
  return { mandatory: [...mandatory, field], refused: null };
}

/** The change to send: the mandatory list when it changed, and the pet fields whose answer changed. */
export function customerSettingsChange(saved: CustomerSettingsForm, form: CustomerSettingsForm): CrmSettingsChange {
  const change: CrmSettingsChange = {};
  const sameMandatory =
    saved.mandatory.length === form.mandatory.length && saved.mandatory.every((field) => form.mandatory.includes(field));
  if (!sameMandatory) change.mandatory_customer_info = [...form.mandatory];
  const checkout: Partial<Record<CheckoutPetField, CheckoutAsk>> = {};
  for (const field of CHECKOUT_PET_FIELDS) if (saved.checkout[field] !== form.checkout[field]) checkout[field] = form.checkout[field];
  if (Object.keys(checkout).length > 0) change.pet_checkout = checkout;
  return change;
}

export function isEmptyChange(change: CrmSettingsChange): boolean {
  return change.mandatory_customer_info === undefined && change.pet_checkout === undefined;
}
