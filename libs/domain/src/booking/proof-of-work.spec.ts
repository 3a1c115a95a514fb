import { createHash } from 'node:crypto';
import { leadingZeroBits, meetsDifficulty } from './proof-of-work';

function sha256(text: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(text).digest());
}

describe('booking proof of work', () => {
  it('counts the zero bits a hash starts with', () => {
    expect(leadingZeroBits(new Uint8Array([0x80, 0]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x01, 0xff]))).toBe(7);
    expect(leadingZeroBits(new Uint8Array([0x00, 0x00, 0x1f]))).toBe(19);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
    expect(leadingZeroBits(new Uint8Array([]))).toBe(0);
  });

  it('reads known SHA-256 digests', () => {
    // SHA-256('abc') = ba7816bf…: starts with a 1 bit
    expect(Buffer.from(sha256('abc')).toString('hex').slice(0, 8)).toBe('ba7816bf');
    expect(leadingZeroBits(sha256('abc'))).toBe(0);
    // SHA-256('') = e3b0c442…
    expect(leadingZeroBits(sha256(''))).toBe(0);
    // SHA-256('hello') = 2cf24dba… : 0x2c = 0010 1100, two zero bits
    expect(Buffer.from(sha256('hello')).toString('hex').slice(0, 8)).toBe('2cf24dba');
    expect(leadingZeroBits(sha256('hello'))).toBe(2);
  });

  it('a nonce found by search meets the difficulty, and its neighbours are judged by their own hash', () => {
    const challenge = 'c2hvcC0xMjM';
    let nonce = 0;
    while (leadingZeroBits(sha256(`${challenge}:${nonce}`)) < 12) nonce++;
    const hash = sha256(`${challenge}:${nonce}`);
    expect(meetsDifficulty(hash, 12)).toBe(true);
    expect(hash[0]).toBe(0);
    expect(hash[1] & 0xf0).toBe(0);
    for (let below = 0; below < nonce; below++) expect(meetsDifficulty(sha256(`${challenge}:${below}`), 12)).toBe(false);
  });

  it('a difficulty of 0 accepts any hash; one above the zero bits refuses it', () => {
    const hash = sha256('hello');
    expect(meetsDifficulty(hash, 0)).toBe(true);
    expect(meetsDifficulty(hash, 2)).toBe(true);
    expect(meetsDifficulty(hash, 3)).toBe(false);
  });
});
