import type { Redis } from 'ioredis';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokenClaims } from '@pawline/nest-kit';

/**
 * Sessions revoked in the last access-token lifetime (15 minutes). An access token is
 * rejected when its session was revoked, or when all of its user's sessions were revoked
 * at or after the second it was issued (JWT times are whole seconds, so a token issued in
 * the same second as a logout-all is rejected too: the client refreshes).
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

export class RedisSessionRevocationStore implements SessionRevocationStore {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  async revoke(userId: string, sessionIds: string[] | null, revokedAt: Date): Promise<void> {
    if (sessionIds === null) {
      const key = `${this.keyPrefix}revoked:user:${userId}`;
      const second = revokedSecond(revokedAt);
      // keep the latest revocation time of the user
      const previous = Number((await this.redis.get(key)) ?? 0);
      await this.redis.set(key, String(Math.max(previous, second)), 'PX', TTL_MS);
      return;
    }
    if (sessionIds.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const sid of sessionIds) pipeline.set(`${this.keyPrefix}revoked:session:${sid}`, '1', 'PX', TTL_MS);
    await pipeline.exec();
  }

  async isRevoked(claims: Pick<AccessTokenClaims, 'sub' | 'sid' | 'iat'>): Promise<boolean> {
    const [session, user] = await this.redis.mget(
      `${this.keyPrefix}revoked:session:${claims.sid}`,
      `${this.keyPrefix}revoked:user:${claims.sub}`,
    );
    if (session) return true;
    return user !== null && user !== undefined && claims.iat <= Number(user);
  }
}
