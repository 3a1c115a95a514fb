import { signAccessToken } from '@pawline/nest-kit';
import { ApiError } from '../http/api-error';
import { Authenticator } from './authenticator';
import { MemorySessionRevocationStore } from './session-revocation.store';

const secret = 'authenticator-spec-secret-0123456789abcdef';
const ids = { sub: '11111111-1111-4111-8111-111111111111', sid: '22222222-2222-4222-8222-222222222222' };

async function failureOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
  return 'none';
}

describe('authenticator', () => {
  it('remembers a verified token only until it expires, and still checks revocation on every request', async () => {
    let now = Date.parse('2026-11-24T10:00:00Z');
    const revocations = new MemorySessionRevocationStore(() => now);
    const authenticator = new Authenticator(secret, revocations, () => now);
    const { token } = await signAccessToken(secret, ids, new Date(now));
    expect(await authenticator.fromToken(token, undefined)).toEqual({ userId: ids.sub, sessionId: ids.sid, deviceId: null });
    expect((await authenticator.fromToken(token, 'phone')).deviceId).toBe('phone');

    now += 15 * 60 * 1000;
    expect(await failureOf(authenticator.fromToken(token, undefined))).toBe('unauthorized');

    const fresh = (await signAccessToken(secret, ids, new Date(now))).token;
    expect((await authenticator.fromToken(fresh, undefined)).sessionId).toBe(ids.sid);
    await revocations.revoke(ids.sub, [ids.sid], new Date(now));
    expect(await failureOf(authenticator.fromToken(fresh, undefined))).toBe('session_expired');
  });

  it('refuses another spelling of a remembered token', async () => {
    const authenticator = new Authenticator(secret, new MemorySessionRevocationStore());
    const { token } = await signAccessToken(secret, ids);
    await authenticator.fromToken(token, undefined);
    expect(await failureOf(authenticator.fromToken(`${token}=`, undefined))).toBe('unauthorized');
    expect(await failureOf(authenticator.fromToken(`${secret}.${token}`, undefined))).toBe('unauthorized');
  });
});
