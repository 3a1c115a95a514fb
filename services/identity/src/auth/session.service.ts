import { createHmac, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sessionRevokedEvent, type RpcResponse, type loginRpc } from '@pawline/contracts';
import { OutboxService, SERVICE_CONFIG, signAccessToken } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import type { IdentityConfig } from '../identity.config';
import { hashToken, newRefreshToken } from './opaque-token';
import { RefreshTokenEntity } from './refresh-token.entity';
import { SessionEntity } from './session.entity';

/** A refresh token stays usable for 30 days unless rotated or revoked. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A refresh token presented again within this time of its rotation is answered with the same
 * successor rather than taken for a replay: two tabs sharing one cookie refresh at once (RFC 9700
 * §4.14.2 allows such a grace). Later, or for an older token, it ends the session.
 */
export const REFRESH_REUSE_GRACE_MS = 20_000;

export type SessionTokens = RpcResponse<typeof loginRpc>;
export type Actor = { userId: string | null; deviceId: string | null };

/** Opens, rotates and revokes sessions; every revocation is announced through the outbox. */
@Injectable()
export class SessionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async open(manager: EntityManager, userId: string, deviceId: string | null, now = new Date()): Promise<SessionTokens> {
    const session = manager.create(SessionEntity, { id: randomUUID(), userId, deviceId, createdAt: now, lastUsedAt: now, revokedAt: null });
    await manager.insert(SessionEntity, session);
    return this.issue(manager, session, now);
  }

  /**
   * Stores a new refresh token for the session and signs an access token. A rotation passes the
   * token it replaces: the successor is derived from it, so a retry within the grace period can be
   * answered with the very same successor (see `reissue`).
   */
  async issue(manager: EntityManager, session: SessionEntity, now = new Date(), replaces?: string): Promise<SessionTokens> {
    const refreshToken = replaces === undefined ? newRefreshToken(session.id) : this.successorOf(session.id, replaces);
    await manager.insert(RefreshTokenEntity, {
      id: randomUUID(),
      sessionId: session.id,
      tokenHash: hashToken(refreshToken),
      createdAt: now,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
      usedAt: null,
      revokedAt: null,
    });
    return this.tokensOf(session, refreshToken, now);
  }

  /**
   * The successor that `issue` stored when `presented` was rotated, with a fresh access token, as
   * long as that successor is still the session's live refresh token; null otherwise (it was used
   * or revoked in turn, or expired), and the caller treats the presentation as a replay.
   */
  async reissue(manager: EntityManager, session: SessionEntity, presented: string, now = new Date()): Promise<SessionTokens | null> {
    const successor = this.successorOf(session.id, presented);
    const row = await manager.findOneBy(RefreshTokenEntity, { tokenHash: hashToken(successor), sessionId: session.id });
    if (!row || row.usedAt || row.revokedAt || row.expiresAt.getTime() <= now.getTime()) return null;
    return this.tokensOf(session, successor, now);
  }

  private successorOf(sessionId: string, presented: string): string {
    const derived = createHmac('sha256', this.config.AUTH_TOKEN_SECRET).update(`refresh-successor\0${presented}`).digest('base64url');
    return `${sessionId}.${derived}`;
  }

  private async tokensOf(session: SessionEntity, refreshToken: string, now: Date): Promise<SessionTokens> {
    const access = await signAccessToken(this.config.AUTH_TOKEN_SECRET, { sub: session.userId, sid: session.id }, now);
    return {
      access_token: access.token,
      expires_at: new Date(access.claims.exp * 1000).toISOString(),
      refresh_token: refreshToken,
      user_id: session.userId,
    };
  }

  /**
   * Revokes open sessions of a user inside the caller's transaction: the given ones, or all
   * (`sessionIds` null, which also retires unused auto-login links), except `keep`. Emits evt.identity.session.revoked.v1 when any was open,
   * always naming the sessions (ADR 0002 "Revoking by session"): a session opened later, even in the
   * same second, is not touched.
   */
  async revoke(
    manager: EntityManager,
    userId: string,
    scope: { sessionIds: string[] | null; keep?: string },
    actor: Actor,
    now = new Date(),
  ): Promise<string[]> {
    // an auto-login link is a session waiting to be opened: ending them all (password reset,
    // logout-all, password change, deactivation) retires it too (issue 11)
    if (scope.sessionIds === null) {
      await manager.query(`UPDATE email_token SET used_at = $2 WHERE user_id = $1 AND kind = 'autologin' AND used_at IS NULL`, [
        userId,
        now,
      ]);
    }
    const query = manager
      .createQueryBuilder()
      .update(SessionEntity)
      .set({ revokedAt: now })
      .where('user_id = :userId AND revoked_at IS NULL', { userId });
    if (scope.sessionIds) query.andWhere('id IN (:...ids)', { ids: scope.sessionIds.length ? scope.sessionIds : [randomUUID()] });
    if (scope.keep) query.andWhere('id <> :keep', { keep: scope.keep });
    const result = await query.returning(['id']).execute();
    const revoked = (result.raw as { id: string }[]).map((row) => row.id);
    if (revoked.length === 0) return [];
    await manager
      .createQueryBuilder()
      .update(RefreshTokenEntity)
      .set({ revokedAt: now })
      .where('session_id IN (:...revoked) AND revoked_at IS NULL', { revoked })
      .execute();
    await this.outbox.add(
      manager,
      sessionRevokedEvent,
      { user_id: userId, session_ids: revoked, revoked_at: now.toISOString() },
      { orgaId: null, storeId: null, actor },
    );
    return revoked;
  }

  runInTransaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
