import type { MemberAccess } from '@pawline/contracts';

/**
 * Membership answers for the guards, kept 5 seconds. Never stale after a change: the gateway drops
 * an organization's entries before it answers a changing identity route (api-router.ts), every
 * gateway process drops them on identity's member/orga/store events (membership-feed.ts), and an
 * answer fetched while a drop happened is not kept (the generation moved on).
 */
export class MembershipCache {
  static readonly TTL_MS = 5_000;
  private readonly entries = new Map<string, { value: MemberAccess; expiresAt: number; orgaId: string }>();
  private drops = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Moves on with every drop; `set` ignores an answer fetched under an older generation. */
  get generation(): number {
    return this.drops;
  }

  get(userId: string, orgaId: string): MemberAccess | undefined {
    const entry = this.entries.get(`${userId}:${orgaId}`);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(`${userId}:${orgaId}`);
      return undefined;
    }
    return entry.value;
  }

  set(userId: string, orgaId: string, value: MemberAccess, generation = this.drops): void {
    if (generation !== this.drops) return;
    if (this.entries.size > 50_000) this.entries.clear();
    this.entries.set(`${userId}:${orgaId}`, { value, expiresAt: this.now() + MembershipCache.TTL_MS, orgaId });
  }

  dropOrganization(orgaId: string): void {
    this.drops += 1;
    for (const [key, entry] of this.entries) if (entry.orgaId === orgaId) this.entries.delete(key);
  }

  dropUser(userId: string): void {
    this.drops += 1;
    for (const key of this.entries.keys()) if (key.startsWith(`${userId}:`)) this.entries.delete(key);
  }
}
