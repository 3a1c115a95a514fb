import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { leadingZeroBits, solveChallenge, solveWithSubtle } from './proof-of-work';
import { sha256 } from './sha256';

const nodeSha256 = (bytes: Uint8Array) => new Uint8Array(createHash('sha256').update(bytes).digest());

describe('sha256', () => {
  it('agrees with node:crypto around every padding edge and on long messages', () => {
    for (const length of [0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 128, 500, 1000]) {
      const message = new Uint8Array(randomBytes(length));
      expect(Buffer.from(sha256(message)).toString('hex')).toBe(Buffer.from(nodeSha256(message)).toString('hex'));
    }
  });

  it('gives the FIPS 180-4 vector for "abc"', () => {
    expect(Buffer.from(sha256(new TextEncoder().encode('abc'))).toString('hex')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});

describe('leadingZeroBits', () => {
  it('counts whole zero bytes and the zero bits of the first other byte', () => {
    expect(leadingZeroBits(new Uint8Array([0x80, 0]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x01, 0xff]))).toBe(7);
    expect(leadingZeroBits(new Uint8Array([0, 0, 0x10]))).toBe(19);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
  });
});

describe('solveChallenge', () => {
  const challenge = 'eyJzIjoiYWJjZGVmZ2gxMjM0NTY3OCIsImUiOjE3OTk5OTk5OTl9.c2lnbmF0dXJl';

  it.each([8, 12, 16])(
    'finds a decimal nonce whose SHA-256(challenge:nonce) has %i leading zero bits (checked by node:crypto)',
    async (difficulty) => {
      const shares: number[] = [];
      const { nonce, attempts } = await solveChallenge(challenge, difficulty, { onProgress: (share) => shares.push(share) });
      expect(nonce).toMatch(/^\d+$/);
      expect(attempts).toBe(Number(nonce) + 1);
      const hash = nodeSha256(new TextEncoder().encode(`${challenge}:${nonce}`));
      expect(leadingZeroBits(hash)).toBeGreaterThanOrEqual(difficulty);
      // the first such nonce: none below it meets the difficulty
      for (let below = Math.max(0, Number(nonce) - 300); below < Number(nonce); below += 1) {
        expect(leadingZeroBits(nodeSha256(new TextEncoder().encode(`${challenge}:${below}`)))).toBeLessThan(difficulty);
      }
      for (const share of shares) expect(share).toBeGreaterThan(0);
      expect(shares).toEqual([...shares].sort((a, b) => a - b));
    },
  );

  it('finds the same nonce as the crypto.subtle search', async () => {
    const sync = await solveChallenge(challenge, 10);
    const subtle = await solveWithSubtle(challenge, 10, webcrypto.subtle as unknown as SubtleCrypto);
    expect(subtle.nonce).toBe(sync.nonce);
  });

  it('stops when the request is abandoned', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(solveChallenge(challenge, 40, { signal: controller.signal, batch: 100 })).rejects.toThrow('aborted');
  });
});
