import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// Endpoints' signing secrets at rest, sealed as messaging seals its senders' tokens
// (services/messaging/src/sender/token-cipher.ts): AES-256-GCM, a fresh 12-byte IV each, the tag checked
// on read. Unlike an API key's hash, the service must read the secret back to sign every delivery.

/** The AES-256 key of a WEBHOOKS_SECRET_KEY text. */
export function sealingKeyOf(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

export function sealSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** Throws when the text was not sealed with this key or was changed. */
export function openSecret(key: Buffer, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  if (bytes.length < 28) throw new Error('sealed secret too short');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

/** `whsec_` and 32 random bytes (256 bits) in base64url. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** What the list shows of a secret: enough to tell two apart, nothing to sign with. */
export function secretPrefix(secret: string): string {
  return secret.slice(0, 10);
}
