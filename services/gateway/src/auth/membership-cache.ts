import type { MemberAccess } from '@pawline/contracts';

/** Membership answers for the guards, kept 5 seconds and dropped on identity member/orga events. */
export class MembershipCache {
  static readonly TTL_MS = 5_000;
  private readonly entries = new Map<string, { value: MemberAccess; expiresAt: number; orgaId: string }>();

  constructor(private readonly now: () => number = Date.now) {}

  get(userId: string, orgaId: string): MemberAccess | undefined {
    const entry = this.entries.get(`${userId}:${orgaId}`);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(`${userId}:${orgaId}`);
      return undefined;
    }
    return entry.value;
  }

  set(userId: string, orgaId: string, value: MemberAccess): void {
    if (this.entries.size > 50_000) this.entries.clear();
    this.entries.set(`${userId}:${orgaId}`, { value, expiresAt: this.now() + MembershipCache.TTL_MS, orgaId });
  }

  dropOrganization(orgaId: string): void {
    for (const [key, entry] of this.entries) if (entry.orgaId === orgaId) this.entries.delete(key);
  }

  dropUser(userId: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${userId}:`)) this.entries.delete(key);
  }
}
