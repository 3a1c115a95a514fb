import { firstPassword } from './first-password';

describe('first password', () => {
  it('R3.03 is 14 readable random characters, different every time', () => {
    const passwords = Array.from({ length: 50 }, () => firstPassword());
    for (const password of passwords) expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{14}$/);
    expect(new Set(passwords).size).toBe(50);
  });
});

describe('firstPassword and the common list (issue 11)', () => {
  it('draws again when a draw lands on the common list', () => {
    const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    const script = [...'sunshine', ...'xk7Qm2Pz'].map((c) => ALPHABET.indexOf(c));
    let at = 0;
    const drawn = firstPassword(8, () => script[at++] ?? 0);
    expect(drawn).toBe('xk7Qm2Pz');
    expect(at).toBe(16);
  });
});
