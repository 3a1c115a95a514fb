import { randomInt } from 'node:crypto';
import { isCommonPassword } from '../auth/password-policy';

/** Letters and digits without look-alikes (0/O, 1/l/I), so a first password can be read out. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A random first password for a new team member (spec §3 "first password"), 14 characters (~81 bits).
 * Issue 11: it obeys the rule of every new password, so a draw that lands on the common list
 * (next to impossible at this length) is drawn again.
 */
export function firstPassword(length = 14, draw: (max: number) => number = randomInt): string {
  for (;;) {
    let result = '';
    for (let i = 0; i < length; i += 1) result += ALPHABET[draw(ALPHABET.length)];
    if (!isCommonPassword(result)) return result;
  }
}
