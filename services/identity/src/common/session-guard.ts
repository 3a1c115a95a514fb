import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@pawline/contracts';
import { RpcError, type RpcCallContext } from '@pawline/nest-kit';
import { DataSource, IsNull } from 'typeorm';
import { SessionEntity } from '../auth/session.entity';
import { PersonUserEntity } from '../user/person-user.entity';

export type AuthenticatedCaller = { auth: AuthContext; user: PersonUserEntity };

/**
 * Re-checks, for handlers that need a logged-in caller, what the gateway already checked:
 * the session named by the access token is still open and the user is not deactivated.
 */
@Injectable()
export class SessionGuard {
  constructor(private readonly dataSource: DataSource) {}

  async caller(ctx: RpcCallContext): Promise<AuthenticatedCaller> {
    const auth = ctx.auth;
    if (!auth) throw new RpcError('unauthorized');
    const session = await this.dataSource
      .getRepository(SessionEntity)
      .findOneBy({ id: auth.sessionId, userId: auth.userId, revokedAt: IsNull() });
    if (!session) throw new RpcError('session_expired');
    const user = await this.dataSource.getRepository(PersonUserEntity).findOneBy({ id: auth.userId });
    if (!user) throw new RpcError('unauthorized');
    if (user.deactivatedAt) throw new RpcError('server_1010');
    return { auth, user };
  }
}
