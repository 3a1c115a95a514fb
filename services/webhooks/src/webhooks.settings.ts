import type { AddressPolicy } from './delivery/address-check';
import { sealingKeyOf } from './endpoint/secret-cipher';
import { DEV_SECRET_KEY, type WebhooksEnv } from './webhooks.config';

/** webhooks' settings as the code uses them (from SERVICE_CONFIG). */
export type WebhooksSettings = {
  sealingKey: Buffer;
  policy: AddressPolicy;
  pollMs: number;
  timeoutMs: number;
};

export const WEBHOOKS_SETTINGS = Symbol('WEBHOOKS_SETTINGS');

export function webhooksSettingsOf(env: WebhooksEnv): WebhooksSettings {
  return {
    sealingKey: sealingKeyOf(env.WEBHOOKS_SECRET_KEY ?? DEV_SECRET_KEY),
    policy: { allowLoopback: env.WEBHOOKS_ALLOW_LOOPBACK === 'on' },
    pollMs: env.WEBHOOKS_POLL_MS,
    timeoutMs: env.WEBHOOKS_TIMEOUT_MS,
  };
}
