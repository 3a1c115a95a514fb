import { z } from 'zod';

/** localhost, *.localhost, 127.x.x.x or [::1] (as the gateway reads PUBLIC_URL for the mail sandbox). */
export function isLoopbackUrl(value: string): boolean {
  const host = new URL(value).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '[::1]';
}

const onOff = z.enum(['on', 'off']).default('off');

/**
 * The provider settings of messaging (env). WhatsApp: the sandbox by default on one machine, the Cloud
 * API in production; SMS (spec §4 'WhatsApp failed, SMS will be sent'): the sandbox, or an HTTP SMS API
 * that speaks Twilio's Messages resource (Twilio itself or a compatible gateway).
 */
export const providerConfigShape = {
  MESSAGING_PROVIDER: z.enum(['sandbox', 'whatsapp_cloud']).default('sandbox'),
  /** Graph API base with its version; the Cloud API's current version when this was written */
  WHATSAPP_API_BASE_URL: z.string().url().default('https://graph.facebook.com/v26.0'),
  /** one request to the Cloud API or the SMS API gives up after this long (then `transient`) */
  WHATSAPP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** the Meta app's secret: X-Hub-Signature-256 of every webhook POST is checked with it, and Embedded Signup's code exchanged */
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  /** the Meta app's id (a Tech Provider's app): Embedded Signup's code exchange and debug_token */
  WHATSAPP_APP_ID: z
    .string()
    .regex(/^[0-9]{5,30}$/)
    .optional(),
  /** Embedded Signup's configuration id (Facebook Login for Business); without it salons connect manually */
  WHATSAPP_CONFIG_ID: z
    .string()
    .regex(/^[0-9]{5,30}$/)
    .optional(),
  /** what Meta sends as hub.verify_token when the webhook is registered */
  WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
  SMS_PROVIDER: z.enum(['sandbox', 'twilio']).default('sandbox'),
  /** Twilio's API (or a compatible one): POST {base}/Accounts/{sid}/Messages.json, form-encoded, basic auth */
  SMS_API_BASE_URL: z.string().url().default('https://api.twilio.com/2010-04-01'),
  SMS_ACCOUNT_SID: z.string().min(1).optional(),
  SMS_AUTH_TOKEN: z.string().min(1).optional(),
  /** the sending number (E.164 with +) or a messaging service id (MG…) */
  SMS_FROM: z.string().min(1).optional(),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  /** lets the sandbox run with a PUBLIC_URL that is not this machine (a shared test server) */
  PAWLINE_ALLOW_SANDBOX_MESSAGING: onOff,
  /** sandbox: a message is sent at once, delivered this long after (ms), and read this long after delivery */
  SANDBOX_DELIVERED_AFTER_MS: z.coerce.number().int().min(0).default(1500),
  SANDBOX_READ_AFTER_MS: z.coerce.number().int().min(0).default(3000),
};

type ProviderEnv = z.infer<z.ZodObject<typeof providerConfigShape>>;

/** The checks across provider settings; the messaging config's superRefine calls it. */
export function checkProviderConfig(env: ProviderEnv, ctx: z.RefinementCtx): void {
  if (env.MESSAGING_PROVIDER === 'whatsapp_cloud') {
    for (const key of ['WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when MESSAGING_PROVIDER is whatsapp_cloud` });
    }
  }
  if (env.WHATSAPP_CONFIG_ID && !env.WHATSAPP_APP_ID) {
    ctx.addIssue({
      code: 'custom',
      path: ['WHATSAPP_APP_ID'],
      message: 'WHATSAPP_APP_ID is required with WHATSAPP_CONFIG_ID (Embedded Signup)',
    });
  }
  if (env.SMS_PROVIDER === 'twilio') {
    for (const key of ['SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when SMS_PROVIDER is twilio` });
    }
  }
  // the sandbox page shows every conversation and lets anyone answer as a customer (ADR 0011, 0015)
  const sandbox = env.MESSAGING_PROVIDER === 'sandbox' || env.SMS_PROVIDER === 'sandbox';
  if (sandbox && !isLoopbackUrl(env.PUBLIC_URL) && env.PAWLINE_ALLOW_SANDBOX_MESSAGING !== 'on') {
    ctx.addIssue({
      code: 'custom',
      path: ['MESSAGING_PROVIDER'],
      message:
        'the messaging sandbox with a PUBLIC_URL that is not this machine: use MESSAGING_PROVIDER=whatsapp_cloud and SMS_PROVIDER=twilio, or set PAWLINE_ALLOW_SANDBOX_MESSAGING=on for a test server',
    });
  }
}

export const providerConfigSchema = z.object(providerConfigShape).superRefine(checkProviderConfig);
export type ProviderConfig = z.infer<typeof providerConfigSchema>;
