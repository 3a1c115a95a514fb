import type { Redis } from 'ioredis';

/**
 * Paces sends (docs/architecture.md, "Message kinds"; issue 12): each sender at most at its cap per second, each
 * (sender, recipient) pair at most once per pair interval (WhatsApp's pair rate, error 131056).
 * Every worker process asks the same Redis, so the cap holds for all of them together.
 */
export interface SendPacer {
  /** 0: send now (the slot is taken); otherwise how many ms to wait before asking again (nothing taken) */
  take(senderId: string, capPerSecond: number, recipient: string): Promise<number>;
  close(): Promise<void>;
}

export type PacingSettings = {
  /** time between two messages of one recipient from one sender */
  pairIntervalMs: number;
  /**
   * Sends are spaced a little wider than 1/cap, so that a send that reaches the provider a few ms late
   * (an event loop busy for a moment) cannot make one second hold cap + 1 of them.
   */
  headroom: number;
};

export const DEFAULT_HEADROOM = 0.04;

/** Microseconds between two sends of one sender. */
export function senderIntervalUs(capPerSecond: number, headroom: number): number {
  return Math.ceil((1_000_000 / Math.max(capPerSecond, 0.001)) * (1 + headroom));
}

/**
 * GCRA for the sender (no burst: sends are spread evenly) and the pair, both or neither taken, in one
 * atomic script on Redis' own clock (workers on several machines share one time).
 * KEYS: sender, pair. ARGV: sender interval µs, pair interval µs. Returns 0 or the wait in ms.
 */
const TAKE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local si = tonumber(ARGV[1])
local pi = tonumber(ARGV[2])
local s = tonumber(redis.call('GET', KEYS[1]) or '0')
local p = tonumber(redis.call('GET', KEYS[2]) or '0')
local wait = 0
if s > now then wait = s - now end
if p > now and p - now > wait then wait = p - now end
if wait > 0 then return math.ceil(wait / 1000) end
redis.call('SET', KEYS[1], tostring(math.max(s, now) + si), 'PX', math.ceil(si / 1000) + 1000)
redis.call('SET', KEYS[2], tostring(math.max(p, now) + pi), 'PX', math.ceil(pi / 1000) + 1000)
return 0
`;

type PacerRedis = Redis & { pawlinePace(sender: string, pair: string, senderUs: number, pairUs: number): Promise<number> };

export class RedisSendPacer implements SendPacer {
  private readonly redis: PacerRedis;

  constructor(
    redis: Redis,
    private readonly keyPrefix: string,
    private readonly settings: PacingSettings,
  ) {
    redis.defineCommand('pawlinePace', { numberOfKeys: 2, lua: TAKE_SCRIPT });
    this.redis = redis as PacerRedis;
  }

  async take(senderId: string, capPerSecond: number, recipient: string): Promise<number> {
    return this.redis.pawlinePace(
      `${this.keyPrefix}pace:sender:${senderId}`,
      `${this.keyPrefix}pace:pair:${senderId}:${recipient}`,
      senderIntervalUs(capPerSecond, this.settings.headroom),
      this.settings.pairIntervalMs * 1000,
    );
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

/**
 * The same rule in this process only (REDIS_URL=off: one machine, one worker). With several worker
 * processes each would pace alone, so the launcher refuses MESSAGING_WORKERS > 1 without Redis.
 */
export class LocalSendPacer implements SendPacer {
  private readonly next = new Map<string, number>();

  constructor(
    private readonly settings: PacingSettings,
    private readonly clock: () => number = () => performance.timeOrigin * 1000 + performance.now() * 1000,
  ) {}

  async take(senderId: string, capPerSecond: number, recipient: string): Promise<number> {
    const now = this.clock();
    const senderKey = `s:${senderId}`;
    const pairKey = `p:${senderId}:${recipient}`;
    const s = this.next.get(senderKey) ?? 0;
    const p = this.next.get(pairKey) ?? 0;
    const wait = Math.max(s - now, p - now, 0);
    if (wait > 0) return Math.ceil(wait / 1000);
    this.next.set(senderKey, Math.max(s, now) + senderIntervalUs(capPerSecond, this.settings.headroom));
    this.next.set(pairKey, Math.max(p, now) + this.settings.pairIntervalMs * 1000);
    if (this.next.size > 100_000) this.forgetPast(now);
    return 0;
  }

  private forgetPast(now: number): void {
    for (const [key, at] of this.next) if (at < now) this.next.delete(key);
  }

  async close(): Promise<void> {
    this.next.clear();
  }
}
