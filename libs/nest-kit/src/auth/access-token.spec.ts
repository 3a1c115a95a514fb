import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from './access-token';

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const ids = { sub: '6f1c1d3e-0a4b-4c5d-8e9f-0a1b2c3d4e5f', sid: '0c1d2e3f-4a5b-4c6d-8e7f-8a9b0c1d2e3f' };

describe('access token', () => {
  it('round-trips its claims and lives about 15 minutes', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const { token, claims } = signAccessToken(secret, ids, now);
    expect(claims.exp - claims.iat).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(900);
    expect(verifyAccessToken(secret, token, new Date('2026-11-22T10:14:59Z'))).toEqual(claims);
  });

  it('rejects an expired token', () => {
    const { token } = signAccessToken(secret, ids, new Date('2026-11-22T10:00:00Z'));
    expect(verifyAccessToken(secret, token, new Date('2026-11-22T10:15:00Z'))).toBeNull();
  });

  it('rejects a token signed with another secret or tampered with', () => {
    const { token } = signAccessToken(secret, ids);
    expect(verifyAccessToken(`${secret}x`, token)).toBeNull();
    const [head, body, sig] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body ?? '', 'base64url').toString()), sub: 'someone-else' }),
    ).toString('base64url');
    expect(verifyAccessToken(secret, `${head}.${forged}.${sig}`)).toBeNull();
    expect(verifyAccessToken(secret, 'not-a-token')).toBeNull();
    expect(verifyAccessToken(secret, `${head}.%%%.${sig}`)).toBeNull();
  });
});
