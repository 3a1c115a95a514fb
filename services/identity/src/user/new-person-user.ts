import { randomUUID } from 'node:crypto';
import { USERNAME_MAX_ATTEMPTS, UsernameUnavailableError, usernameChoices } from '@pawline/domain';
import { RpcError } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { uniqueViolationOf } from '../common/db-errors';
import { PersonUserEntity } from './person-user.entity';

/** The unique indexes on lower(email) and lower(username) (expression indexes in the migration). */
export const PERSON_USER_EMAIL_INDEX = 'uq_person_user_email_lower';
export const PERSON_USER_USERNAME_INDEX = 'uq_person_user_username_lower';

/**
 * What the caller decides about a new person user. Registration and a team member's first
 * account (R3.03) differ only here: the member's address counts as verified at once, since the
 * administrator vouches for it; a registered user's waits for the mail link (R1.13).
 */
export type NewPersonUserFields = Pick<
  PersonUserEntity,
  'email' | 'username' | 'passwordHash' | 'firstName' | 'lastName' | 'language' | 'emailVerifiedAt'
>;

/** A new, active person user row, not yet inserted: no pending address change, ratings enabled, created and updated `now`. */
export function newPersonUser(manager: EntityManager, fields: NewPersonUserFields, now: Date): PersonUserEntity {
  return manager.create(PersonUserEntity, {
    id: randomUUID(),
    ...fields,
    pendingEmail: null,
    ratingEnable: true,
    lastRatingTime: null,
    deactivatedAt: null,
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * R5.17: the first username from `stem` that no person user has, regardless of case; issue 29:
 * after the 30 counters a random suffix, and only random suffixes on a retry after a lost race
 * (`countersFirst` false). A concurrent insert can still take it before ours; the unique index
 * refuses that and the caller tries again.
 */
export async function freeUsername(manager: EntityManager, stem: string, countersFirst = true): Promise<string> {
  const choices = usernameChoices(stem, { countersFirst });
  const candidates = choices.map((c) => c.toLowerCase());
  const takenRows: { name: string }[] = await manager.query(
    `SELECT lower(username) AS name FROM person_user WHERE lower(username) = ANY($1::text[])`,
    [candidates],
  );
  const taken = new Set(takenRows.map((row) => row.name));
  const free = choices.find((candidate) => !taken.has(candidate.toLowerCase()));
  if (free === undefined) throw new UsernameUnavailableError();
  return free;
}

/**
 * Runs `insert(attempt)`, a transaction that inserts a new person user with a username from
 * freeUsername, again while a concurrent insert takes the username between check and insert.
 * From the second attempt the caller asks for random suffixes only (issue 29: 40 "Marco Rossi"
 * at once would otherwise all take the next counter together, one winner a round).
 * An address taken meanwhile is server_101; no username at all is username_unavailable, whose
 * text is the spec's (§5).
 */
export async function retryingUsername<T>(insert: (attempt: number) => Promise<T>): Promise<T> {
  const unavailable = () => new RpcError('username_unavailable');
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await insert(attempt);
    } catch (error) {
      const violated = uniqueViolationOf(error);
      if (violated === PERSON_USER_EMAIL_INDEX) throw new RpcError('server_101');
      if (violated === PERSON_USER_USERNAME_INDEX) {
        if (attempt < USERNAME_MAX_ATTEMPTS) continue;
        throw unavailable();
      }
      if (error instanceof UsernameUnavailableError) throw unavailable();
      throw error;
    }
  }
}
