import { sha256 } from './sha256';

// The booking request's proof of work (libs/contracts public-challenge.rpc.ts): a nonce, as a decimal
// string, such that SHA-256(challenge + ':' + nonce) starts with `difficulty` zero bits.

/** How many leading bits of `hash` are zero. */
export function leadingZeroBits(hash: Uint8Array): number {
  let bits = 0;
  for (const byte of hash) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

export type Hasher = (message: Uint8Array) => Uint8Array;
export type SolveOptions = {
  /** 0..1, the chance a solution would have been found by now (the work has no fixed length) */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
  /** hashes between two yields to the page, so the progress and the dialog stay responsive */
  batch?: number;
  hasher?: Hasher;
};
export type Solution = { nonce: string; attempts: number };

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function solveChallenge(challenge: string, difficulty: number, options: SolveOptions = {}): Promise<Solution> {
  const hasher = options.hasher ?? sha256;
  const batch = options.batch ?? 4000;
  const prefix = new TextEncoder().encode(`${challenge}:`);
  // prefix, then up to 16 decimal digits of the nonce
  const message = new Uint8Array(prefix.length + 16);
  message.set(prefix);
  const expected = 2 ** difficulty;
  for (let nonce = 0; ;) {
    const stop = nonce + batch;
    for (; nonce < stop; nonce += 1) {
      const digits = String(nonce);
      for (let i = 0; i < digits.length; i += 1) message[prefix.length + i] = digits.charCodeAt(i);
      const hash = hasher(message.subarray(0, prefix.length + digits.length));
      if (leadingZeroBits(hash) >= difficulty) return { nonce: digits, attempts: nonce + 1 };
    }
    options.onProgress?.(1 - Math.exp(-nonce / expected));
    await yieldToPage();
    if (options.signal?.aborted) throw new DOMException('aborted', 'AbortError');
  }
}

/** The same search through crypto.subtle.digest, `batch` digests at a time (kept to measure against; README). */
export async function solveWithSubtle(challenge: string, difficulty: number, subtle: SubtleCrypto, batch = 256): Promise<Solution> {
  const encoder = new TextEncoder();
  for (let start = 0; ; start += batch) {
    const hashes = await Promise.all(
      Array.from({ length: batch }, (_, i) => subtle.digest('SHA-256', encoder.encode(`${challenge}:${start + i}`))),
    );
    const found = hashes.findIndex((hash) => leadingZeroBits(new Uint8Array(hash)) >= difficulty);
    if (found >= 0) return { nonce: String(start + found), attempts: start + found + 1 };
  }
}
