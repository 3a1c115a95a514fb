import { QueryFailedError } from 'typeorm';
import { USERNAME_MAX_ATTEMPTS } from '@pawline/domain';
import { PERSON_USER_EMAIL_INDEX, PERSON_USER_USERNAME_INDEX, retryingUsername } from './new-person-user';

/** What Postgres answers when an insert hits a unique index. */
function uniqueViolation(constraint: string): QueryFailedError {
  return new QueryFailedError('INSERT INTO person_user …', [], Object.assign(new Error('duplicate key'), { code: '23505', constraint }));
}

/** An insert that loses the username race `losses` times, then succeeds. */
function racingInsert(losses: number): { insert: () => Promise<string>; attempts: () => number } {
  let attempts = 0;
  return {
    insert: async () => {
      attempts += 1;
      if (attempts <= losses) throw uniqueViolation(PERSON_USER_USERNAME_INDEX);
      return 'inserted';
    },
    attempts: () => attempts,
  };
}

describe('retryingUsername (R5.17)', () => {
  it('tries again as long as concurrent inserts keep taking the username, as a burst of the same name does', async () => {
    const race = racingInsert(5);
    await expect(retryingUsername(race.insert)).resolves.toBe('inserted');
    expect(race.attempts()).toBe(6);
  });

  it('issue 29 asks for counters first, then random suffixes only after a lost race', async () => {
    const asked: number[] = [];
    let attempts = 0;
    await retryingUsername(async (attempt) => {
      asked.push(attempt);
      attempts += 1;
      if (attempts < 3) throw uniqueViolation(PERSON_USER_USERNAME_INDEX);
      return 'inserted';
    });
    expect(asked).toEqual([1, 2, 3]);
  });

  it('answers username_unavailable (the spec text), not an internal error, once every candidate has been lost', async () => {
    const race = racingInsert(Number.POSITIVE_INFINITY);
    await expect(retryingUsername(race.insert)).rejects.toMatchObject({ code: 'username_unavailable' });
    expect(race.attempts()).toBe(USERNAME_MAX_ATTEMPTS);
  });

  it('answers server_101 when the address was taken meanwhile', async () => {
    await expect(
      retryingUsername(async () => {
        throw uniqueViolation(PERSON_USER_EMAIL_INDEX);
      }),
    ).rejects.toMatchObject({ code: 'server_101' });
  });
});
