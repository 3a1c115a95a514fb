import { z } from 'zod';
import { defineEvent, defineRpc } from '../core';
import { whatsappTemplateStatusSchema } from './messaging-core-shapes';

// A salon's own WhatsApp number (issue 27): Embedded Signup (Meta's popup for Tech Providers, or the sandbox's
// simulation of it on /dev/whatsapp), a manual connection checked against the API, the number as Meta reports it,
// a disconnect that keeps the history, and the templates registered in the salon's WhatsApp Business Account.

const uuid = z.string().uuid();
const orga = { orga_id: uuid };
const graphId = z
  .string()
  .trim()
  .regex(/^[0-9]{5,30}$/, 'Digits only');

/** What the browser needs to open the signup popup. */
export const whatsappSignupConfigSchema = z.object({
  /** 'meta': Facebook Login for Business with the app's configuration; 'sandbox': the /dev/whatsapp popup */
  mode: z.enum(['meta', 'sandbox']),
  /** Meta's app id and Embedded Signup configuration id (null in the sandbox) */
  app_id: z.string().nullable(),
  config_id: z.string().nullable(),
  /** the Graph API version the JavaScript SDK is loaded with, e.g. v23.0 */
  graph_version: z.string().nullable(),
  /** the sandbox's popup page (same origin), to open with ?orga= */
  sandbox_popup_path: z.string().nullable(),
});
export type WhatsappSignupConfig = z.infer<typeof whatsappSignupConfigSchema>;

/** An error Meta reported about the number without a message of ours (the webhook's value.errors). */
export const whatsappAccountErrorSchema = z.object({
  code: z.number().int().nullable(),
  title: z.string(),
  details: z.string().nullable(),
  at: z.string(),
});

/** The organization's WhatsApp account and number, as Meta last reported them (the connect screen). */
export const whatsappAccountSchema = z.object({
  orga_id: uuid,
  /** not_connected: nothing yet (the sandbox then gives a demo number); disconnected: history kept, nothing sent */
  status: z.enum(['not_connected', 'connected', 'disconnected']),
  /** embedded_signup, manual, or sandbox (the sandbox's demo number) */
  connected_via: z.enum(['embedded_signup', 'manual', 'sandbox']).nullable(),
  phone_number_id: z.string().nullable(),
  waba_id: z.string().nullable(),
  display_phone_number: z.string().nullable(),
  /** the display name Meta approved */
  display_name: z.string().nullable(),
  /** GREEN, YELLOW, RED or UNKNOWN */
  quality_rating: z.string().nullable(),
  /** TIER_250, TIER_1K, TIER_10K, TIER_100K, TIER_UNLIMITED: business-initiated conversations a day */
  messaging_limit: z.string().nullable(),
  /** when the number's status was last read from Meta */
  number_read_at: z.string().nullable(),
  connected_at: z.string().nullable(),
  disconnected_at: z.string().nullable(),
  /** the registrations in the account by status */
  templates: z.record(whatsappTemplateStatusSchema, z.number().int()),
  /** the latest errors Meta reported about the number, newest first (at most 5) */
  errors: z.array(whatsappAccountErrorSchema),
});
export type WhatsappAccount = z.infer<typeof whatsappAccountSchema>;

/** One of our templates in the account, in one language (the template list's language, status and reason). */
export const whatsappTemplateRegistrationSchema = z.object({
  id: uuid,
  /** built_in (spec §3 types), booking (request received, confirmed, not possible) or own */
  source: z.enum(['built_in', 'booking', 'own']),
  /** the message template it registers (a built-in one's fixed id, an own one's id); null for a booking message */
  template_id: uuid.nullable(),
  template_type: z.number().int().nullable(),
  booking_kind: z.enum(['booking_received', 'booking_confirmed', 'booking_declined', 'waitlist_offer', 'waitlist_gone']).nullable(),
  /** WhatsApp's name, with the version */
  name: z.string(),
  language: z.string(),
  category: z.enum(['UTILITY', 'MARKETING']),
  version: z.number().int(),
  status: whatsappTemplateStatusSchema,
  /** Meta's reason code (INVALID_FORMAT, INCORRECT_CATEGORY, PROMOTIONAL, ABUSIVE_CONTENT, SCAM, TAG_CONTENT_MISMATCH …) */
  reason: z.string().nullable(),
  /** Meta's own words on it (English), when it gave any */
  reason_detail: z.string().nullable(),
  status_at: z.string(),
});
export type WhatsappTemplateRegistration = z.infer<typeof whatsappTemplateRegistrationSchema>;

/** Members: how the popup is opened. */
export const getWhatsappSignupConfigRpc = defineRpc(
  'rpc.messaging.whatsapp.signup-config',
  z.strictObject(orga),
  whatsappSignupConfigSchema,
);

/** Members: the account and number (Meta is asked again when its answer is older than a few minutes). */
export const getWhatsappAccountRpc = defineRpc('rpc.messaging.whatsapp.account.get', z.strictObject(orga), whatsappAccountSchema);

/**
 * Organization administrators: Embedded Signup's end. The popup's code is exchanged for a business token; the
 * account and number are those the popup named (or the only ones the token reaches); the app is subscribed to
 * the account's webhooks, the number registered, the token stored sealed, and the templates submitted.
 */
export const connectWhatsappRpc = defineRpc(
  'rpc.messaging.whatsapp.connect',
  z.strictObject({
    ...orga,
    code: z.string().trim().min(4).max(1000),
    waba_id: graphId.optional(),
    phone_number_id: graphId.optional(),
  }),
  whatsappAccountSchema,
);

/** Organization administrators: an account the salon already has, checked against WhatsApp before it is saved. */
export const connectWhatsappManuallyRpc = defineRpc(
  'rpc.messaging.whatsapp.connect-manual',
  z.strictObject({
    ...orga,
    phone_number_id: graphId,
    waba_id: graphId,
    access_token: z.string().trim().min(10).max(1000),
  }),
  whatsappAccountSchema,
);

/** Organization administrators: nothing is sent any more (the token is forgotten); messages and history stay. */
export const disconnectWhatsappRpc = defineRpc('rpc.messaging.whatsapp.disconnect', z.strictObject(orga), whatsappAccountSchema);

/** Members: the templates registered in the account, every language and version, newest first per template. */
export const listWhatsappTemplatesRpc = defineRpc(
  'rpc.messaging.whatsapp.template.list',
  z.strictObject(orga),
  z.object({ v: z.array(whatsappTemplateRegistrationSchema) }),
);

/** The account was connected, disconnected or its number's status read again (realtime: scope whatsapp_account). */
export const whatsappAccountChangedEvent = defineEvent(
  'evt.messaging.whatsapp-account.changed.v1',
  z.object({ orga_id: uuid, status: z.enum(['not_connected', 'connected', 'disconnected']) }),
);

/** A registration's review moved (realtime: scope whatsapp_template, data the registration's id). */
export const whatsappTemplateStatusChangedEvent = defineEvent(
  'evt.messaging.whatsapp-template.status-changed.v1',
  z.object({ orga_id: uuid, whatsapp_template_id: uuid, language: z.string(), status: whatsappTemplateStatusSchema }),
);
