import type { AddressPolicy } from './delivery/address-check';
import { sealingKeyOf, type SealingKeys } from '@pawline/nest-kit';
import { DEV_SECRET_KEY, type WebhooksEnv } from './webhooks.config';

/** webhooks' settings as the code uses them (from SERVICE_CONFIG). */
export type WebhooksSettings = {
  /** seals new secrets (`secretKey`) and opens stored ones (either key while a rotation runs) */
  keys: SealingKeys;
  policy: AddressPolicy;
  pollMs: number;
  timeoutMs: number;
};

export const WEBHOOKS_SETTINGS = Symbol('WEBHOOKS_SETTINGS');

export function webhooksSettingsOf(env: WebhooksEnv): WebhooksSettings {
  return {
    keys: webhooksKeysOf(env),
    policy: { allowLoopback: env.WEBHOOKS_ALLOW_LOOPBACK === 'on' },
    pollMs: env.WEBHOOKS_POLL_MS,
    timeoutMs: env.WEBHOOKS_TIMEOUT_MS,
  };
}

/** The keys of WEBHOOKS_SECRET_KEY and, while it is rotated, WEBHOOKS_SECRET_KEY_PREVIOUS. */
export function webhooksKeysOf(env: Pick<WebhooksEnv, 'WEBHOOKS_SECRET_KEY' | 'WEBHOOKS_SECRET_KEY_PREVIOUS'>): SealingKeys {
  const previous = env.WEBHOOKS_SECRET_KEY_PREVIOUS;
  return {
    secretKey: sealingKeyOf(env.WEBHOOKS_SECRET_KEY ?? DEV_SECRET_KEY),
    previousSecretKey: previous ? sealingKeyOf(previous) : null,
  };
}
