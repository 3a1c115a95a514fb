import { z } from 'zod';

/** identity's own settings, read from the environment by the kit (`def.config` → SERVICE_CONFIG). */
export const identityConfigSchema = z
  .object({
    AUTH_TOKEN_SECRET: z.string().min(32, 'AUTH_TOKEN_SECRET must be at least 32 characters'),
    MAIL_TRANSPORT: z.enum(['sandbox', 'smtp']).default('sandbox'),
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().min(3).default('Pawline <no-reply@pawline.local>'),
    PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  })
  .superRefine((value, ctx) => {
    if (value.MAIL_TRANSPORT === 'smtp' && !value.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'SMTP_URL is required when MAIL_TRANSPORT is smtp' });
    }
  });

export type IdentityConfig = z.infer<typeof identityConfigSchema>;
