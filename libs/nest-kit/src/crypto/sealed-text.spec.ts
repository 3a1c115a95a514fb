import { openSealed, openText, sealingKeyOf, sealText } from './sealed-text';

const current = sealingKeyOf('the current key of at least thirty-two characters');
const previous = sealingKeyOf('the previous key of at least thirty-two characters');
const stranger = sealingKeyOf('a third key nobody configured, thirty-two characters');

describe('sealed texts at rest (AES-256-GCM)', () => {
  it('opens what it sealed with its key only, with a fresh IV each time, and refuses a changed text', () => {
    const sealed = sealText(current, 'whsec_0123456789abcdef');
    expect(openText(current, sealed)).toBe('whsec_0123456789abcdef');
    expect(sealText(current, 'whsec_0123456789abcdef')).not.toBe(sealed);
    expect(Buffer.from(sealed, 'base64').toString('latin1')).not.toContain('0123456789abcdef');
    expect(() => openText(previous, sealed)).toThrow();
    const bytes = Buffer.from(sealed, 'base64');
    bytes[bytes.length - 1] ^= 1;
    expect(() => openText(current, bytes.toString('base64'))).toThrow();
    expect(() => openText(current, 'c2hvcnQ=')).toThrow('too short');
  });

  it('during a key rotation opens texts of either key, says which were the previous one’s, and refuses a third', () => {
    const keys = { secretKey: current, previousSecretKey: previous };
    expect(openSealed(keys, sealText(current, 'a'))).toEqual({ text: 'a', stale: false });
    expect(openSealed(keys, sealText(previous, 'b'))).toEqual({ text: 'b', stale: true });
    expect(() => openSealed(keys, sealText(stranger, 'c'))).toThrow();
    expect(() => openSealed({ secretKey: current, previousSecretKey: null }, sealText(previous, 'b'))).toThrow();
  });

  it('derives the AES-256 key as SHA-256 of the configured text', () => {
    expect(sealingKeyOf('x'.repeat(32))).toHaveLength(32);
    expect(sealingKeyOf('x'.repeat(32)).equals(sealingKeyOf('x'.repeat(32)))).toBe(true);
    expect(sealingKeyOf('x'.repeat(32)).equals(sealingKeyOf('y'.repeat(32)))).toBe(false);
  });
});
