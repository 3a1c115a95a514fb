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

/**
 * Issue 29: after the spec's 30 counters a username does not run out: a short random suffix
 * (a letter first, so it never reads as a counter), tried this many times.
 */
export const USERNAME_RANDOM_ATTEMPTS = 10;
export const USERNAME_SUFFIX_LENGTH = 4;
// no i, l, o, 0 or 1: a username read aloud or off a screen is typed right
const SUFFIX_LETTERS = 'abcdefghjkmnpqrstuvwxyz';
const SUFFIX_CHARACTERS = `${SUFFIX_LETTERS}23456789`;

/** An integer in [0, max), from the platform's cryptographic generator (browser and Node alike). */
export type DrawInteger = (max: number) => number;

const cryptoDraw: DrawInteger = (max) => {
  const [value = 0] = globalThis.crypto.getRandomValues(new Uint32Array(1));
  return value % max;
};

export function randomUsernameSuffix(draw: DrawInteger = cryptoDraw): string {
  let suffix = SUFFIX_LETTERS[draw(SUFFIX_LETTERS.length)] ?? 'a';
  while (suffix.length < USERNAME_SUFFIX_LENGTH) suffix += SUFFIX_CHARACTERS[draw(SUFFIX_CHARACTERS.length)] ?? 'a';
  return suffix;
}

export type UsernameChoice = {
  /**
   * false after losing a race for a counter name: everyone racing would take the next counter
   * together, so the random suffixes come at once.
   */
  countersFirst?: boolean;
  draw?: DrawInteger;
};

/** The candidates in order: base, base1 … base29 (unless skipped), then USERNAME_RANDOM_ATTEMPTS random suffixes. */
export function usernameChoices(base: string, { countersFirst = true, draw = cryptoDraw }: UsernameChoice = {}): string[] {
  if (base.length === 0) return [];
  const randoms = Array.from({ length: USERNAME_RANDOM_ATTEMPTS }, () => `${base}${randomUsernameSuffix(draw)}`);
  return countersFirst ? [...usernameCandidates(base), ...randoms] : randoms;
}

export class UsernameUnavailableError extends Error {
  constructor() {
    super(USERNAME_ERROR_DE);
    this.name = 'UsernameUnavailableError';
  }
}

/**
 * The first candidate of usernameChoices that is not taken; throws UsernameUnavailableError for
 * an empty base, or when the 30 counters and every random suffix are taken too.
 */
export async function pickUsername(
  base: string,
  isTaken: (candidate: string) => boolean | Promise<boolean>,
  choice: UsernameChoice = {},
): Promise<string> {
  for (const candidate of usernameChoices(base, choice)) {
    if (!(await isTaken(candidate))) return candidate;
  }
  throw new UsernameUnavailableError();
}
