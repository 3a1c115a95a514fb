import { RpcError } from '@pawline/nest-kit';
import { assertNewPassword, commonPasswordCount, isCommonPassword } from './password-policy';

function refusal(password: string): RpcError | null {
  try {
    assertNewPassword(password);
    return null;
  } catch (error) {
    if (error instanceof RpcError) return error;
    throw error;
  }
}

describe('the password policy of issue 11', () => {
  it('holds the whole bundled list of @zxcvbn-ts/language-common', () => {
    expect(commonPasswordCount()).toBeGreaterThan(49_000);
  });

  it.each(['password1', 'Password1', 'PASSWORD1', 'qwertyuiop', 'iloveyou', 'sunshine', 'Sunshine1', 'password123'])(
    'refuses the common password %j on the password field',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
      const error = refusal(password);
      expect(error?.code).toBe('validation_failed');
      expect(error?.status).toBe(400);
      expect(error?.fields).toEqual({ password: 'validation.passwordCommon' });
    },
  );

  it.each([
    ['ten spaces', '          '],
    ['a tab only', '\t'],
    ['eight tabs', '\t'.repeat(8)],
    ['spaces, tabs and line breaks', ' \t\n \t\n \t\n'],
  ])('refuses %s as all-whitespace', (_label, password) => {
    expect(refusal(password)?.fields).toEqual({ password: 'validation.passwordBlank' });
  });

  it('keeps the length rule', () => {
    expect(refusal('Xk7#q2')?.fields).toEqual({ password: 'validation.minLength' });
  });

  it('names the field it is given', () => {
    try {
      assertNewPassword('password1', 'new_password');
      throw new Error('accepted');
    } catch (error) {
      expect((error as RpcError).fields).toEqual({ new_password: 'validation.passwordCommon' });
    }
  });

  it.each(['correct horse battery staple 42', 'Toelettatura-Anna-2026!', 'juergen-secret-1', 'xk7Qm2PzR9wT'])('accepts %j', (password) => {
    expect(isCommonPassword(password)).toBe(false);
    expect(refusal(password)).toBeNull();
  });
});
