import path from 'node:path';
import { z } from 'zod';
import { parseTrustedProxies, type TrustedProxies } from './http/http-io';

/** The gateway's own settings (env), beside the kit's. */
export const gatewayConfigSchema = z
  .object({
    AUTH_TOKEN_SECRET: z
      .string()
      .min(32, 'set AUTH_TOKEN_SECRET (at least 32 characters, as identity; the launcher writes one to .data/secret)'),
    MAIL_TRANSPORT: z.string().default('sandbox'),
    FRONTENDS_DIR: z.string().optional(),
    PAWLINE_SERVICES: z
      .string()
      .regex(/^[a-z][a-z0-9-]*(,[a-z][a-z0-9-]*)*$/, 'comma separated service names')
      .default('identity'),
    PUBLIC_URL: z.string().url().default('http://localhost:3000'),
    PAWLINE_ALLOW_SANDBOX_MAIL: z.enum(['on', 'off']).default('off'),
    /** messaging's WhatsApp provider (as the messaging service reads it): /dev/whatsapp exists only for the sandbox */
    MESSAGING_PROVIDER: z.enum(['sandbox', 'whatsapp_cloud']).default('sandbox'),
    PAWLINE_ALLOW_SANDBOX_MESSAGING: z.enum(['on', 'off']).default('off'),
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .superRefine((value, ctx) => {
        try {
          parseTrustedProxies(value);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
        }
      }),
  })
  // the sandbox mailbox hands out reset links: a gateway reachable from elsewhere must not run it by accident
  .refine((env) => env.MAIL_TRANSPORT !== 'sandbox' || isLoopbackUrl(env.PUBLIC_URL) || env.PAWLINE_ALLOW_SANDBOX_MAIL === 'on', {
    path: ['MAIL_TRANSPORT'],
    message:
      'MAIL_TRANSPORT=sandbox with a PUBLIC_URL that is not this machine: use smtp, or set PAWLINE_ALLOW_SANDBOX_MAIL=on for a test server',
  })
  // /dev/whatsapp shows every sandbox conversation and answers as any customer (ADR 0015)
  .refine((env) => env.MESSAGING_PROVIDER !== 'sandbox' || isLoopbackUrl(env.PUBLIC_URL) || env.PAWLINE_ALLOW_SANDBOX_MESSAGING === 'on', {
    path: ['MESSAGING_PROVIDER'],
    message:
      'MESSAGING_PROVIDER=sandbox with a PUBLIC_URL that is not this machine: use whatsapp_cloud, or set PAWLINE_ALLOW_SANDBOX_MESSAGING=on for a test server',
  });
/** localhost, *.localhost, 127.x.x.x or [::1]. */
export function isLoopbackUrl(value: string): boolean {
  const host = new URL(value).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '[::1]';
}

export type GatewayEnv = z.infer<typeof gatewayConfigSchema>;

export type GatewayConfig = {
  authTokenSecret: string;
  /** /api/v1/dev/mailbox and /dev/mailbox exist only with the sandbox mail transport */
  mailSandbox: boolean;
  /** /dev/whatsapp exists only with the messaging sandbox */
  messagingSandbox: boolean;
  /** FRONTENDS_DIR, default dist/frontends of the working directory (the repository root) */
  frontendsDir: string;
  services: string[];
  publicUrl: string;
  secureCookies: boolean;
  /** TRUSTED_PROXIES: the proxies whose X-Forwarded-For names the caller; none by default. */
  trustedProxies: TrustedProxies;
};

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

export function toGatewayConfig(env: GatewayEnv): GatewayConfig {
  return {
    authTokenSecret: env.AUTH_TOKEN_SECRET,
    mailSandbox: env.MAIL_TRANSPORT === 'sandbox',
    messagingSandbox: env.MESSAGING_PROVIDER === 'sandbox',
    frontendsDir: env.FRONTENDS_DIR ? path.resolve(env.FRONTENDS_DIR) : path.resolve('dist/frontends'),
    services: env.PAWLINE_SERVICES.split(','),
    publicUrl: env.PUBLIC_URL,
    secureCookies: env.PUBLIC_URL.startsWith('https:'),
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
  };
}
