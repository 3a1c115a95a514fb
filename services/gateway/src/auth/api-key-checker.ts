import { createHash } from 'node:crypto';
import { authenticateApiKeyRpc } from '@pawline/contracts';
import type { RpcCaller } from '../http/rpc-caller';
import type { ApiKeyChecker } from './authenticator';

/** Identity's check of a key by the SHA-256 of its secret (the secret itself never leaves the gateway). */
export function identityApiKeyChecker(rpc: RpcCaller): ApiKeyChecker {
  return async (secret) => {
    const secretSha256 = createHash('sha256').update(secret, 'utf8').digest('hex');
    try {
      return await rpc.call(authenticateApiKeyRpc, { secret_sha256: secretSha256 }, { auth: null, lang: 'en' });
    } catch (error) {
      if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'unauthorized') return null;
      throw error;
    }
  };
}
