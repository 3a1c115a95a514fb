import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@pawline/contracts';
import { RpcError, type RpcCallContext } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
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
    // one round trip: the user, provided the token's session is theirs and still open
    const user = await this.dataSource
      .getRepository(PersonUserEntity)
      .createQueryBuilder('person')
      .innerJoin(SessionEntity, 'session', 'session.user_id = person.id AND session.id = :sessionId AND session.revoked_at IS NULL', {
        sessionId: auth.sessionId,
      })
      .where('person.id = :userId', { userId: auth.userId })
      .getOne();
    if (!user) throw new RpcError('session_expired');
    if (user.deactivatedAt) throw new RpcError('server_1010');
    return { auth, user };
  }
}
