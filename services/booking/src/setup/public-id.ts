import { randomInt } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A store public id: 16 characters of a-z0-9 from the crypto generator (36^16 ≈ 8·10^24, not guessable). */
export function newPublicId(): string {
  let id = '';
  for (let i = 0; i < 16; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}
