import type { Redis } from 'ioredis';

/** A fixed window counter: how many hits a key has had in the current window. */
export type RateLimitStore = {
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
};

export type RateLimitRule = { name: string; limit: number; windowMs: number };

/** The limits of the public auth routes. */
export const RATE_LIMITS = {
  login: { name: 'login', limit: 10, windowMs: 60_000 },
  register: { name: 'register', limit: 5, windowMs: 60_000 },
  passwordReset: { name: 'password-reset', limit: 5, windowMs: 60_000 },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class RateLimiter {
  constructor(private readonly store: RateLimitStore) {}

  async consume(rule: RateLimitRule, key: string): Promise<RateLimitDecision> {
    const { count, resetInMs } = await this.store.hit(`${rule.name}:${key}`, rule.windowMs);
    if (count <= rule.limit) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) };
  }
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }> {
    const now = this.now();
    this.sweep(now);
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + windowMs });
      return { count: 1, resetInMs: windowMs };
    }
    current.count += 1;
    return { count: current.count, resetInMs: current.resetAt - now };
  }

  private sweep(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** Shared by every gateway process: INCR plus an expiry set on the first hit of a window. */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  async hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }> {
    const redisKey = `${this.keyPrefix}rl:${key}`;
    const result = await this.redis.multi().incr(redisKey).pexpire(redisKey, windowMs, 'NX').pttl(redisKey).exec();
    const count = Number(result?.[0]?.[1] ?? 1);
    const ttl = Number(result?.[2]?.[1] ?? windowMs);
    return { count, resetInMs: ttl > 0 ? ttl : windowMs };
  }
}
