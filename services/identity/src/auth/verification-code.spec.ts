import {
  judgeVerificationCode,
  mayResendVerification,
  newVerificationCode,
  VERIFICATION_CODE_MAX_TRIES,
  VERIFICATION_CODE_TTL_MS,
  verificationCodeHash,
} from './verification-code';

const userId = '4f1c6f0e-2d6b-4a47-9f53-0c6f7c1d2e3a';
const issuedAt = new Date('2026-12-07T10:00:00Z');
const stored = {
  codeHash: verificationCodeHash(userId, '042917'),
  expiresAt: new Date(issuedAt.getTime() + VERIFICATION_CODE_TTL_MS),
  usedAt: null,
};
const minutesLater = (minutes: number) => new Date(issuedAt.getTime() + minutes * 60_000);

describe('the verification code (issue 29)', () => {
  it('is six digits with leading zeros kept', () => {
    expect(newVerificationCode(() => 42)).toBe('000042');
    expect(newVerificationCode(() => 999_999)).toBe('999999');
    for (let i = 0; i < 50; i += 1) expect(newVerificationCode()).toMatch(/^\d{6}$/);
  });

  it('R1.13 accepts the right digits within 15 minutes, with spaces around them', () => {
    expect(judgeVerificationCode(stored, userId, '042917', 1, minutesLater(14.9))).toBe('accepted');
    expect(judgeVerificationCode(stored, userId, ' 042917 ', 1, minutesLater(1))).toBe('accepted');
  });

  it('refuses wrong digits, the code of another account and a used code', () => {
    expect(judgeVerificationCode(stored, userId, '042918', 1, minutesLater(1))).toBe('wrong');
    expect(judgeVerificationCode(stored, 'b7e0c7a4-6c1f-4a8e-8d0b-1f2e3d4c5b6a', '042917', 1, minutesLater(1))).toBe('wrong');
    expect(judgeVerificationCode({ ...stored, usedAt: minutesLater(1) }, userId, '042917', 1, minutesLater(2))).toBe('wrong');
    expect(judgeVerificationCode(null, userId, '042917', 1, minutesLater(1))).toBe('wrong');
  });

  it('expires after 15 minutes, even with the right digits', () => {
    expect(judgeVerificationCode(stored, userId, '042917', 1, minutesLater(15))).toBe('expired');
  });

  it('takes five tries; the sixth is refused as used up even when right', () => {
    expect(VERIFICATION_CODE_MAX_TRIES).toBe(5);
    expect(judgeVerificationCode(stored, userId, '042917', 5, minutesLater(1))).toBe('accepted');
    expect(judgeVerificationCode(stored, userId, '042917', 6, minutesLater(1))).toBe('exhausted');
    expect(judgeVerificationCode(stored, userId, '000000', 6, minutesLater(20))).toBe('exhausted');
  });

  it('sends a new mail at most once a minute per account', () => {
    expect(mayResendVerification(null, issuedAt)).toBe(true);
    expect(mayResendVerification(issuedAt, new Date(issuedAt.getTime() + 59_000))).toBe(false);
    expect(mayResendVerification(issuedAt, minutesLater(1))).toBe(true);
  });
});
