import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Senders' access tokens at rest: AES-256-GCM, a fresh 12-byte IV per token, the 16-byte tag checked on read.

export function encryptToken(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The keys a token may be sealed with: the current one, and the previous one while a rotation runs. */
export type TokenKeys = { secretKey: Buffer; previousSecretKey: Buffer | null };

/**
 * Opens a token with the current key, else with the previous one (GCM's tag tells which key sealed it);
 * `stale` when the previous key opened it (the rotation seals it anew). Throws when neither does.
 */
export function openToken(keys: TokenKeys, sealed: string): { token: string; stale: boolean } {
  try {
    return { token: decryptToken(keys.secretKey, sealed), stale: false };
  } catch (error) {
    if (!keys.previousSecretKey) throw error;
    return { token: decryptToken(keys.previousSecretKey, sealed), stale: true };
  }
}

/** Throws when the text was not made with this key or was changed. */
export function decryptToken(key: Buffer, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  if (bytes.length < 28) throw new Error('sealed token too short');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
