import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { loadMessagingCoreConfig } from '../core/messaging-core.config';
import { decryptToken, encryptToken, openToken } from './token-cipher';

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

  it('during a rotation opens tokens of the current and the previous key, tells which, and still refuses a third', () => {
    const keys = { secretKey: key, previousSecretKey: other };
    expect(openToken(keys, encryptToken(key, 'EAAG-new'))).toEqual({ token: 'EAAG-new', stale: false });
    expect(openToken(keys, encryptToken(other, 'EAAG-old'))).toEqual({ token: 'EAAG-old', stale: true });
    const third = createHash('sha256').update('a third key nobody configured, 32+ chars').digest();
    expect(() => openToken(keys, encryptToken(third, 'EAAG-x'))).toThrow();
    expect(() => openToken({ secretKey: key, previousSecretKey: null }, encryptToken(other, 'EAAG-old'))).toThrow();
  });

  it('reads MESSAGING_SECRET_KEY_PREVIOUS as the previous key (SHA-256 of the text), none when unset', () => {
    const env = { PUBLIC_URL: 'https://pawline.example.com', MESSAGING_SECRET_KEY: 'n'.repeat(40) };
    expect(loadMessagingCoreConfig(env).previousSecretKey).toBeNull();
    const rotating = loadMessagingCoreConfig({ ...env, MESSAGING_SECRET_KEY_PREVIOUS: 'o'.repeat(40) });
    expect(rotating.previousSecretKey).toEqual(createHash('sha256').update('o'.repeat(40)).digest());
    expect(rotating.secretKey).toEqual(createHash('sha256').update('n'.repeat(40)).digest());
    expect(() => loadMessagingCoreConfig({ ...env, MESSAGING_SECRET_KEY_PREVIOUS: 'short' })).toThrow('MESSAGING_SECRET_KEY_PREVIOUS');
  });
});
