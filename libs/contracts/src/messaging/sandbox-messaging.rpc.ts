import { z } from 'zod';
import { defineRpc } from '../core';

/**
 * The WhatsApp and SMS sandbox (MESSAGING_PROVIDER=sandbox, the default on one machine): what was
 * "sent" is kept in messaging's sandbox table, and /dev/whatsapp (gateway, this machine only) lets a
 * person play the customer. Every RPC answers not_found unless the sandbox is on.
 */

const phone = z.string().regex(/^[0-9]{6,15}$/, 'E.164 digits without +');

export const sandboxConversationSchema = z.object({
  orga_id: z.string().uuid(),
  phone_number_id: z.string(),
  customer: z.string(),
  messages: z.number().int(),
  last_at: z.string(),
});
export type SandboxConversation = z.infer<typeof sandboxConversationSchema>;

export const sandboxMessageSchema = z.object({
  id: z.string().uuid(),
  direction: z.enum(['out', 'in']),
  channel: z.enum(['whatsapp', 'sms']),
  kind: z.enum(['template', 'text', 'button', 'media']),
  text: z.string(),
  /** the quick replies of a template: what the customer can tap */
  buttons: z.array(z.object({ label: z.string(), payload: z.string() })),
  media: z.object({ media_id: z.string(), mime_type: z.string(), size: z.number().int() }).nullable(),
  provider_message_id: z.string(),
  /** out: accepted, sent, delivered, read or failed; in: received */
  status: z.string(),
  created_at: z.string(),
});
export type SandboxMessage = z.infer<typeof sandboxMessageSchema>;

/** The latest conversations (one per sender number and customer), newest first. */
export const listSandboxConversationsRpc = defineRpc(
  'rpc.messaging.sandbox.conversation.list',
  z.strictObject({}),
  z.array(sandboxConversationSchema),
);

/** One conversation, oldest first. */
export const listSandboxMessagesRpc = defineRpc(
  'rpc.messaging.sandbox.message.list',
  z.strictObject({ phone_number_id: z.string().min(1).max(100), customer: phone }),
  z.array(sandboxMessageSchema),
);

/** The largest photo the sandbox customer sends (spec §9's image limit). */
export const SANDBOX_PHOTO_LIMIT = 1_048_576;

/** The customer answers: free text, a tap on a quick reply, or a photo; published as the webhook would. */
export const sendSandboxReplyRpc = defineRpc(
  'rpc.messaging.sandbox.reply',
  z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('text'),
      phone_number_id: z.string().min(1).max(100),
      customer: phone,
      text: z.string().trim().min(1).max(4096),
    }),
    z.strictObject({
      kind: z.literal('button'),
      phone_number_id: z.string().min(1).max(100),
      customer: phone,
      /** the template message whose quick reply was tapped */
      message_id: z.string().uuid(),
      payload: z.string().min(1).max(256),
    }),
    z.strictObject({
      kind: z.literal('media'),
      phone_number_id: z.string().min(1).max(100),
      customer: phone,
      mime_type: z.enum(['image/jpeg', 'image/png']),
      base64: z
        .string()
        .min(4)
        .max(Math.ceil(SANDBOX_PHOTO_LIMIT / 3) * 4)
        .regex(/^[A-Za-z0-9+/]*={0,2}$/),
      caption: z.string().max(1024).nullable(),
    }),
  ]),
  z.object({ provider_message_id: z.string() }),
);

/** Meta's reasons for rejecting a template (its webhook's `reason`), as the sandbox's reviewer chooses them. */
export const TEMPLATE_REJECTION_REASONS = [
  'INVALID_FORMAT',
  'INCORRECT_CATEGORY',
  'PROMOTIONAL',
  'ABUSIVE_CONTENT',
  'SCAM',
  'TAG_CONTENT_MISMATCH',
] as const;

/**
 * The sandbox's Embedded Signup popup (/dev/whatsapp/signup): a WhatsApp Business Account and number are made
 * and a one-time code for them answered, as Meta's popup gives it; `manual`: a token instead of a code, to
 * try the manual connection.
 */
export const sandboxSignupRpc = defineRpc(
  'rpc.messaging.sandbox.signup',
  z.strictObject({
    business_name: z.string().trim().min(1).max(200),
    display_phone_number: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ]{6,20}$/, 'The phone number is in incorrect format'),
    manual: z.boolean().default(false),
  }),
  z.object({ code: z.string().nullable(), waba_id: z.string(), phone_number_id: z.string(), access_token: z.string().nullable() }),
);

export const sandboxTemplateSchema = z.object({
  id: z.string(),
  waba_id: z.string(),
  business_name: z.string(),
  name: z.string(),
  language: z.string(),
  category: z.string(),
  body: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type SandboxTemplate = z.infer<typeof sandboxTemplateSchema>;

/** The templates submitted to sandbox accounts (demo accounts' left out), pending first. */
export const listSandboxTemplatesRpc = defineRpc('rpc.messaging.sandbox.template.list', z.strictObject({}), z.array(sandboxTemplateSchema));

/** The sandbox's reviewer: approve or reject (with Meta's reason) a template, or pause or disable an approved one. */
export const reviewSandboxTemplateRpc = defineRpc(
  'rpc.messaging.sandbox.template.review',
  z.strictObject({
    template_id: z.string().regex(/^[0-9]{5,40}$/),
    status: z.enum(['APPROVED', 'REJECTED', 'PAUSED', 'DISABLED']),
    reason: z.enum(TEMPLATE_REJECTION_REASONS).nullable().default(null),
  }),
  z.object({ ok: z.literal(true) }),
);
