import { Injectable } from '@nestjs/common';
import { type RpcRequest, type RpcResponse, type loginRpc, type logoutRpc, type refreshSessionRpc } from '@pawline/contracts';
import { RpcError, type RpcCallContext } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import type { AuthenticatedCaller } from '../common/session-guard';
import { OrgaUserEntity } from '../orga/orga-user.entity';
import { PersonUserEntity } from '../user/person-user.entity';
import { hashToken, sessionIdOf } from './opaque-token';
import { PasswordHasher } from './password-hasher';
import { RefreshTokenEntity } from './refresh-token.entity';
import { SessionEntity } from './session.entity';
import { REFRESH_REUSE_GRACE_MS, SessionService, type Actor, type SessionTokens } from './session.service';

/** Logging in and out, and refreshing a session's tokens (R8.01, R8.03, R8.05, R1.14). */
@Injectable()
export class LoginService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
  ) {}

  /** Login by username (exact) or e-mail (any case). R8.01, R8.03, R8.05. */
  async login(input: RpcRequest<typeof loginRpc>): Promise<SessionTokens> {
    const users = this.dataSource.getRepository(PersonUserEntity);
    const user = input.username.includes('@')
      ? await users.createQueryBuilder('u').where('lower(u.email) = lower(:name)', { name: input.username }).getOne()
      : await users.findOneBy({ username: input.username });
    if (!user) {
      await this.hasher.burn(input.password);
      throw new RpcError('server_112');
    }
    if (!(await this.hasher.verify(user.passwordHash, input.password))) throw new RpcError('server_112');
    if (!user.emailVerifiedAt) throw new RpcError('server_701');
    if (user.deactivatedAt || (await this.deactivatedEverywhere(user.id))) throw new RpcError('server_1010');
    return this.dataSource.transaction((manager) => this.sessions.open(manager, user.id, input.device_id ?? null));
  }

  /** A member whose every membership is deactivated cannot log in (R8.05). */
  private async deactivatedEverywhere(userId: string): Promise<boolean> {
    const memberships = await this.dataSource.getRepository(OrgaUserEntity).findBy({ userId });
    return memberships.length > 0 && memberships.every((m) => !m.active);
  }

  /**
   * Rotation: each refresh token works once. Presenting a used one means it was copied: the whole
   * session chain is revoked (and announced) and the caller gets session_expired. Except the token
   * rotated in the last REFRESH_REUSE_GRACE_MS whose successor is still unused: that is two tabs
   * racing with one cookie (issue 11), answered with the same successor.
   */
  async refresh(input: RpcRequest<typeof refreshSessionRpc>): Promise<SessionTokens> {
    if (!sessionIdOf(input.refresh_token)) throw new RpcError('session_expired');
    const outcome = await this.dataSource.transaction(async (manager): Promise<SessionTokens | 'expired' | 'deactivated'> => {
      const token = await manager
        .getRepository(RefreshTokenEntity)
        .createQueryBuilder('t')
        .where('t.token_hash = :hash', { hash: hashToken(input.refresh_token) })
        .setLock('pessimistic_write')
        .getOne();
      if (!token) return 'expired';
      const session = await manager.getRepository(SessionEntity).findOneBy({ id: token.sessionId });
      if (!session || session.revokedAt) return 'expired';
      const now = new Date();
      const retried = token.usedAt !== null && !token.revokedAt && now.getTime() - token.usedAt.getTime() <= REFRESH_REUSE_GRACE_MS;
      if (retried) {
        const user = await manager.getRepository(PersonUserEntity).findOneBy({ id: session.userId });
        if (!user || user.deactivatedAt) return 'deactivated';
        const again = await this.sessions.reissue(manager, session, input.refresh_token, now);
        if (again) return again;
      }
      if (token.usedAt || token.revokedAt) {
        await this.sessions.revoke(
          manager,
          session.userId,
          { sessionIds: [session.id] },
          { userId: session.userId, deviceId: session.deviceId },
          now,
        );
        return 'expired';
      }
      if (token.expiresAt.getTime() <= now.getTime()) return 'expired';
      const user = await manager.getRepository(PersonUserEntity).findOneBy({ id: session.userId });
      if (!user || user.deactivatedAt) return 'deactivated';
      await manager.update(RefreshTokenEntity, { id: token.id }, { usedAt: now });
      await manager.update(SessionEntity, { id: session.id }, { lastUsedAt: now });
      return this.sessions.issue(manager, session, now, input.refresh_token);
    });
    if (outcome === 'expired') throw new RpcError('session_expired');
    if (outcome === 'deactivated') throw new RpcError('server_1010');
    return outcome;
  }

  /** Ends the session of the given refresh token; unknown tokens are accepted so logout always succeeds. */
  async logout(input: RpcRequest<typeof logoutRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof logoutRpc>> {
    await this.dataSource.transaction(async (manager) => {
      const token = await manager.getRepository(RefreshTokenEntity).findOneBy({ tokenHash: hashToken(input.refresh_token) });
      if (!token) return;
      const session = await manager.getRepository(SessionEntity).findOneBy({ id: token.sessionId });
      if (!session) return;
      await this.sessions.revoke(manager, session.userId, { sessionIds: [session.id] }, actorOf(ctx, session.userId));
    });
    return { logged_out: true };
  }

  /** R1.14: logging out of all devices. */
  async logoutAll(caller: AuthenticatedCaller): Promise<{ revoked_sessions: number }> {
    const revoked = await this.dataSource.transaction((manager) =>
      this.sessions.revoke(manager, caller.user.id, { sessionIds: null }, { userId: caller.user.id, deviceId: caller.auth.deviceId }),
    );
    return { revoked_sessions: revoked.length };
  }
}

function actorOf(ctx: RpcCallContext, fallbackUserId: string): Actor {
  return { userId: ctx.auth?.userId ?? fallbackUserId, deviceId: ctx.auth?.deviceId ?? null };
}
