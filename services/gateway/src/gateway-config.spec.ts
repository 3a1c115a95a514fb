import { gatewayConfigSchema, toGatewayConfig } from './gateway-config';

const secret = 'x'.repeat(32);
const read = (env: Record<string, string>) => gatewayConfigSchema.safeParse({ AUTH_TOKEN_SECRET: secret, ...env });

describe('gateway configuration', () => {
  it('refuses the sandbox mailbox behind a public address unless PAWLINE_ALLOW_SANDBOX_MAIL=on', () => {
    const refused = read({ PUBLIC_URL: 'https://salon.example.com', MAIL_TRANSPORT: 'sandbox' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message).join()).toMatch(/PAWLINE_ALLOW_SANDBOX_MAIL=on/);
    expect(read({ PUBLIC_URL: 'http://10.0.0.7:3000' }).success).toBe(false);

    const messaging = { MESSAGING_PROVIDER: 'whatsapp_cloud' };
    const allowed = read({ ...messaging, PUBLIC_URL: 'https://salon.example.com', PAWLINE_ALLOW_SANDBOX_MAIL: 'on' });
    expect(allowed.success && toGatewayConfig(allowed.data).mailSandbox).toBe(true);
    expect(read({ ...messaging, PUBLIC_URL: 'https://salon.example.com', MAIL_TRANSPORT: 'smtp' }).success).toBe(true);
    for (const local of ['http://localhost:3000', 'http://127.0.0.1:3010', 'http://[::1]:3000', 'http://app.localhost:3000']) {
      expect(read({ PUBLIC_URL: local }).success).toBe(true);
    }
  });

  it('refuses the WhatsApp sandbox (/dev/whatsapp) behind a public address unless PAWLINE_ALLOW_SANDBOX_MESSAGING=on', () => {
    const base = { PUBLIC_URL: 'https://salon.example.com', MAIL_TRANSPORT: 'smtp' };
    const refused = read(base);
    expect(refused.error?.issues.map((issue) => issue.message).join()).toMatch(/PAWLINE_ALLOW_SANDBOX_MESSAGING=on/);
    const allowed = read({ ...base, PAWLINE_ALLOW_SANDBOX_MESSAGING: 'on' });
    expect(allowed.success && toGatewayConfig(allowed.data).messagingSandbox).toBe(true);
    const cloud = read({ ...base, MESSAGING_PROVIDER: 'whatsapp_cloud' });
    expect(cloud.success && toGatewayConfig(cloud.data).messagingSandbox).toBe(false);
  });

  it('reads TRUSTED_PROXIES as addresses and CIDRs, none by default, and names a bad entry', () => {
    const none = read({});
    expect(none.success && toGatewayConfig(none.data).trustedProxies.has('127.0.0.1')).toBe(false);
    const some = read({ TRUSTED_PROXIES: '10.0.0.0/8,::1' });
    expect(some.success && toGatewayConfig(some.data).trustedProxies.has('10.1.2.3')).toBe(true);
    const bad = read({ TRUSTED_PROXIES: '10.0.0.0/8, proxy' });
    expect(bad.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      expect.stringMatching(/^TRUSTED_PROXIES: .*"proxy" is not an IP address or CIDR/),
    ]);
  });
});
