import { createHmac, timingSafeEqual } from 'node:crypto';

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

const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(text: string | Buffer): string {
  return Buffer.from(text).toString('base64url');
}

function signature(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(body).digest();
}

export function signAccessToken(
  secret: string,
  claims: { sub: string; sid: string },
  now: Date = new Date(),
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
): { token: string; claims: AccessTokenClaims } {
  const iat = Math.floor(now.getTime() / 1000);
  const full: AccessTokenClaims = { sub: claims.sub, sid: claims.sid, iat, exp: iat + ttlSeconds };
  const body = `${header}.${base64url(JSON.stringify(full))}`;
  return { token: `${body}.${signature(secret, body).toString('base64url')}`, claims: full };
}

/** Returns the claims of a well-signed, unexpired token, or null. */
export function verifyAccessToken(secret: string, token: string, now: Date = new Date()): AccessTokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== header) return null;
  const expected = signature(secret, `${parts[0]}.${parts[1]}`);
  const given = Buffer.from(parts[2] ?? '', 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isClaims(claims)) return null;
  return claims.exp > Math.floor(now.getTime() / 1000) ? claims : null;
}

function isClaims(value: unknown): value is AccessTokenClaims {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return typeof c['sub'] === 'string' && typeof c['sid'] === 'string' && typeof c['iat'] === 'number' && typeof c['exp'] === 'number';
}
