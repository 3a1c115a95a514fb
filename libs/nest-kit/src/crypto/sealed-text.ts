import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// Secrets a service must read back (a sender's access token, a webhook's signing secret) at rest:
// AES-256-GCM, a fresh 12-byte IV each, the 16-byte tag checked on read. One implementation for every
// service; each service keeps its own key (MESSAGING_SECRET_KEY, WEBHOOKS_SECRET_KEY) and its previous one
// while an operator rotates it (deploy/README.md, "Rotating secrets").

/** The AES-256 key of a secret-key text (SHA-256 of it). */
export function sealingKeyOf(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** The keys a text may be sealed with: the current one, and the previous one while a rotation runs. */
export type SealingKeys = { secretKey: Buffer; previousSecretKey: Buffer | null };

/** `base64(iv ‖ tag ‖ ciphertext)`. */
export function sealText(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** Throws when the text was not sealed with this key or was changed. */
export function openText(key: Buffer, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  if (bytes.length < 28) throw new Error('sealed text too short');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

/**
 * Opens with the current key, else with the previous one (GCM's tag tells which key sealed it); `stale` when
 * the previous key opened it (a rotation seals it anew). Throws when neither does.
 */
export function openSealed(keys: SealingKeys, sealed: string): { text: string; stale: boolean } {
  try {
    return { text: openText(keys.secretKey, sealed), stale: false };
  } catch (error) {
    if (!keys.previousSecretKey) throw error;
    return { text: openText(keys.previousSecretKey, sealed), stale: true };
  }
}
