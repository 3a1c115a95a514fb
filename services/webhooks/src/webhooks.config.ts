import { z } from 'zod';

/** localhost, *.localhost, 127.x.x.x or [::1]: where the development sealing key is acceptable. */
function isLoopbackUrl(value: string): boolean {
  const host = new URL(value).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '[::1]';
}

/** Only for this machine: secrets sealed with it are readable by anyone with the source. */
export const DEV_SECRET_KEY = 'pawline-dev-webhooks-secret-key-for-loopback-only';

/** webhooks' settings (env, read by the kit into SERVICE_CONFIG). */
export const webhooksConfigSchema = z
  .object({
    /** seals endpoints' signing secrets (AES-256-GCM; the key is SHA-256 of this text) */
    WEBHOOKS_SECRET_KEY: z.string().min(32).optional(),
    /** while WEBHOOKS_SECRET_KEY is rotated: the key it replaces, which still opens what it sealed (deploy/README.md, "Rotating secrets") */
    WEBHOOKS_SECRET_KEY_PREVIOUS: z.string().min(32).optional(),
    PUBLIC_URL: z.string().url().default('http://localhost:3000'),
    /**
     * `on` lets endpoints on this machine (127.0.0.0/8, ::1, http://localhost) receive deliveries: for
     * tests and a developer's `npm start`. Production overlays never set it; every other private,
     * link-local or reserved address stays refused even with it.
     */
    WEBHOOKS_ALLOW_LOOPBACK: z.enum(['on', 'off']).default('off'),
    /** how often the worker looks for due deliveries (it is also woken when an event arrives) */
    WEBHOOKS_POLL_MS: z.coerce.number().int().min(50).default(1000),
    /** how long one attempt may take before it counts as failed */
    WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  })
  .superRefine((env, ctx) => {
    if (!env.WEBHOOKS_SECRET_KEY && !isLoopbackUrl(env.PUBLIC_URL))
      ctx.addIssue({
        code: 'custom',
        path: ['WEBHOOKS_SECRET_KEY'],
        message: 'WEBHOOKS_SECRET_KEY (at least 32 characters) is required when PUBLIC_URL is not this machine',
      });
  });

export type WebhooksEnv = z.infer<typeof webhooksConfigSchema>;
