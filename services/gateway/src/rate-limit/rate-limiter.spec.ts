import { LOGIN_BACKOFF, MemoryRateLimitStore, RATE_LIMITS, RateLimiter } from './rate-limiter';

describe('rate limiter (memory store)', () => {
  it('allows the login limit of 10 a minute per key, then refuses with the seconds left', async () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(new MemoryRateLimitStore(() => now));
    for (let i = 0; i < 10; i += 1) expect(await limiter.consume(RATE_LIMITS.login, '1.2.3.4|anna')).toEqual({ allowed: true });
    now += 15_000;
    expect(await limiter.consume(RATE_LIMITS.login, '1.2.3.4|anna')).toEqual({ allowed: false, retryAfterSeconds: 45 });
    // another user from the same address has their own window
    expect(await limiter.consume(RATE_LIMITS.login, '1.2.3.4|bruno')).toEqual({ allowed: true });
  });

  it('opens a new window once the minute is over', async () => {
    let now = 0;
    const limiter = new RateLimiter(new MemoryRateLimitStore(() => now));
    for (let i = 0; i < 5; i += 1) await limiter.consume(RATE_LIMITS.register, '1.2.3.4');
    expect((await limiter.consume(RATE_LIMITS.register, '1.2.3.4')).allowed).toBe(false);
    now += 60_000;
    expect((await limiter.consume(RATE_LIMITS.register, '1.2.3.4')).allowed).toBe(true);
  });

  it('keeps the rules apart: register hits do not count against password reset', async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore());
    for (let i = 0; i < 6; i += 1) await limiter.consume(RATE_LIMITS.register, 'ip');
    expect((await limiter.consume(RATE_LIMITS.register, 'ip')).allowed).toBe(false);
    expect((await limiter.consume(RATE_LIMITS.passwordReset, 'ip')).allowed).toBe(true);
  });
});

describe('login backoff (memory store)', () => {
  it('holds an account back after 5 failures, longer with each further failure, and forgets on success', async () => {
    let now = 0;
    const limiter = new RateLimiter(new MemoryRateLimitStore(() => now));
    for (let i = 0; i < 4; i += 1) await limiter.loginFailed('anna');
    expect(await limiter.loginHeldBack('anna')).toEqual({ allowed: true });
    await limiter.loginFailed('anna');
    const first = await limiter.loginHeldBack('anna');
    expect(first).toEqual({ allowed: false, retryAfterSeconds: LOGIN_BACKOFF.firstDelayMs / 1000 });
    now += LOGIN_BACKOFF.firstDelayMs;
    expect(await limiter.loginHeldBack('anna')).toEqual({ allowed: true });
    await limiter.loginFailed('anna');
    expect(await limiter.loginHeldBack('anna')).toEqual({ allowed: false, retryAfterSeconds: (2 * LOGIN_BACKOFF.firstDelayMs) / 1000 });
    for (let i = 0; i < 20; i += 1) await limiter.loginFailed('anna');
    expect(await limiter.loginHeldBack('anna')).toEqual({ allowed: false, retryAfterSeconds: LOGIN_BACKOFF.maxDelayMs / 1000 });
    expect(await limiter.loginHeldBack('bruno')).toEqual({ allowed: true });
    await limiter.loginSucceeded('anna');
    expect(await limiter.loginHeldBack('anna')).toEqual({ allowed: true });
  });
});
