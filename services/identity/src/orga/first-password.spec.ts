import { firstPassword } from './first-password';

describe('first password', () => {
  it('R3.03 is 14 readable random characters, different every time', () => {
    const passwords = Array.from({ length: 50 }, () => firstPassword());
    for (const password of passwords) expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{14}$/);
    expect(new Set(passwords).size).toBe(50);
  });
});
