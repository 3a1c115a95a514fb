import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** Claims of a Pawline access token: short-lived (about 15 minutes), HS256. */
export type AccessTokenClaims = {
  /** person user id */
  sub: string;
  /** session id: revoking a session (or all of a user's) rejects its tokens at once */
  sid: string;
  iat: number;
  exp: number;
};

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

// jose turns a KeyObject into a CryptoKey once and caches it per object, so the hot path of the
// gateway costs one HMAC and no key import: keep one KeyObject per secret.
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(
  secret: string,
  claims: { sub: string; sid: string },
  now: Date = new Date(),
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
): Promise<{ token: string; claims: AccessTokenClaims }> {
  const iat = Math.floor(now.getTime() / 1000);
  const full: AccessTokenClaims = { sub: claims.sub, sid: claims.sid, iat, exp: iat + ttlSeconds };
  const token = await new SignJWT({ sid: full.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(full.sub)
    .setIssuedAt(full.iat)
    .setExpirationTime(full.exp)
    .sign(keyOf(secret));
  return { token, claims: full };
}

// A JWS compact form is three unpadded base64url parts; an HS256 signature is 32 bytes, 43
// characters whose last one carries 4 bits and 2 zero bits. jose's decoder (atob) tolerates a
// trailing '=' and ignores those 2 bits, so the one canonical spelling is checked first.
const compactHs256 = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

/**
 * Returns the claims of a well-signed, unexpired HS256 token, or null. One spelling of a signature
 * only: padding, '+/' or foreign characters are refused (issue 11).
 */
export async function verifyAccessToken(secret: string, token: string, now: Date = new Date()): Promise<AccessTokenClaims | null> {
  if (!compactHs256.test(token)) return null;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      currentDate: now,
      clockTolerance: 0,
      requiredClaims: ['sub', 'sid', 'iat', 'exp'],
    });
    const claims = { sub: payload.sub, sid: payload['sid'], iat: payload.iat, exp: payload.exp };
    return isClaims(claims) ? claims : null;
  } catch {
    return null;
  }
}

function isClaims(value: Record<string, unknown>): value is AccessTokenClaims {
  return (
    typeof value['sub'] === 'string' &&
    typeof value['sid'] === 'string' &&
    typeof value['iat'] === 'number' &&
    typeof value['exp'] === 'number'
  );
}
