import { z } from 'zod';
import { TEMPLATE_VARIABLES } from '../constants/messages';
import { LANGUAGES } from '../core/languages';

// Templates, reminder settings, senders, the WhatsApp profile and the message quota (spec §3, §4, §8, §9).
// libs/domain/src/messaging renders templates with the same variable names (TEMPLATE_VARIABLES of constants/messages.ts).

const uuid = z.string().uuid();
const isoTimestamp = z.string();

/** spec §3 template types: 0 appointment reminder, 1 pet birthday, 2 reminder to book, 3 marketing, 4 pre-appointment */
export const templateTypeSchema = z.number().int().min(0).max(4);

/** spec §3 buttons: 0 none, 1 confirm/decline, 2 read/don't read, 3 read/don't read/unsubscribe */
export const templateButtonSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/** spec §9 frequencies: day before, 2 or more days before, quarterly, yearly (marketing: none). */
export const TEMPLATE_FREQUENCIES = ['day_before', 'days_before', 'quarterly', 'yearly'] as const;
export const templateFrequencySchema = z.enum(TEMPLATE_FREQUENCIES);

/** WhatsApp's review of a template: built-in ones are approved; an organization's own are reviewed first. */
export const TEMPLATE_STATUSES = ['approved', 'pending', 'rejected'] as const;
export const templateStatusSchema = z.enum(TEMPLATE_STATUSES);

export const templateVariableSchema = z.enum(TEMPLATE_VARIABLES);

/** R5.11 WhatsApp free text at most 500 characters. */
export const MESSAGING_FREE_TEXT_MAX = 500;
/** WhatsApp's limit on a template body. */
export const TEMPLATE_TEXT_MAX = 1024;
/** R5.12 / R9.03 the pre-appointment reminder is at least 2 days before. */
export const PRE_APPOINTMENT_DAYS_MIN = 2;
export const PRE_APPOINTMENT_DAYS_MAX = 60;

export const messageLanguageSchema = z.enum(LANGUAGES);

/** 'first_name/pet_name/date/time': the variables of {{1}}, {{2}} … in order (R3.13). */
export const variablesStrSchema = z
  .string()
  .trim()
  .max(400)
  .refine(
    (text) => text === '' || text.split('/').every((name) => (TEMPLATE_VARIABLES as readonly string[]).includes(name)),
    `Variables separated by slashes, each one of ${TEMPLATE_VARIABLES.join(', ')}`,
  );

/** A template registration's review, in WhatsApp's words lower-cased ('refused': its creation was refused). */
export const WHATSAPP_TEMPLATE_STATUSES = ['pending', 'approved', 'rejected', 'paused', 'disabled', 'refused'] as const;
export const whatsappTemplateStatusSchema = z.enum(WHATSAPP_TEMPLATE_STATUSES);
export type WhatsappTemplateStatus = z.infer<typeof whatsappTemplateStatusSchema>;

/** How WhatsApp has one of our templates in the salon's account (its newest registration in that language). */
export const templateRegistrationSummarySchema = z.object({
  status: whatsappTemplateStatusSchema,
  /** Meta's reason code when rejected, paused or disabled (INVALID_FORMAT, INCORRECT_CATEGORY …), or its refusal's code */
  reason: z.string().nullable(),
  reason_detail: z.string().nullable(),
  /** WhatsApp's name of the registration, with its version */
  name: z.string(),
  version: z.number().int(),
});

/** spec §3 Message template (R3.13). `orga_id` null: a built-in template every organization has (not deletable). */
export const messageTemplateSchema = z.object({
  id: uuid,
  orga_id: uuid.nullable(),
  template_type: templateTypeSchema,
  /** WhatsApp's template name (lower-case, digits, underscores) */
  name: z.string(),
  title: z.string(),
  template_text: z.string(),
  variables_str: z.string(),
  button: templateButtonSchema,
  frequency: templateFrequencySchema.nullable(),
  status: templateStatusSchema,
  language: messageLanguageSchema,
  built_in: z.boolean(),
  updated_at: isoTimestamp.nullable(),
  /** WhatsApp's category: UTILITY for an appointment's reminders, MARKETING for the rest (issue 27) */
  category: z.enum(['UTILITY', 'MARKETING']).optional(),
  /** an own template's version: a change of its text is a new version, reviewed by WhatsApp anew */
  version: z.number().int().optional(),
  /** its registration in the salon's WhatsApp account in this language; null: not submitted (no account, or not yet) */
  whatsapp: templateRegistrationSummarySchema.nullable().optional(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

/** The fields an organization administrator writes for one of its own templates. */
export const messageTemplateFieldsSchema = z.strictObject({
  template_type: templateTypeSchema,
  title: z.string().trim().min(1).max(100),
  template_text: z.string().trim().min(1).max(TEMPLATE_TEXT_MAX),
  variables_str: variablesStrSchema,
  button: templateButtonSchema.default(0),
  frequency: templateFrequencySchema.nullable().default(null),
  language: messageLanguageSchema,
});

/** spec §3 settings: 1 on, 2 off ("appointment_reminder_enabled (2 means off)"). */
export const reminderEnabledSchema = z.union([z.literal(1), z.literal(2)]);
export const REMINDER_ON = 1;
export const REMINDER_OFF = 2;

/** A local time of day 'HH:MM' in the store's time zone. */
export const msgSlotSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time HH:MM');

/** R9.03 reminder to book: quarterly or yearly. */
export const reminderToBookFrequencySchema = z.enum(['quarterly', 'yearly']);

const freeText = z.string().max(MESSAGING_FREE_TEXT_MAX, `At most ${MESSAGING_FREE_TEXT_MAX} characters`);

/** spec §3 reminder settings of an organization (R3.14), with the birthday and reminder-to-book types. */
export const reminderSettingsSchema = z.object({
  orga_id: uuid,
  appointment_reminder_enabled: reminderEnabledSchema,
  message_template: uuid,
  msg_slot: msgSlotSchema,
  message_template_addition: z.string(),
  pre_appointment_reminder_enabled: reminderEnabledSchema,
  pre_appointment_template: uuid,
  pre_appointment_msg_slot: msgSlotSchema,
  pre_appointment_days: z.number().int(),
  pre_appointment_template_additions: z.string(),
  birthday_enabled: reminderEnabledSchema,
  birthday_template: uuid,
  birthday_msg_slot: msgSlotSchema,
  reminder_to_book_enabled: reminderEnabledSchema,
  reminder_to_book_template: uuid,
  reminder_to_book_msg_slot: msgSlotSchema,
  reminder_to_book_frequency: reminderToBookFrequencySchema,
  /** the language of the messages to customers (built-in templates exist in en, it, de, fr) */
  language: messageLanguageSchema,
  /** keep sending reminders past the plan's monthly messages (10 free, then €0.20 each, spec §8) */
  auto_msg: z.boolean(),
  updated_at: isoTimestamp.nullable(),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

/** What a PUT may change; every field optional. pre_appointment_days below 2 is raised to 2 (R5.12), not refused. */
export const reminderSettingsFieldsSchema = z.strictObject({
  appointment_reminder_enabled: reminderEnabledSchema.optional(),
  message_template: uuid.optional(),
  msg_slot: msgSlotSchema.optional(),
  message_template_addition: freeText.optional(),
  pre_appointment_reminder_enabled: reminderEnabledSchema.optional(),
  pre_appointment_template: uuid.optional(),
  pre_appointment_msg_slot: msgSlotSchema.optional(),
  pre_appointment_days: z.number().int().min(-1000).max(PRE_APPOINTMENT_DAYS_MAX).optional(),
  pre_appointment_template_additions: freeText.optional(),
  birthday_enabled: reminderEnabledSchema.optional(),
  birthday_template: uuid.optional(),
  birthday_msg_slot: msgSlotSchema.optional(),
  reminder_to_book_enabled: reminderEnabledSchema.optional(),
  reminder_to_book_template: uuid.optional(),
  reminder_to_book_msg_slot: msgSlotSchema.optional(),
  reminder_to_book_frequency: reminderToBookFrequencySchema.optional(),
  language: messageLanguageSchema.optional(),
  auto_msg: z.boolean().optional(),
});

/** spec §8 plan warnings (R8.09). */
export const quotaWarningSchema = z.enum(['low', 'plan_limit', 'trial_limit']).nullable();
export type QuotaWarning = z.infer<typeof quotaWarningSchema>;

/** GET .../msg/msg_left (R4.10, R8.09): what the out-of-plan dialog and the plan warnings read. */
export const messageQuotaSchema = z.object({
  orga_id: uuid,
  tier: z.number().int(),
  /** the plan's messages left this period (trial: of the 50 of the first 30 days) */
  msg_left: z.number().int(),
  msg_entitled: z.number().int(),
  /** 'trial' | 'plan' | 'tier_default' | 'none': where msg_entitled comes from */
  source: z.string(),
  /** YYYY-MM of the period in the organization's time zone (trial: the trial's first month) */
  period: z.string(),
  /** of the 10 extra free messages once the monthly plan is used up */
  over_plan_free_left: z.number().int(),
  /** messages past the free ones this month, billed next month at €0.20 each plus VAT */
  over_plan_billed: z.number().int(),
  over_plan_price_cents: z.number().int(),
  /** end of the trial's free messages (30 days after creation), tier 0 only */
  trial_messages_until: isoTimestamp.nullable(),
  auto_msg: z.boolean(),
  warning: quotaWarningSchema,
  refreshed_at: isoTimestamp.nullable(),
});
export type MessageQuotaView = z.infer<typeof messageQuotaSchema>;

/** An organization's WhatsApp sender; the access token is write-only (never answered). */
export const messagingSenderSchema = z.object({
  orga_id: uuid,
  /** false: nothing configured yet (the sandbox gives one on first send) */
  configured: z.boolean(),
  /** a generated sandbox sender, not a real WhatsApp number */
  sandbox: z.boolean(),
  phone_number_id: z.string().nullable(),
  display_phone: z.string().nullable(),
  has_access_token: z.boolean(),
  cap_per_second: z.number().int(),
  updated_at: isoTimestamp.nullable(),
});
export type MessagingSender = z.infer<typeof messagingSenderSchema>;

export const SENDER_CAP_PER_SECOND_DEFAULT = 80;

/** spec §4: in progress, the new profile live within 7 working days. */
export const whatsappProfileStatusSchema = z.enum(['in_progress', 'live']);

export const whatsappProfileFieldsSchema = z.strictObject({
  /** WhatsApp's display name */
  name: z.string().trim().min(3).max(75),
  about: z.string().trim().max(139).default(''),
  /** an uploaded profile image (POST .../msg/whatsapp_profile_image), or null for none */
  image_file_id: uuid.nullable().default(null),
});

const profileValues = z.object({ name: z.string(), about: z.string(), image_file_id: uuid.nullable() });

/** R4.14 the live profile and the update request, if one is in progress (or the last one, live). */
export const whatsappProfileSchema = z.object({
  orga_id: uuid,
  live: profileValues.extend({ live_at: isoTimestamp }).nullable(),
  request: profileValues
    .extend({
      id: uuid,
      status: whatsappProfileStatusSchema,
      requested_at: isoTimestamp,
      /** 7 working days (Monday to Saturday) after the request, YYYY-MM-DD */
      due_by: z.string(),
      live_at: isoTimestamp.nullable(),
    })
    .nullable(),
});
export type WhatsappProfile = z.infer<typeof whatsappProfileSchema>;

/** spec §3 file kind whatsapp_profile (R9.04: 1 file, jpg or png, at most 1048576 bytes). */
export const messagingFileSchema = z.object({
  id: uuid,
  orga_id: uuid,
  kind: z.literal('whatsapp_profile'),
  file_name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  created_at: isoTimestamp,
});
export type MessagingFile = z.infer<typeof messagingFileSchema>;

/** The rendered text of a template with its {{n}} values, as the customer would read it. */
export const templatePreviewSchema = z.object({
  text: z.string(),
  parameters: z.array(z.string()),
  /** the appointment whose data filled it, or null when none was found */
  appointment_id: uuid.nullable(),
});
export type TemplatePreview = z.infer<typeof templatePreviewSchema>;
