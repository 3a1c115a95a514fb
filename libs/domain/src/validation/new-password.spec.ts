import { PASSWORD_MIN_LENGTH, VALIDATION_KEYS, isWhitespaceOnlyPassword, validateNewPassword } from '.';

describe('validateNewPassword (issue 11)', () => {
  it.each([
    ['ten spaces', '          '],
    ['a tab only', '\t'],
    ['tabs and spaces', ' \t \t \t \t '],
    ['line breaks', '\n\r\n        '],
    ['a no-break space run', '\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0'],
  ])('refuses %s as all-whitespace', (_label, password) => {
    expect(isWhitespaceOnlyPassword(password)).toBe(true);
    expect(validateNewPassword(password)).toBe(VALIDATION_KEYS.passwordBlank);
  });

  it('keeps the length rule: fewer than 8 characters is minLength', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(validateNewPassword('abc1234')).toBe('validation.minLength');
    expect(validateNewPassword('abcd1234')).toBeNull();
  });

  it('leaves the empty password to the required rule', () => {
    expect(isWhitespaceOnlyPassword('')).toBe(false);
  });

  it('accepts a strong passphrase, spaces inside included', () => {
    expect(validateNewPassword('correct horse battery staple 42')).toBeNull();
    expect(validateNewPassword('  padded but real secret  ')).toBeNull();
  });
});
