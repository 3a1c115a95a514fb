import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokenClaims } from '@pawline/nest-kit';

/**
 * Sessions revoked in the last access-token lifetime (15 minutes), kept in each gateway's memory
 * and fed by RevocationFeed from identity's events (and at once by this gateway's own log-outs). An access token is
 * rejected when its session was revoked. Identity names the revoked sessions (ADR 0002 "Revoking by
 * session"), so a session opened in the same second as a logout-all or password reset works; the
 * user-wide form (session ids null, older events) still rejects tokens issued up to that second.
 */
export type SessionRevocationStore = {
  revoke(userId: string, sessionIds: string[] | null, revokedAt: Date): Promise<void>;
  isRevoked(claims: Pick<AccessTokenClaims, 'sub' | 'sid' | 'iat'>): Promise<boolean>;
};

const TTL_MS = ACCESS_TOKEN_TTL_SECONDS * 1000;

function revokedSecond(revokedAt: Date): number {
  return Math.floor(revokedAt.getTime() / 1000);
}

export class MemorySessionRevocationStore implements SessionRevocationStore {
  private readonly sessions = new Map<string, number>();
  private readonly users = new Map<string, { second: number; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async revoke(userId: string, sessionIds: string[] | null, revokedAt: Date): Promise<void> {
    const expiresAt = this.now() + TTL_MS;
    if (sessionIds === null) {
      const previous = this.users.get(userId);
      const second = Math.max(previous?.second ?? 0, revokedSecond(revokedAt));
      this.users.set(userId, { second, expiresAt });
    } else {
      for (const sid of sessionIds) this.sessions.set(sid, expiresAt);
    }
    this.sweep();
  }

  async isRevoked(claims: Pick<AccessTokenClaims, 'sub' | 'sid' | 'iat'>): Promise<boolean> {
    const now = this.now();
    const session = this.sessions.get(claims.sid);
    if (session !== undefined && session > now) return true;
    const user = this.users.get(claims.sub);
    return user !== undefined && user.expiresAt > now && claims.iat <= user.second;
  }

  private sweep(): void {
    const now = this.now();
    for (const [sid, expiresAt] of this.sessions) if (expiresAt <= now) this.sessions.delete(sid);
    for (const [user, entry] of this.users) if (entry.expiresAt <= now) this.users.delete(user);
  }
}
