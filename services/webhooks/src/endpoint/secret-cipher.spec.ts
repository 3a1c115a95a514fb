import { WEBHOOK_SECRET } from '@pawline/contracts';
import { newSigningSecret, secretPrefix } from './secret-cipher';

describe('signing secrets at rest', () => {
  it('makes whsec_ secrets of 256 random bits, never the same twice', () => {
    const a = newSigningSecret();
    expect(a).toMatch(WEBHOOK_SECRET);
    expect(newSigningSecret()).not.toBe(a);
    expect(secretPrefix(a)).toBe(a.slice(0, 10));
  });
});
