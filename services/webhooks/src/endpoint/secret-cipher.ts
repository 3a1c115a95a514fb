import { randomBytes } from 'node:crypto';

// Endpoints' signing secrets at rest are sealed by the kit (libs/nest-kit/src/crypto/sealed-text.ts) with
// WEBHOOKS_SECRET_KEY: unlike an API key's hash, the service must read the secret back to sign every delivery.

/** `whsec_` and 32 random bytes (256 bits) in base64url. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** What the list shows of a secret: enough to tell two apart, nothing to sign with. */
export function secretPrefix(secret: string): string {
  return secret.slice(0, 10);
}
