import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { decryptToken, encryptToken } from './token-cipher';

const key = createHash('sha256').update('a test key of at least thirty-two characters').digest();
const other = createHash('sha256').update('another key of at least thirty-two characters').digest();

describe('sender token cipher (AES-256-GCM)', () => {
  it('reads back what it sealed, never shows the token and never seals twice the same way', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 300 }), (token) => {
        const sealed = encryptToken(key, token);
        expect(decryptToken(key, sealed)).toBe(token);
        expect(encryptToken(key, token)).not.toBe(sealed);
        if (token.length > 3) expect(Buffer.from(sealed, 'base64').toString('utf8')).not.toContain(token);
      }),
    );
  });

  it('refuses another key and a changed text', () => {
    const sealed = encryptToken(key, 'EAAG-secret-token');
    expect(() => decryptToken(other, sealed)).toThrow();
    const bytes = Buffer.from(sealed, 'base64');
    bytes[bytes.length - 1] ^= 1;
    expect(() => decryptToken(key, bytes.toString('base64'))).toThrow();
  });
});
