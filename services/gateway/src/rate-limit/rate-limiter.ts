import type { Redis } from 'ioredis';

/**
 * A fixed window counter (how many hits a key has had in the current window), and holds: a key
 * held back for some milliseconds (the login backoff).
 */
export type RateLimitStore = {
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  hold(key: string, ms: number): Promise<void>;
  /** Milliseconds the key is still held back, 0 when it is not. */
  heldFor(key: string): Promise<number>;
  /** Forgets the key's counter and hold. */
  forget(key: string): Promise<void>;
};

export type RateLimitRule = { name: string; limit: number; windowMs: number };

/** The limits of the public auth routes. */
export const RATE_LIMITS = {
  login: { name: 'login', limit: 10, windowMs: 60_000 },
  register: { name: 'register', limit: 5, windowMs: 60_000 },
  passwordReset: { name: 'password-reset', limit: 5, windowMs: 60_000 },
  /** issue 29: verification mails asked again per address (identity sends one a minute per account) */
  verificationMail: { name: 'verification-mail', limit: 5, windowMs: 10 * 60_000 },
  /** issue 29: verification codes typed per address, across accounts (each code takes five tries) */
  verificationCode: { name: 'verification-code', limit: 20, windowMs: 10 * 60_000 },
  /** the booking widget's reads per address (store, availability): a customer browsing days */
  bookingRead: { name: 'booking-read', limit: 60, windowMs: 60_000 },
  /** the widget's writes per address and store (challenge, customer check, request): a booking takes about three */
  bookingWrite: { name: 'booking-write', limit: 10, windowMs: 10 * 60_000 },
  /** the phone check per address and store: it tells whether a phone and a last name are a customer's */
  bookingCustomerCheck: { name: 'booking-customer-check', limit: 5, windowMs: 10 * 60_000 },
  /** every public booking call of one store, from any address: a busy salon's day stays far below */
  bookingStore: { name: 'booking-store', limit: 600, windowMs: 60_000 },
  /** every request of one API key (issue 33): ten a second on average, an integration's sync stays below */
  apiKey: { name: 'api-key', limit: 600, windowMs: 60_000 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Failed logins of one username, from any address (issue 11): from the 5th failure within the
 * hour the account is held back, 30 s and twice as long with each further failure, at most 15
 * minutes; a successful login forgets them. Unknown usernames are held back the same way.
 */
export const LOGIN_BACKOFF = { failures: 5, windowMs: 60 * 60_000, firstDelayMs: 30_000, maxDelayMs: 15 * 60_000 } as const;

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class RateLimiter {
  constructor(private readonly store: RateLimitStore) {}

  async consume(rule: RateLimitRule, key: string): Promise<RateLimitDecision> {
    const { count, resetInMs } = await this.store.hit(`${rule.name}:${key}`, rule.windowMs);
    if (count <= rule.limit) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) };
  }

  /** Whether a login for this username may be tried now (LOGIN_BACKOFF). */
  async loginHeldBack(username: string): Promise<RateLimitDecision> {
    const ms = await this.store.heldFor(loginBackoffKey(username));
    return ms <= 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
  }

  async loginFailed(username: string): Promise<void> {
    const key = loginBackoffKey(username);
    const { count } = await this.store.hit(key, LOGIN_BACKOFF.windowMs);
    if (count < LOGIN_BACKOFF.failures) return;
    const doublings = Math.min(count - LOGIN_BACKOFF.failures, 20);
    await this.store.hold(key, Math.min(LOGIN_BACKOFF.maxDelayMs, LOGIN_BACKOFF.firstDelayMs * 2 ** doublings));
  }

  async loginSucceeded(username: string): Promise<void> {
    await this.store.forget(loginBackoffKey(username));
  }
}

function loginBackoffKey(username: string): string {
  return `login-failures:${username.trim().toLowerCase()}`;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly holds = new Map<string, number>();

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

  async hold(key: string, ms: number): Promise<void> {
    this.holds.set(key, this.now() + ms);
  }

  async heldFor(key: string): Promise<number> {
    const until = this.holds.get(key);
    if (until === undefined) return 0;
    const left = until - this.now();
    if (left <= 0) this.holds.delete(key);
    return Math.max(0, left);
  }

  async forget(key: string): Promise<void> {
    this.windows.delete(key);
    this.holds.delete(key);
  }

  private sweep(now: number): void {
    if (this.holds.size >= 10_000) for (const [key, until] of this.holds) if (until <= now) this.holds.delete(key);
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

  async hold(key: string, ms: number): Promise<void> {
    await this.redis.set(`${this.keyPrefix}hold:${key}`, '1', 'PX', Math.max(1, Math.round(ms)));
  }

  async heldFor(key: string): Promise<number> {
    const ttl = await this.redis.pttl(`${this.keyPrefix}hold:${key}`);
    return ttl > 0 ? ttl : 0;
  }

  async forget(key: string): Promise<void> {
    await this.redis.del(`${this.keyPrefix}rl:${key}`, `${this.keyPrefix}hold:${key}`);
  }
}
