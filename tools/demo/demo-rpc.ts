// What seed-crm.ts and seed-calendar.ts share: the caller (the demo owner's auth), a seeded
// pseudo-random generator so every run plans the same data, and small batching.
import type { AuthContext, RpcContract, RpcRequest, RpcResponse } from '@pawline/contracts';
import type { NatsRpcClient } from '@pawline/nest-kit';
import type { z } from 'zod';

/** The demo owner calling the services, as the gateway would on their behalf. */
export type DemoCaller = { client: NatsRpcClient; auth: AuthContext; orgaId: string; log: (line: string) => void };

export type DemoStore = { id: string; name: string; timeZone: string };

/** What a caller may send: the request schema's input (the service applies the defaults). */
export type RpcInput<C extends RpcContract> = z.input<C['request']>;

export function call<C extends RpcContract>(caller: DemoCaller, contract: C, data: RpcInput<C>): Promise<RpcResponse<C>> {
  return caller.client.call(contract, data as RpcRequest<C>, { auth: caller.auth, lang: 'en', timeoutMs: 15_000 });
}

/** Runs `work` over `items` in groups of `size` at a time (Promise.all per group), results in order. */
export async function inGroups<T, R>(items: readonly T[], size: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    const group = items.slice(start, start + size);
    results.push(...(await Promise.all(group.map((item, offset) => work(item, start + offset)))));
  }
  return results;
}

/**
 * The auth context of an access token identity has just issued to the seed over the bus:
 * user id and session id from its claims (identity checks the session on every call).
 */
export function authOfAccessToken(token: string): AuthContext {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('identity answered the demo login with a malformed access token');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown; sid?: unknown };
  if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string') throw new Error('the demo access token carries no sub/sid');
  return { userId: claims.sub, sessionId: claims.sid, deviceId: null };
}

/** mulberry32: a small deterministic generator, so the demo data is the same on every run. */
export class DemoRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** [0, 1) */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** One of `items` by relative weights. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [item, weight] of items) {
      roll -= weight;
      if (roll < 0) return item;
    }
    const last = items[items.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }
}
