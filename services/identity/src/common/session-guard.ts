import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@pawline/contracts';
import { RpcError, type RpcCallContext } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { PersonUserEntity } from '../user/person-user.entity';
import { asEntity, entityColumns } from './entity-columns';

export type AuthenticatedCaller = { auth: AuthContext; user: PersonUserEntity };

/**
 * Re-checks, for handlers that need a logged-in caller, what the gateway already checked:
 * the session named by the access token is still open and the user is not deactivated. Every
 * authenticated call passes here, so it is one hand-written query (no query builder).
 */
@Injectable()
export class SessionGuard {
  constructor(private readonly dataSource: DataSource) {}

  async caller(ctx: RpcCallContext): Promise<AuthenticatedCaller> {
    const auth = ctx.auth;
    if (!auth) throw new RpcError('unauthorized');
    // an API key (issue 33) is no person: what needs a person's session is not for it
    if (auth.apiKey) throw new RpcError('forbidden');
    // one round trip: the user, provided the token's session is theirs and still open
    const rows = await this.dataSource.query<Record<string, unknown>[]>(
      `SELECT ${entityColumns(this.dataSource, PersonUserEntity, 'person')}
         FROM person_user person JOIN "session" s ON s.user_id = person.id AND s.id = $2 AND s.revoked_at IS NULL
        WHERE person.id = $1`,
      [auth.userId, auth.sessionId],
    );
    const user = rows[0] ? asEntity(PersonUserEntity, rows[0]) : null;
    if (!user) throw new RpcError('session_expired');
    if (user.deactivatedAt) throw new RpcError('server_1010');
    return { auth, user };
  }
}
