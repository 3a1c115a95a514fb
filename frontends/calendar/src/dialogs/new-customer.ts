import type { BodyOf } from '@pawline/api-client';
import type { TranslationKey } from '@pawline/i18n';

// Issue 26/29: a customer on the phone is booked without leaving the dialog: name, phone and the first pet.

/** libs/contracts PET_TYPES (a browser takes no value from the contracts): the kinds the quick form offers. */
export const QUICK_PET_TYPES = [
  { value: 0, label: 'clients.petType_dog' },
  { value: 2, label: 'clients.petType_cat' },
  { value: 3, label: 'clients.petType_rabbit' },
  { value: -1, label: 'clients.petType_placeholder' },
] as const satisfies readonly { value: number; label: TranslationKey }[];
export const QUICK_PET_SIZES = ['small', 'medium', 'big'] as const;
export const QUICK_PET_HAIRS = ['short', 'medium', 'long'] as const;

export type NewCustomerForm = {
  first_name: string;
  last_name: string;
  fon: string;
  pet_name: string;
  pet_type: string;
  size: '' | (typeof QUICK_PET_SIZES)[number];
  hair: '' | (typeof QUICK_PET_HAIRS)[number];
};

export type NewCustomerErrors = Partial<Record<'first_name' | 'pet_name' | 'fon', TranslationKey>>;

/** The search text as the new customer's name: "Marco Bianchi" is first and last name. */
export function newCustomerFormOf(search: string): NewCustomerForm {
  const words = search.trim().split(/\s+/).filter(Boolean);
  const looksLikePhone = /^[+\d][\d\s/-]{4,}$/.test(search.trim());
  return {
    first_name: looksLikePhone ? '' : (words[0] ?? ''),
    last_name: looksLikePhone ? '' : words.slice(1).join(' '),
    fon: looksLikePhone ? search.trim() : '',
    pet_name: '',
    pet_type: '0',
    size: '',
    hair: '',
  };
}

export function validateNewCustomer(form: NewCustomerForm): NewCustomerErrors {
  const errors: NewCustomerErrors = {};
  if (!form.first_name.trim()) errors.first_name = 'validation.required';
  if (!form.pet_name.trim()) errors.pet_name = 'validation.required';
  if (form.fon.trim() && !/^[+\d][\d\s/().-]{3,39}$/.test(form.fon.trim())) errors.fon = 'validation.phoneFormat';
  return errors;
}

export function customerBodyOf(form: NewCustomerForm): BodyOf<'createCustomer'> {
  return { first_name: form.first_name.trim(), last_name: form.last_name.trim(), fon: form.fon.trim() || null };
}

export function petBodyOf(form: NewCustomerForm, customerId: string): BodyOf<'createPet'> {
  return {
    customer_id: customerId,
    name: form.pet_name.trim(),
    pet_type: Number(form.pet_type) as BodyOf<'createPet'>['pet_type'],
    size: form.size || null,
    hair: form.hair || null,
  };
}
