import { z } from 'zod';
import { STRIPE_DEFAULT_API_BASE } from './stripe-payment-provider';

/**
 * billing's payment settings (env, read by the kit into SERVICE_CONFIG): the sandbox by default on one
 * machine; `PAWLINE_PAYMENTS=stripe` with the secret key and the webhook's signing secret in production.
 */
export const billingConfigSchema = z
  .object({
    PAWLINE_PAYMENTS: z.enum(['sandbox', 'stripe']).default('sandbox'),
    /** sk_live_… or sk_test_… (sent as Bearer) */
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    /** whsec_…: every webhook's Stripe-Signature is checked with it */
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_API_BASE: z.string().url().default(STRIPE_DEFAULT_API_BASE),
    /** the app's public address: Stripe's hosted checkout sends the person back to its payment pages */
    PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  })
  .superRefine((env, ctx) => {
    if (env.PAWLINE_PAYMENTS !== 'stripe') return;
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when PAWLINE_PAYMENTS is stripe` });
    }
  });

export type BillingConfig = z.infer<typeof billingConfigSchema>;
