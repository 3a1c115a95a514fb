import { identityConfigSchema } from './identity.config';

describe('identity config', () => {
  const secret = 'x'.repeat(32);

  it('requires AUTH_TOKEN_SECRET of at least 32 characters', () => {
    expect(identityConfigSchema.safeParse({}).success).toBe(false);
    expect(identityConfigSchema.safeParse({ AUTH_TOKEN_SECRET: 'x'.repeat(31) }).success).toBe(false);
    expect(identityConfigSchema.parse({ AUTH_TOKEN_SECRET: secret })).toMatchObject({
      MAIL_TRANSPORT: 'sandbox',
      PUBLIC_URL: 'http://localhost:3000',
    });
  });

  it('needs SMTP_URL when mails go out over SMTP', () => {
    expect(identityConfigSchema.safeParse({ AUTH_TOKEN_SECRET: secret, MAIL_TRANSPORT: 'smtp' }).success).toBe(false);
    expect(
      identityConfigSchema.safeParse({ AUTH_TOKEN_SECRET: secret, MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://mail.example.com:587' })
        .success,
    ).toBe(true);
    expect(identityConfigSchema.safeParse({ AUTH_TOKEN_SECRET: secret, MAIL_TRANSPORT: 'pigeon' }).success).toBe(false);
  });
});
