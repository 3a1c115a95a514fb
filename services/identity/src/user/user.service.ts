import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { IdentityLanguage, PersonUser, RpcRequest, rateAppRpc, updateUserRpc } from '@pawline/contracts';
import { DataSource } from 'typeorm';
import { isoOrNull } from '../common/db-errors';
import type { AuthenticatedCaller } from '../common/session-guard';
import { PersonUserEntity } from './person-user.entity';
import { UserRatingEntity } from './user-rating.entity';

@Injectable()
export class UserService {
  constructor(private readonly dataSource: DataSource) {}

  /** R3.01: person data with orga_id (the user's first active membership), rating_enable, last_rating_time. */
  async personData(userOrId: string | PersonUserEntity): Promise<PersonUser> {
    const user =
      typeof userOrId === 'string' ? await this.dataSource.getRepository(PersonUserEntity).findOneByOrFail({ id: userOrId }) : userOrId;
    // GET /user asks this on every start of the app: a plain query rather than the query builder
    const [main] = await this.dataSource.query<{ orgaId: string }[]>(
      `SELECT orga_id AS "orgaId" FROM orga_user WHERE user_id = $1 AND active ORDER BY created_at, id LIMIT 1`,
      [user.id],
    );
    return {
      id: user.id,
      email: user.email,
      username: user.username,
      first_name: user.firstName,
      last_name: user.lastName,
      language: user.language as IdentityLanguage,
      orga_id: main?.orgaId ?? null,
      rating_enable: user.ratingEnable,
      last_rating_time: isoOrNull(user.lastRatingTime),
      email_verified: user.emailVerifiedAt !== null,
      pending_email: user.pendingEmail,
      created_at: user.createdAt.toISOString(),
      welcome_seen: user.welcomeSeenAt !== null,
    };
  }

  async update(caller: AuthenticatedCaller, input: RpcRequest<typeof updateUserRpc>): Promise<PersonUser> {
    const changes: Partial<PersonUserEntity> = {};
    if (input.first_name !== undefined) changes.firstName = input.first_name;
    if (input.last_name !== undefined) changes.lastName = input.last_name;
    if (input.language !== undefined) changes.language = input.language;
    if (Object.keys(changes).length > 0) {
      await this.dataSource.getRepository(PersonUserEntity).update({ id: caller.user.id }, { ...changes, updatedAt: new Date() });
    }
    return this.personData(caller.user.id);
  }

  /** Issue 29: the welcome card shows once per person; the first close counts. */
  async markWelcomeSeen(caller: AuthenticatedCaller): Promise<PersonUser> {
    await this.dataSource.query(`UPDATE person_user SET welcome_seen_at = coalesce(welcome_seen_at, now()) WHERE id = $1`, [
      caller.user.id,
    ]);
    return this.personData(caller.user.id);
  }

  /** R1.18: stores the rating (-1 = 'No Thanks') and moves last_rating_time, which restarts the prompt's clock. */
  async rate(caller: AuthenticatedCaller, input: RpcRequest<typeof rateAppRpc>): Promise<PersonUser> {
    await this.dataSource.transaction(async (manager) => {
      const now = new Date();
      await manager.insert(UserRatingEntity, {
        id: randomUUID(),
        userId: caller.user.id,
        rating: input.rating,
        annotation: input.annotation ?? null,
        createdAt: now,
      });
      await manager.update(PersonUserEntity, { id: caller.user.id }, { lastRatingTime: now, updatedAt: now });
    });
    return this.personData(caller.user.id);
  }
}
