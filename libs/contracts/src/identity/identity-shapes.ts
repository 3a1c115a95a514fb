import { z } from 'zod';
import { COUNTRY_CODES } from '../constants/countries';
import { LANGUAGES } from '../core/languages';

/** Languages of the interface and of mails (spec §1). */
export const identityLanguageSchema = z.enum(LANGUAGES);
export type IdentityLanguage = z.infer<typeof identityLanguageSchema>;

/** Countries offered at registration (COUNTRY_CODES). */
export const registrationCountrySchema = z.enum(COUNTRY_CODES);
export type RegistrationCountry = z.infer<typeof registrationCountrySchema>;

/** spec §6: owner 0, admin 1, moderator 2, worker 3, worker2 4. */
export const rankSchema = z.number().int().min(0).max(4);

const isoTimestamp = z.string();

/** The session pair handed out by login and refresh. */
export const sessionTokensSchema = z.object({
  access_token: z.string(),
  /** ISO time the access token expires. */
  expires_at: isoTimestamp,
  refresh_token: z.string(),
  user_id: z.string().uuid(),
});

/** Person data (spec §3 "Person user"). orga_id is the user's main organization. */
export const personUserSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  language: identityLanguageSchema,
  orga_id: z.string().uuid().nullable(),
  rating_enable: z.boolean(),
  last_rating_time: isoTimestamp.nullable(),
  email_verified: z.boolean(),
  /** R1.14: a new address waiting for verification; the old one stays in use until then. */
  pending_email: z.string().nullable(),
  created_at: isoTimestamp,
  /** Issue 29: the welcome card was closed (on any device); identity always sends it, older fixtures may lack it. */
  welcome_seen: z.boolean().optional(),
});
export type PersonUser = z.infer<typeof personUserSchema>;

export const storeSchema = z.object({
  id: z.string().uuid(),
  orga_id: z.string().uuid(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  zip_code: z.string().nullable(),
  country: z.string(),
  address_from_orga: z.boolean(),
  phone: z.string().nullable(),
  /** IANA zone, e.g. Europe/Rome. */
  time_zone: z.string(),
});
export type Store = z.infer<typeof storeSchema>;

/** An organization user (membership) as listed in an organization. */
export const orgaUserSchema = z.object({
  id: z.string().uuid(),
  user_id: z.string().uuid(),
  orga_id: z.string().uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  username: z.string(),
  orga_rank: rankSchema,
  /** store id → rank for store-level overrides */
  store_override: z.record(z.string(), rankSchema),
  employee_status: z.number().int(),
  color_scheme: z.string(),
  active: z.boolean(),
});
export type OrgaUser = z.infer<typeof orgaUserSchema>;

/** The identity-owned fields of an organization (spec §3). */
export const organizationSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  zip_code: z.string().nullable(),
  country: z.string(),
  address_from_owner: z.boolean(),
  tier: z.number().int().min(0),
  created_at: isoTimestamp,
  subscribed_since: isoTimestamp.nullable(),
  subscribed_until: isoTimestamp.nullable(),
  share_pets: z.boolean(),
  admin_notification: z.string().nullable(),
  min_rank_read_store: rankSchema,
  min_rank_write_store: rankSchema,
  min_rank_read_pets: rankSchema,
  min_rank_write_pets: rankSchema,
  promo_code: z.string().nullable(),
  /** what the calendar's appointment cards show: a JSON list of card fields, null for the default card (optional: absent in answers of older builds) */
  appointment_card_custom: z.string().nullable().optional(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** appointment_card_custom as written: a JSON list of 1 to 10 field names (the calendar ignores names it does not know, R8.08). */
export const appointmentCardCustomSchema = z
  .string()
  .max(500)
  .refine((text) => {
    try {
      const value: unknown = JSON.parse(text);
      return (
        Array.isArray(value) &&
        value.length > 0 &&
        value.length <= 10 &&
        value.every((f) => typeof f === 'string' && /^[a-z_]{1,30}$/.test(f))
      );
    } catch {
      return false;
    }
  }, 'a JSON list of card field names');

/** An organization as listed for a user, with that user's rank in it. */
export const organizationSummarySchema = organizationSchema.extend({ orga_rank: rankSchema });
export type OrganizationSummary = z.infer<typeof organizationSummarySchema>;

export const organizationDetailSchema = organizationSchema.extend({
  stores: z.array(storeSchema),
  users: z.array(orgaUserSchema),
});
export type OrganizationDetail = z.infer<typeof organizationDetailSchema>;

// the membership shapes moved to core (they travel in every RPC envelope of an organization's request)
export { memberAccessSchema, minRanksSchema, type MemberAccess } from '../core/member-access';

export const sandboxMailSchema = z.object({
  id: z.string().uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: isoTimestamp,
});
export type SandboxMail = z.infer<typeof sandboxMailSchema>;

/** 'border:card' hex colours (R3.03, R9.09): one of the 8 presets or custom. */
export const colorSchemeSchema = z
  .string()
  .trim()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}):#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'border:card, two hex colours');

/** An organization user with the contact data only organization administrators see (spec §3). */
export const orgaUserDetailSchema = orgaUserSchema.extend({
  address: z.string().nullable(),
  city: z.string().nullable(),
  zip_code: z.string().nullable(),
  country: z.string().nullable(),
  /** spec §3 names the phone fon_nr */
  fon_nr: z.string().nullable(),
});
export type OrgaUserDetail = z.infer<typeof orgaUserDetailSchema>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** Writable fields of an organization user, shared by create and update. */
export const orgaUserFieldsSchema = z.strictObject({
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  address: optionalText(200),
  city: optionalText(100),
  zip_code: optionalText(20),
  country: registrationCountrySchema.nullable().optional(),
  /** checked with libs/domain's phone rule (R5.05) by the service */
  fon_nr: optionalText(40),
  color_scheme: colorSchemeSchema.optional(),
  orga_rank: rankSchema,
  /** store id → rank (R3.03) */
  store_override: z.record(z.string().uuid(), rankSchema).optional(),
  employee_status: z.number().int().min(0).max(9).optional(),
});

/** Writable fields of a store (R3.04). */
export const storeFieldsSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  address: optionalText(200),
  city: optionalText(100),
  zip_code: optionalText(20),
  country: registrationCountrySchema,
  address_from_orga: z.boolean(),
  /** checked with libs/domain's phone rule (R5.05) by the service */
  phone: optionalText(40),
  /** IANA zone, checked with Intl by the service; default by country */
  time_zone: z.string().trim().min(1).max(64).optional(),
});
