// The booking request's proof of work: SHA-256(challenge + ':' + nonce) must start with `difficulty` zero bits.

/** How many zero bits the hash starts with. */
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

export function meetsDifficulty(hash: Uint8Array, difficulty: number): boolean {
  return leadingZeroBits(hash) >= difficulty;
}
