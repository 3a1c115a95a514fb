import { openSealed, type SealingKeys } from '@pawline/nest-kit';

// Senders' access tokens at rest, sealed by the kit's one implementation (libs/nest-kit/src/crypto/sealed-text.ts):
// AES-256-GCM, a fresh 12-byte IV per token, the 16-byte tag checked on read.

export { sealText as encryptToken, openText as decryptToken } from '@pawline/nest-kit';

/** The keys a token may be sealed with: the current one, and the previous one while a rotation runs. */
export type TokenKeys = SealingKeys;

/**
 * Opens a token with the current key, else with the previous one; `stale` when the previous key opened it (the
 * rotation seals it anew). Throws when neither does.
 */
export function openToken(keys: TokenKeys, sealed: string): { token: string; stale: boolean } {
  const { text, stale } = openSealed(keys, sealed);
  return { token: text, stale };
}
