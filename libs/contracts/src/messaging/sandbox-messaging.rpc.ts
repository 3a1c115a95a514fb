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
