import { MemorySessionRevocationStore } from './session-revocation.store';

const user = '11111111-1111-4111-8111-111111111111';
const other = '99999999-9999-4999-8999-999999999999';
const sid1 = '22222222-2222-4222-8222-222222222222';
const sid2 = '33333333-3333-4333-8333-333333333333';

describe('session revocations (memory store)', () => {
  it('rejects tokens of revoked sessions only, for 15 minutes', async () => {
    let now = Date.parse('2026-11-22T10:00:00Z');
    const store = new MemorySessionRevocationStore(() => now);
    const iat = now / 1000 - 60;
    await store.revoke(user, [sid1], new Date(now));
    expect(await store.isRevoked({ sub: user, sid: sid1, iat })).toBe(true);
    expect(await store.isRevoked({ sub: user, sid: sid2, iat })).toBe(false);
    now += 15 * 60 * 1000 + 1;
    // by now every token of that session has expired anyway
    expect(await store.isRevoked({ sub: user, sid: sid1, iat })).toBe(false);
  });

  it('revoking all sessions rejects the user’s tokens issued up to that second, not later ones or other users', async () => {
    const now = Date.parse('2026-11-22T10:00:00.500Z');
    const store = new MemorySessionRevocationStore(() => now);
    await store.revoke(user, null, new Date(now));
    const second = Math.floor(now / 1000);
    expect(await store.isRevoked({ sub: user, sid: sid1, iat: second - 100 })).toBe(true);
    expect(await store.isRevoked({ sub: user, sid: sid2, iat: second })).toBe(true);
    expect(await store.isRevoked({ sub: user, sid: sid2, iat: second + 1 })).toBe(false);
    expect(await store.isRevoked({ sub: other, sid: sid1, iat: second - 100 })).toBe(false);
  });
});
