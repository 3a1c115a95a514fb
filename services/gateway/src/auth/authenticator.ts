import { verifyAccessToken, type AccessTokenClaims } from '@pawline/nest-kit';
import { API_KEY_SECRET, type ApiKeyGrant, type AuthContext } from '@pawline/contracts';
import { ApiError } from '../http/api-error';
import type { SessionRevocationStore } from './session-revocation.store';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const deviceIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** Tokens whose signature was checked, kept until they expire: about one per signed-in tab. */
const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Looks an API key up by its secret (identity's rpc.identity.apikey.authenticate): its grant, or
 * null for an unknown, expired or revoked key. Asked on every request, so a revocation holds at once.
 */
export type ApiKeyChecker = (secret: string) => Promise<ApiKeyGrant | null>;

/**
 * Turns a bearer access token into the caller's AuthContext: signature, expiry and revocation; or
 * an API key (`pwk_…`, issue 33) into its own: the key's id, organization, scopes and stores.
 */
export class Authenticator {
  // jose verifies through WebCrypto, about 60 µs a token against 5 µs for a bare HMAC: a client
  // sends the same token for up to 15 minutes, so the signature is checked once per token string
  // (expiry and revocation still on every request). Oldest first out when full.
  private readonly verified = new Map<string, AccessTokenClaims>();

  constructor(
    private readonly secret: string,
    private readonly revocations: SessionRevocationStore,
    private readonly now: () => number = Date.now,
    private readonly apiKeys: ApiKeyChecker | null = null,
  ) {}

  /** null without a token; throws 401 for a bad, expired or revoked one. */
  async fromAuthorization(header: string | undefined, deviceId: string | undefined): Promise<AuthContext | null> {
    if (header === undefined || header === '') return null;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new ApiError('unauthorized');
    if (match[1].startsWith('pwk_')) return this.fromApiKey(match[1]);
    return this.fromToken(match[1], deviceId);
  }

  /** A key acts under its own id (as user and session), with no device: its requests are nobody's browser. */
  private async fromApiKey(secret: string): Promise<AuthContext> {
    if (!this.apiKeys || !API_KEY_SECRET.test(secret)) throw new ApiError('unauthorized');
    const grant = await this.apiKeys(secret);
    if (!grant) throw new ApiError('unauthorized');
    return {
      userId: grant.api_key_id,
      sessionId: grant.api_key_id,
      deviceId: null,
      apiKey: { orga_id: grant.orga_id, scopes: grant.scopes, store_ids: grant.store_ids },
    };
  }

  async fromToken(token: string, deviceId: string | undefined): Promise<AuthContext> {
    const claims = await this.claimsOf(token);
    if (!claims || !uuid.test(claims.sub) || !uuid.test(claims.sid)) throw new ApiError('unauthorized');
    if (await this.revocations.isRevoked(claims)) throw new ApiError('session_expired');
    return {
      userId: claims.sub,
      sessionId: claims.sid,
      deviceId: deviceId !== undefined && deviceIdPattern.test(deviceId) ? deviceId : null,
    };
  }

  private async claimsOf(token: string): Promise<AccessTokenClaims | null> {
    const known = this.verified.get(token);
    if (known && known.exp * 1000 > this.now()) return known;
    if (known) this.verified.delete(token);
    const claims = await verifyAccessToken(this.secret, token, new Date(this.now()));
    if (!claims) return null;
    if (this.verified.size >= VERIFIED_TOKENS_MAX) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, claims);
    return claims;
  }
}
