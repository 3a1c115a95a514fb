import { hashToken, newEmailToken, newRefreshToken, sessionIdOf } from './opaque-token';

describe('opaque tokens', () => {
  const sessionId = '3f2b8f3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

  it('builds refresh tokens as <sessionId>.<32 random bytes> and reads the session back', () => {
    const token = newRefreshToken(sessionId);
    expect(token.startsWith(`${sessionId}.`)).toBe(true);
    expect(Buffer.from(token.split('.')[1] ?? '', 'base64url')).toHaveLength(32);
    expect(sessionIdOf(token)).toBe(sessionId);
    expect(newRefreshToken(sessionId)).not.toBe(token);
  });

  it('rejects tokens not of that shape', () => {
    expect(sessionIdOf('nonsense')).toBeNull();
    expect(sessionIdOf(`${sessionId}.`)).toBeNull();
    expect(sessionIdOf(`not-a-uuid.abc`)).toBeNull();
    expect(sessionIdOf(`${sessionId}.a.b`)).toBeNull();
  });

  it('stores a sha256 hex digest, never the token', () => {
    const token = newEmailToken();
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).not.toBe(hashToken(newEmailToken()));
  });
});
