// spec §5: username generation (R5.17).
export const USERNAME_MAX_ATTEMPTS = 30;
export const USERNAME_ERROR_DE = 'Benutzername konnte nicht erstellt werden. Bitte versuchen Sie einen neuen Namen.';

const TRANSLITERATIONS: Record<string, string> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  ẞ: 'SS',
};

/**
 * First and last name joined, umlauts and ß transliterated, lower-cased, non-word
 * characters removed. Other accents are reduced to their base letter first
 * (Niccolò → niccolo) so Italian and French names are not cut short.
 */
export function usernameBase(firstName: string, lastName: string): string {
  const joined = `${firstName}${lastName}`.replace(/[äöüÄÖÜßẞ]/g, (c) => TRANSLITERATIONS[c] ?? '');
  return joined.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\W/g, '');
}

/** base, base1, base2 … up to USERNAME_MAX_ATTEMPTS candidates in total. */
export function* usernameCandidates(base: string): Generator<string, void, undefined> {
  yield base;
  for (let counter = 1; counter < USERNAME_MAX_ATTEMPTS; counter += 1) yield `${base}${counter}`;
}

export class UsernameUnavailableError extends Error {
  constructor() {
    super(USERNAME_ERROR_DE);
    this.name = 'UsernameUnavailableError';
  }
}

/** The first candidate that is not taken; throws UsernameUnavailableError after 30 attempts or for an empty base. */
export async function pickUsername(base: string, isTaken: (candidate: string) => boolean | Promise<boolean>): Promise<string> {
  if (base.length === 0) throw new UsernameUnavailableError();
  for (const candidate of usernameCandidates(base)) {
    if (!(await isTaken(candidate))) return candidate;
  }
  throw new UsernameUnavailableError();
}
