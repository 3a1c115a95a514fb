import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { LOGIN_BACKOFF, RATE_LIMITS, RateLimiter, RedisRateLimitStore } from '../../src/rate-limit/rate-limiter';

/**
 * The Redis store every gateway shares (ADR 0013: kept instead of a library), on the real Redis:
 * hits sent together from two connections (two gateways) are counted exactly once each, the
 * window is fixed by its first hit, and a hold is seen by every gateway.
 */
describe('Redis rate limit store (real Redis, two gateways)', () => {
  const prefix = `t${randomUUID().slice(0, 8)}:`;
  const a = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const b = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const storeA = new RedisRateLimitStore(a, prefix);
  const storeB = new RedisRateLimitStore(b, prefix);

  afterAll(async () => {
    const keys = await a.keys(`${prefix}*`);
    if (keys.length > 0) await a.del(...keys);
    a.disconnect();
    b.disconnect();
  });

  it('counts 60 hits sent at once from two connections as 1…60, each exactly once', async () => {
    const hits = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? storeA : storeB).hit('race', 60_000)));
    expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    for (const hit of hits) expect(hit.resetInMs).toBeGreaterThan(55_000);
  });

  it('lets exactly the limit through when two gateways take requests at the same moment', async () => {
    const [first, second] = [new RateLimiter(storeA), new RateLimiter(storeB)];
    const decisions = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? first : second).consume(RATE_LIMITS.register, '203.0.113.9')),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(RATE_LIMITS.register.limit);
    for (const refused of decisions.filter((d) => !d.allowed)) expect(refused).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it('fixes the window at its first hit: later hits do not push the reset back, and the key expires', async () => {
    const first = await storeA.hit('window', 400);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const later = await storeB.hit('window', 400);
    expect(later.count).toBe(2);
    expect(later.resetInMs).toBeLessThan(first.resetInMs);
    expect(await a.pttl(`${prefix}rl:window`)).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await storeA.hit('window', 400)).toMatchObject({ count: 1 });
  });

  it('a login hold set through one gateway is seen by the other, and success forgets it', async () => {
    const limiterA = new RateLimiter(storeA);
    const limiterB = new RateLimiter(storeB);
    await Promise.all(Array.from({ length: LOGIN_BACKOFF.failures }, () => limiterA.loginFailed('Anna@Example.com ')));
    expect(await limiterB.loginHeldBack('anna@example.com')).toEqual({
      allowed: false,
      retryAfterSeconds: LOGIN_BACKOFF.firstDelayMs / 1000,
    });
    await limiterB.loginSucceeded('anna@example.com');
    expect(await limiterA.loginHeldBack('Anna@Example.com')).toEqual({ allowed: true });
    expect(await a.exists(`${prefix}rl:login-failures:anna@example.com`, `${prefix}hold:login-failures:anna@example.com`)).toBe(0);
  });
});
