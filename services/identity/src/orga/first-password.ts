import { randomInt } from 'node:crypto';

/** Letters and digits without look-alikes (0/O, 1/l/I), so a first password can be read out. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random first password for a new team member (spec §3 "first password"), 14 characters (~81 bits). */
export function firstPassword(length = 14): string {
  let result = '';
  for (let i = 0; i < length; i += 1) result += ALPHABET[randomInt(ALPHABET.length)];
  return result;
}
