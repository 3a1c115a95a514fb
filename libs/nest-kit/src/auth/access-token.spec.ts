import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from './access-token';

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const ids = { sub: '6f1c1d3e-0a4b-4c5d-8e9f-0a1b2c3d4e5f', sid: '0c1d2e3f-4a5b-4c6d-8e7f-8a9b0c1d2e3f' };

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('access token', () => {
  it('round-trips its claims and lives about 15 minutes', async () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const { token, claims } = await signAccessToken(secret, ids, now);
    expect(claims.exp - claims.iat).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(900);
    expect(await verifyAccessToken(secret, token, new Date('2026-11-22T10:14:59Z'))).toEqual(claims);
  });

  it('rejects an expired token', async () => {
    const { token } = await signAccessToken(secret, ids, new Date('2026-11-22T10:00:00Z'));
    expect(await verifyAccessToken(secret, token, new Date('2026-11-22T10:15:00Z'))).toBeNull();
  });

  it('rejects a token signed with another secret or tampered with', async () => {
    const { token } = await signAccessToken(secret, ids);
    expect(await verifyAccessToken(`${secret}x`, token)).toBeNull();
    const [head, body, sig] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body ?? '', 'base64url').toString()), sub: 'someone-else' }),
    ).toString('base64url');
    expect(await verifyAccessToken(secret, `${head}.${forged}.${sig}`)).toBeNull();
    expect(await verifyAccessToken(secret, 'not-a-token')).toBeNull();
    expect(await verifyAccessToken(secret, `${head}.%%%.${sig}`)).toBeNull();
  });

  // issue 11: Buffer's base64url decoder skips padding and characters outside the alphabet, so
  // these spellings of the same signature passed the old hand-written check
  it.each([
    ['padding', (sig: string) => `${sig}=`],
    ['double padding', (sig: string) => `${sig}==`],
    ['non-alphabet characters', (sig: string) => `${sig}!!`],
    ['base64 (not base64url) characters', (sig: string) => `+/${sig}`],
    [
      'the unused low bits of its last character set',
      (sig: string) => `${sig.slice(0, -1)}${alphabet[alphabet.indexOf(sig.slice(-1)) + 1]}`,
    ],
  ])('rejects a signature altered with %s', async (_name, alter) => {
    const { token } = await signAccessToken(secret, ids);
    const [head, body, sig] = token.split('.');
    expect(await verifyAccessToken(secret, `${head}.${body}.${alter(sig ?? '')}`)).toBeNull();
  });

  it('rejects a token whose header names another algorithm or none', async () => {
    const { token } = await signAccessToken(secret, ids);
    const [, body] = token.split('.');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(await verifyAccessToken(secret, `${none}.${body}.`)).toBeNull();
  });
});
