import { WEBHOOK_SECRET } from '@pawline/contracts';
import { newSigningSecret, openSecret, sealingKeyOf, sealSecret, secretPrefix } from './secret-cipher';

describe('signing secrets at rest', () => {
  const key = sealingKeyOf('a-webhooks-sealing-key-of-at-least-32-characters');

  it('makes whsec_ secrets of 256 random bits, never the same twice', () => {
    const a = newSigningSecret();
    expect(a).toMatch(WEBHOOK_SECRET);
    expect(newSigningSecret()).not.toBe(a);
    expect(secretPrefix(a)).toBe(a.slice(0, 10));
  });

  it('seals with a fresh IV and opens only with its key, untouched', () => {
    const secret = newSigningSecret();
    const sealed = sealSecret(key, secret);
    expect(sealed).not.toContain(secret.slice(6));
    expect(sealSecret(key, secret)).not.toBe(sealed);
    expect(openSecret(key, sealed)).toBe(secret);
    expect(() => openSecret(sealingKeyOf('another-key-of-at-least-32-characters-long'), sealed)).toThrow();
    const bytes = Buffer.from(sealed, 'base64');
    bytes[bytes.length - 1] ^= 1;
    expect(() => openSecret(key, bytes.toString('base64'))).toThrow();
  });
});
