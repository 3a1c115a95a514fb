import { z } from 'zod';
import { defineRpc } from '../core';

const uuid = z.string().uuid();
const scope = { orga_id: uuid, store_id: uuid };

// Issue 31 a store's service agreement: text per language, versioned; customers accept a version in the widget
// at their first online booking or through a signed link; booking keeps who accepted which version when.

const agreementTextSchema = z.string().trim().max(20_000);
export const agreementTextsSchema = z
  .strictObject({
    en: agreementTextSchema.optional(),
    it: agreementTextSchema.optional(),
    de: agreementTextSchema.optional(),
    fr: agreementTextSchema.optional(),
  })
  .refine((texts) => Object.values(texts).some((text) => (text ?? '').trim() !== ''), {
    message: 'At least one language needs a text',
    path: ['en'],
  });

export const storeAgreementSchema = z.object({
  store_id: uuid,
  version: z.number().int().min(1),
  texts: z.record(z.string(), z.string()),
  published_at: z.string(),
  published_by: uuid.nullable(),
});
export type StoreAgreement = z.infer<typeof storeAgreementSchema>;

export const agreementAcceptanceSchema = z.object({
  version: z.number().int(),
  name: z.string(),
  accepted_at: z.string(),
  ip_address: z.string().nullable(),
  /** widget: at an online booking; link: through the signed link */
  via: z.enum(['widget', 'link']),
});

export const customerAgreementSchema = z.object({
  /** none: the store has no agreement; accepted; outdated: an older version only; missing */
  state: z.enum(['none', 'accepted', 'outdated', 'missing']),
  current_version: z.number().int().nullable(),
  acceptances: z.array(agreementAcceptanceSchema),
});
export type CustomerAgreement = z.infer<typeof customerAgreementSchema>;

/** The store's current agreement (the last version), or null. */
export const getStoreAgreementRpc = defineRpc('rpc.booking.agreement.get', z.strictObject({ ...scope }), storeAgreementSchema.nullable());

/** Publishes a new version (never edits an old one: customers accepted its words); every customer must accept it again. */
export const publishStoreAgreementRpc = defineRpc(
  'rpc.booking.agreement.publish',
  z.strictObject({ ...scope, texts: agreementTextsSchema }),
  storeAgreementSchema,
);

/** Whether a customer accepted the current version, and every acceptance kept. */
export const getCustomerAgreementRpc = defineRpc(
  'rpc.booking.agreement.customer',
  z.strictObject({ ...scope, customer_id: uuid }),
  customerAgreementSchema,
);

/** A signed token for the customer to accept the current version on the public page (valid 30 days). */
export const createAgreementLinkRpc = defineRpc(
  'rpc.booking.agreement.link',
  z.strictObject({ ...scope, customer_id: uuid }),
  z.object({ token: z.string(), version: z.number().int(), expires_at: z.string() }),
);

export const agreementTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,400}$/, 'Not a valid link');

/** The public page: the store's name and the agreement's text of the linked version in the asked language. */
export const getPublicAgreementRpc = defineRpc(
  'rpc.booking.public.agreement-get',
  z.strictObject({ token: agreementTokenSchema, lang: z.string().max(5).default('en') }),
  z.object({ store_name: z.string(), version: z.number().int(), text: z.string(), accepted: z.boolean() }),
);

/** The customer accepts through the link: the name typed; the time and address are the server's. */
export const acceptPublicAgreementRpc = defineRpc(
  'rpc.booking.public.agreement-accept',
  z.strictObject({ token: agreementTokenSchema, name: z.string().max(200), ip_address: z.string().max(64).nullable() }),
  agreementAcceptanceSchema,
);
