import fc from 'fast-check';
import {
  USERNAME_ERROR_DE,
  USERNAME_MAX_ATTEMPTS,
  USERNAME_RANDOM_ATTEMPTS,
  UsernameUnavailableError,
  pickUsername,
  randomUsernameSuffix,
  usernameBase,
  usernameCandidates,
  usernameChoices,
} from './username';

describe('username', () => {
  it('R5.17 transliterates umlauts and ß, also upper-case forms', () => {
    expect(usernameBase('Jürgen', 'Müller')).toBe('juergenmueller');
    expect(usernameBase('Björn', 'Weiß')).toBe('bjoernweiss');
    expect(usernameBase('Ärne', 'Östör')).toBe('aerneoestoer');
    expect(usernameBase('ÜDO', 'STRAẞE')).toBe('uedostrasse');
  });

  it('R5.17 removes non-word characters and lower-cases', () => {
    expect(usernameBase('Anna-Lena', "O'Brien Smith")).toBe('annalenaobriensmith');
    expect(usernameBase('J.', 'Doe!?')).toBe('jdoe');
    expect(usernameBase('Niccolò', 'Pérez')).toBe('niccoloperez');
  });

  it('R5.17 property: the base holds only lower-case word characters', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (first, last) => {
        expect(usernameBase(first, last)).toMatch(/^[a-z0-9_]*$/);
      }),
    );
  });

  it('R5.17 offers the base and then a counter, 30 attempts in total', () => {
    const candidates = [...usernameCandidates('anna')];
    expect(candidates).toHaveLength(USERNAME_MAX_ATTEMPTS);
    expect(USERNAME_MAX_ATTEMPTS).toBe(30);
    expect(candidates.slice(0, 3)).toEqual(['anna', 'anna1', 'anna2']);
    expect(candidates[29]).toBe('anna29');
  });

  it('R5.17 picks the first free candidate', async () => {
    const taken = new Set(['anna', 'anna1', 'anna2']);
    await expect(pickUsername('anna', async (c) => taken.has(c))).resolves.toBe('anna3');
    await expect(pickUsername('bob', () => false)).resolves.toBe('bob');
  });

  it('issue 29 after the 30 counters tries a short random suffix: a letter, then letters or digits, none easily misread', async () => {
    const taken = new Set([...usernameCandidates('marcorossi')]);
    const picked = await pickUsername('marcorossi', (c) => taken.has(c));
    expect(picked).toMatch(/^marcorossi[a-hj-km-np-z][a-hj-km-np-z2-9]{3}$/);
    let next = 0;
    expect(randomUsernameSuffix(() => next++)).toBe('abcd');
    fc.assert(
      fc.property(fc.infiniteStream(fc.nat()), (draws) => {
        const suffix = randomUsernameSuffix((max) => (draws.next().value as number) % max);
        expect(suffix).toMatch(/^[a-z][a-z2-9]{3}$/);
        expect(suffix).not.toMatch(/[ilo01]/);
      }),
    );
  });

  it('issue 29 after a lost race skips the counters: racers do not all take the next one together', () => {
    const choices = usernameChoices('anna', { countersFirst: false });
    expect(choices).toHaveLength(USERNAME_RANDOM_ATTEMPTS);
    for (const choice of choices) expect(choice).toMatch(/^anna[a-z][a-z2-9]{3}$/);
    expect(usernameChoices('anna').slice(0, 30)).toEqual([...usernameCandidates('anna')]);
  });

  it('R5.17 issue 29 gives up with the German message only when the counters and every random suffix are taken', async () => {
    const asked: string[] = [];
    const attempt = pickUsername('anna', (c) => {
      asked.push(c);
      return true;
    });
    await expect(attempt).rejects.toThrow(UsernameUnavailableError);
    await expect(attempt).rejects.toThrow('Benutzername konnte nicht erstellt werden. Bitte versuchen Sie einen neuen Namen.');
    expect(asked).toHaveLength(30 + USERNAME_RANDOM_ATTEMPTS);
    expect(USERNAME_ERROR_DE).toBe('Benutzername konnte nicht erstellt werden. Bitte versuchen Sie einen neuen Namen.');
  });

  it('R5.17 a name without word characters cannot give a username', async () => {
    await expect(pickUsername(usernameBase('…', '—'), () => false)).rejects.toThrow(USERNAME_ERROR_DE);
  });
});
