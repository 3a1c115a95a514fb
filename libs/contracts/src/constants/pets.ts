// spec §3 a pet's fields as numbers and words, and spec §5 (R5.13) what a salon asks of customers and pets.

/** spec §3: pet_type 0 or 1 dog, 2 cat, 3 rabbit, -1 placeholder. */
export const PET_TYPES = { placeholder: -1, dog: 0, dog_alt: 1, cat: 2, rabbit: 3 } as const;
export type PetTypeNumber = (typeof PET_TYPES)[keyof typeof PET_TYPES];

export const PET_HAIRS = ['short', 'medium', 'long'] as const;
export type PetHair = (typeof PET_HAIRS)[number];
export const PET_SIZES = ['small', 'medium', 'big'] as const;
export type PetSize = (typeof PET_SIZES)[number];
export const PET_SEXES = ['male', 'female'] as const;
export type PetSex = (typeof PET_SEXES)[number];
/** spec §3/§9: the six pet colours. */
export const PET_COLOURS = ['orange', 'white', 'grey', 'brown', 'black', 'brindle'] as const;
export type PetColour = (typeof PET_COLOURS)[number];

/** R5.13 the customer fields an organization can make mandatory, at most MANDATORY_CUSTOMER_INFO_MAX of them. */
export const MANDATORY_CUSTOMER_FIELDS = ['last_name', 'address', 'city', 'zip_code', 'country', 'fon', 'fon_2', 'email'] as const;
export type MandatoryCustomerField = (typeof MANDATORY_CUSTOMER_FIELDS)[number];
export const MANDATORY_CUSTOMER_INFO_MAX = 3;

/** R5.13 the pet fields a check-out may ask, and how: do not ask, ask, or ask and require an answer. */
export const CHECKOUT_PET_FIELDS = ['breed', 'hair', 'size', 'sex', 'born', 'weight', 'colour', 'microchip'] as const;
export type CheckoutPetField = (typeof CHECKOUT_PET_FIELDS)[number];
export const CHECKOUT_ASKS = ['do_not_ask', 'ask', 'ask_required'] as const;
export type CheckoutAsk = (typeof CHECKOUT_ASKS)[number];
