import { s3ConfigFields, missingS3Settings, sealingKeyOf, type S3Config } from '@pawline/nest-kit';
import { z } from 'zod';

/** localhost, *.localhost, 127.x.x.x or [::1]: where a development default secret is acceptable. */
function isLoopbackUrl(value: string): boolean {
  const host = new URL(value).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '[::1]';
}

/** Only for this machine: senders' tokens encrypted with it are readable by anyone with the source. */
const DEV_SECRET_KEY = 'pawline-dev-messaging-secret-key-for-loopback-only';

/**
 * The settings of templates, senders, profiles and the quota (env). The keys can join messaging's
 * SERVICE_CONFIG (`...messagingCoreConfigShape`); until then the module reads them itself at start.
 */
export const messagingCoreConfigShape = {
  /** encrypts senders' access tokens (AES-256-GCM; the key is SHA-256 of this text) */
  MESSAGING_SECRET_KEY: z.string().min(32).optional(),
  /** while a rotation runs: the key before MESSAGING_SECRET_KEY, still read (never written) until every token is sealed anew */
  MESSAGING_SECRET_KEY_PREVIOUS: z.string().min(32).optional(),
  MESSAGING_PROVIDER: z.enum(['sandbox', 'whatsapp_cloud']).default('sandbox'),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  /** sandbox: a profile request or an own template is reviewed (goes live, approved) this long after it was made */
  MESSAGING_SANDBOX_REVIEW_MS: z.coerce.number().int().min(0).default(120_000),
  /** how often the leader looks for due work (the 12:30 refresh, sandbox reviews) */
  MESSAGING_JOB_TICK_MS: z.coerce.number().int().min(100).default(60_000),
  /** where the WhatsApp profile image goes: local disk (default on one machine) or an S3-compatible store (S3_*) */
  MESSAGING_STORAGE: z.enum(['local', 's3']).default('local'),
  MESSAGING_FILES_DIR: z.string().min(1).default('.data/files'),
  ...s3ConfigFields,
};

export const messagingCoreConfigSchema = z.object(messagingCoreConfigShape).superRefine((env, ctx) => {
  if (env.MESSAGING_STORAGE === 's3') {
    for (const key of missingS3Settings(env))
      ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when MESSAGING_STORAGE is s3` });
  }
  if (!env.MESSAGING_SECRET_KEY && !isLoopbackUrl(env.PUBLIC_URL)) {
    ctx.addIssue({
      code: 'custom',
      path: ['MESSAGING_SECRET_KEY'],
      message: 'MESSAGING_SECRET_KEY (at least 32 characters) is required when PUBLIC_URL is not this machine',
    });
  }
});

export type MessagingCoreConfig = {
  /** seals and opens senders' tokens */
  secretKey: Buffer;
  /** opens tokens sealed before a rotation (null when none runs) */
  previousSecretKey: Buffer | null;
  provider: 'sandbox' | 'whatsapp_cloud';
  sandboxReviewMs: number;
  jobTickMs: number;
  storage: { kind: 'local' | 's3'; dir: string; s3: S3Config };
};

export const MESSAGING_CORE_CONFIG = Symbol('MESSAGING_CORE_CONFIG');

/** The AES-256 key of a MESSAGING_SECRET_KEY text (the kit's one rule for every service's sealing key). */
export const secretKeyOf = sealingKeyOf;

export function loadMessagingCoreConfig(env: Record<string, string | undefined> = process.env): MessagingCoreConfig {
  const parsed = messagingCoreConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`messaging: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  }
  const value = parsed.data;
  const previous = value.MESSAGING_SECRET_KEY_PREVIOUS;
  return {
    secretKey: secretKeyOf(value.MESSAGING_SECRET_KEY ?? DEV_SECRET_KEY),
    previousSecretKey: previous ? secretKeyOf(previous) : null,
    provider: value.MESSAGING_PROVIDER,
    sandboxReviewMs: value.MESSAGING_SANDBOX_REVIEW_MS,
    jobTickMs: value.MESSAGING_JOB_TICK_MS,
    storage: { kind: value.MESSAGING_STORAGE, dir: value.MESSAGING_FILES_DIR, s3: value },
  };
}
