import { z } from 'zod';
import { DEPOSIT_OVERRIDES } from '../constants/no-show';
import {
  CHECKOUT_ASKS,
  CHECKOUT_PET_FIELDS,
  MANDATORY_CUSTOMER_FIELDS,
  PET_COLOURS,
  PET_HAIRS,
  PET_SEXES,
  PET_SIZES,
  PET_TYPES,
} from '../constants/pets';
import { calendarDateSchema } from '../core/input-values';

const uuid = z.string().uuid();
const isoTimestamp = z.string();
const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).nullable().optional();

/** spec §3 a pet's type, hair, size, sex and colour (the lists: constants/pets.ts). */
export const petTypeSchema = z.union([
  z.literal(PET_TYPES.placeholder),
  z.literal(PET_TYPES.dog),
  z.literal(PET_TYPES.dog_alt),
  z.literal(PET_TYPES.cat),
  z.literal(PET_TYPES.rabbit),
]);
export const petHairSchema = z.enum(PET_HAIRS);
export const petSizeSchema = z.enum(PET_SIZES);
export const petSexSchema = z.enum(PET_SEXES);
export const petColourSchema = z.enum(PET_COLOURS);

/** R3.20 31 fixed tag icons with ids 1 to 31; 0 means none. */
export const TAG_ICON_MAX = 31;
export const tagIconSchema = z.number().int().min(0).max(TAG_ICON_MAX);
export const tagKindSchema = z.enum(['customer', 'pet']);
export type TagKind = z.infer<typeof tagKindSchema>;

/** An ordered tag assignment (spec §3: tag_id, tag_order). */
export const tagAssignmentInputSchema = z.strictObject({ tag_id: uuid, tag_order: z.number().int().min(0).max(10_000) });

export const tagSchema = z.object({
  id: uuid,
  orga_id: uuid,
  kind: tagKindSchema,
  name: z.string(),
  icon: tagIconSchema,
  emoji: z.string().nullable(),
  tag_order: z.number().int(),
});
export type Tag = z.infer<typeof tagSchema>;

export const assignedTagSchema = z.object({
  tag_id: uuid,
  tag_order: z.number().int(),
  name: z.string(),
  icon: tagIconSchema,
  emoji: z.string().nullable(),
});
export type AssignedTag = z.infer<typeof assignedTagSchema>;

/** R1.10 external service configuration: a unique service id and a name per organization. */
export const externalServiceSchema = z.object({ id: uuid, orga_id: uuid, service_id: z.string(), name: z.string() });
export type ExternalService = z.infer<typeof externalServiceSchema>;

/** A customer's entity id in one external service. */
export const customerExternalIdSchema = z.object({
  external_service_id: uuid,
  service_id: z.string(),
  name: z.string(),
  entity_id: z.string(),
});
export const customerExternalIdInputSchema = z.strictObject({ external_service_id: uuid, entity_id: text(200).min(1) });

/** R3.05 the customer's own fields as clients write them (no defaults here: updates reuse them as partial). */
export const customerFieldsSchema = z.strictObject({
  first_name: text(100).min(1),
  last_name: text(100).optional(),
  address: optionalText(200),
  city: optionalText(100),
  zip_code: optionalText(20),
  country: z.string().trim().length(2).nullable().optional(),
  fon: optionalText(40),
  fon_2: optionalText(40),
  email: optionalText(254),
  notes: optionalText(5000),
  veterinary: optionalText(1000),
  consent_messages: z.boolean().optional(),
  consent_reminders: z.boolean().optional(),
  consent_marketing: z.boolean().optional(),
});
export type CustomerFields = z.infer<typeof customerFieldsSchema>;

export const customerSchema = z.object({
  id: uuid,
  orga_id: uuid,
  store_id: uuid,
  first_name: z.string(),
  last_name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  zip_code: z.string().nullable(),
  country: z.string().nullable(),
  fon: z.string().nullable(),
  fon_2: z.string().nullable(),
  email: z.string().nullable(),
  notes: z.string().nullable(),
  veterinary: z.string().nullable(),
  consent_messages: z.boolean(),
  consent_reminders: z.boolean(),
  consent_marketing: z.boolean(),
  privacy_file_id: uuid.nullable(),
  pet_names: z.array(z.string()),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type Customer = z.infer<typeof customerSchema>;

/**
 * Issue 30 staff's choice for one customer over the no-show risk rule: 'always' ask a deposit or card, 'never', or
 * 'automatic' (the store's policy decides by the rule); who chose it and when (null while never chosen).
 */
export const depositOverrideSchema = z.object({
  mode: z.enum(DEPOSIT_OVERRIDES),
  set_by: uuid.nullable(),
  set_at: z.string().nullable(),
});
export type DepositOverrideSetting = z.infer<typeof depositOverrideSchema>;

/** R7.07 GET .../customer/{id}: customer, tags, external_services. */
export const customerDetailSchema = z.object({
  customer: customerSchema,
  tags: z.array(assignedTagSchema),
  external_services: z.array(customerExternalIdSchema),
  /** issue 26: how often the customer did not come (their pets' no-show appointments); always answered, optional for older clients */
  no_shows: z.number().int().optional(),
  /** issue 30: staff's deposit choice for the customer (always answered, optional for older clients) */
  deposit_override: depositOverrideSchema.optional(),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** R3.06 the pet's own fields as clients write them. */
export const petFieldsSchema = z.strictObject({
  name: text(100).min(1),
  pet_type: petTypeSchema.optional(),
  breed: optionalText(100),
  hair: petHairSchema.nullable().optional(),
  size: petSizeSchema.nullable().optional(),
  sex: petSexSchema.nullable().optional(),
  born: calendarDateSchema.nullable().optional(),
  weight: z.number().min(0).max(500).nullable().optional(),
  allergies: optionalText(2000),
  sterilized: z.boolean().nullable().optional(),
  vaccinated: z.boolean().nullable().optional(),
  colour: petColourSchema.nullable().optional(),
  microchip: optionalText(64),
  attitude: optionalText(1000),
  notes: optionalText(5000),
  medical: optionalText(5000),
});
export type PetFields = z.infer<typeof petFieldsSchema>;

export const petSchema = z.object({
  id: uuid,
  orga_id: uuid,
  store_id: uuid,
  customer_id: uuid,
  name: z.string(),
  pet_type: petTypeSchema,
  breed: z.string().nullable(),
  hair: petHairSchema.nullable(),
  size: petSizeSchema.nullable(),
  sex: petSexSchema.nullable(),
  born: z.string().nullable(),
  weight: z.number().nullable(),
  allergies: z.string().nullable(),
  sterilized: z.boolean().nullable(),
  vaccinated: z.boolean().nullable(),
  colour: petColourSchema.nullable(),
  microchip: z.string().nullable(),
  attitude: z.string().nullable(),
  notes: z.string().nullable(),
  medical: z.string().nullable(),
  image_ids: z.array(uuid),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type Pet = z.infer<typeof petSchema>;

/**
 * What other services keep of a customer (messaging's directory: names, phones, consents), carried by the
 * customer events. `version` is the source's clock when the event was written, after the row was changed
 * under its lock, so a consumer that keeps the newest version never goes back when events repeat or overtake.
 */
export const customerEventSnapshotSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  country: z.string().nullable(),
  fon: z.string().nullable(),
  fon_2: z.string().nullable(),
  consent_messages: z.boolean(),
  consent_reminders: z.boolean(),
  consent_marketing: z.boolean(),
  version: isoTimestamp,
  /** marketing's audience filters (cities, excluded tags); optional: events written before they were carried lack them */
  city: z.string().nullable().optional(),
  tag_ids: z.array(z.string().uuid()).optional(),
});
export type CustomerEventSnapshot = z.infer<typeof customerEventSnapshotSchema>;

/** What other services keep of a pet (messaging: the name in reminders, the birthday), with its version as above. */
export const petEventSnapshotSchema = z.object({ name: z.string(), born: z.string().nullable(), version: isoTimestamp });
export type PetEventSnapshot = z.infer<typeof petEventSnapshotSchema>;

/** R7.07 GET .../pet/{id}: pet, tags. */
export const petDetailSchema = z.object({ pet: petSchema, tags: z.array(assignedTagSchema) });
export type PetDetail = z.infer<typeof petDetailSchema>;

/** Where a request acts: the organization and the store of the route (every crm request names both or the orga alone). */
export const storeScopeSchema = { orga_id: uuid, store_id: uuid };

/** A list per store (store_id) or the organization's shared list (store_id null, needs share_pets). */
export const listScopeSchema = { orga_id: uuid, store_id: uuid.nullable() };

export const CUSTOMER_PAGE_SIZE = 50;
export const CUSTOMER_PAGE_SIZE_MAX = 200;
export const customerSortSchema = z.enum(['name', 'name_desc', 'created', 'created_desc']);
export type CustomerSort = z.infer<typeof customerSortSchema>;

/** R5.13 the customer fields an organization can make mandatory, and the pet fields a check-out asks. */
export const mandatoryCustomerInfoSchema = z.enum(MANDATORY_CUSTOMER_FIELDS);
export const checkoutAskSchema = z.enum(CHECKOUT_ASKS);
export const checkoutPetFieldSchema = z.enum(CHECKOUT_PET_FIELDS);
export const petCheckoutSchema = z.partialRecord(checkoutPetFieldSchema, checkoutAskSchema);

export const crmSettingsSchema = z.object({
  orga_id: uuid,
  mandatory_customer_info: z.array(mandatoryCustomerInfoSchema),
  pet_checkout: z.record(z.string(), checkoutAskSchema),
});
export type CrmSettings = z.infer<typeof crmSettingsSchema>;

/** R3.19 file kinds this service stores (whatsapp_profile belongs to messaging); issue 31 adds a vaccination's proof. */
export const crmFileKindSchema = z.enum(['customer_privacy', 'pet_image', 'vaccination_proof']);
export type CrmFileKind = z.infer<typeof crmFileKindSchema>;

export const storedFileSchema = z.object({
  id: uuid,
  orga_id: uuid,
  kind: crmFileKindSchema,
  owner_id: uuid,
  file_name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  has_thumbnail: z.boolean(),
  created_at: isoTimestamp,
});
export type StoredFile = z.infer<typeof storedFileSchema>;

/**
 * NATS' default max_payload is 1 MiB, so file bytes travel in parts of at most 512 KiB
 * (base64 ≈ 683 KiB plus the envelope).
 */
export const FILE_PART_BYTES = 512 * 1024;
export const FILE_PART_BASE64_MAX = Math.ceil(FILE_PART_BYTES / 3) * 4;
