import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_SECRET } from '@pawline/contracts';

/** Characters of the secret the list shows (`pwk_` and six more), enough to tell keys apart. */
export const API_KEY_PREFIX_LENGTH = 10;

/** A new secret: `pwk_` and 32 random bytes in base64url (256 bits, docs/adr/0059). */
export function newApiKeySecret(): string {
  return `pwk_${randomBytes(32).toString('base64url')}`;
}

/**
 * What identity keeps and looks a key up by: the hex SHA-256 of the whole secret. A fast hash is
 * enough for 256 random bits (no dictionary to try, unlike a password), and lets the gateway look
 * a key up on every request by a unique index (docs/adr/0059).
 */
export function apiKeySha256(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function isApiKeySecret(value: string): boolean {
  return API_KEY_SECRET.test(value);
}
