import { billingConfigSchema } from './payment.config';

describe('billing payment configuration', () => {
  it('is the sandbox unless PAWLINE_PAYMENTS=stripe, which needs the secret key and the webhook secret', () => {
    expect(billingConfigSchema.parse({})).toMatchObject({ PAWLINE_PAYMENTS: 'sandbox', STRIPE_API_BASE: 'https://api.stripe.com' });
    const missing = billingConfigSchema.safeParse({ PAWLINE_PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['STRIPE_WEBHOOK_SECRET']);
    expect(
      billingConfigSchema.parse({
        PAWLINE_PAYMENTS: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_API_BASE: 'http://127.0.0.1:4591',
      }),
    ).toMatchObject({ PAWLINE_PAYMENTS: 'stripe', STRIPE_API_BASE: 'http://127.0.0.1:4591' });
  });
});
