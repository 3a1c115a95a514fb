import { createHash, randomBytes } from 'node:crypto';

/** Only the sha256 of a refresh or e-mail token is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** platform-api.md: refresh token = `<sessionId>.<random 32 bytes base64url>`. */
export function newRefreshToken(sessionId: string): string {
  return `${sessionId}.${randomBytes(32).toString('base64url')}`;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The session id a refresh token names, or null when the token is not of our shape. */
export function sessionIdOf(refreshToken: string): string | null {
  const [sessionId, secret, ...rest] = refreshToken.split('.');
  if (rest.length > 0 || !sessionId || !secret || !uuidPattern.test(sessionId)) return null;
  return sessionId.toLowerCase();
}

/** A single-use token for e-mail verification or password reset. */
export function newEmailToken(): string {
  return randomBytes(32).toString('base64url');
}
