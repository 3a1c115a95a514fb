import { validatePasswordForm } from './password-form';

const messages = {
  required: 'Required',
  passwordsDiffer: 'Passwords are not the same',
  passwordBlank: 'A password cannot consist only of spaces',
};

describe('change password form', () => {
  it('R5.01 requires the current password, the new one and its confirmation', () => {
    expect(validatePasswordForm({ current: '', next: '', confirmation: '' }, messages)).toEqual({
      current: 'Required',
      next: 'Required',
      confirmation: 'Required',
    });
  });

  it("R5.03 says 'Passwords are not the same' when the confirmation differs", () => {
    expect(validatePasswordForm({ current: 'old', next: 'new-secret', confirmation: 'new-secreT' }, messages)).toEqual({
      confirmation: 'Passwords are not the same',
    });
    expect(validatePasswordForm({ current: 'old', next: 'new-secret', confirmation: 'new-secret' }, messages)).toEqual({});
  });

  it.each(['          ', '\t', '\t\t\t\t\t\t\t\t'])('issue 11 refuses the all-whitespace new password %j before sending', (next) => {
    expect(validatePasswordForm({ current: 'old-secret', next, confirmation: next }, messages)).toEqual({
      next: 'A password cannot consist only of spaces',
    });
  });

  it('issue 11 leaves a passphrase with spaces inside to the server', () => {
    const next = 'correct horse battery staple';
    expect(validatePasswordForm({ current: 'old-secret', next, confirmation: next }, messages)).toEqual({});
  });
});
