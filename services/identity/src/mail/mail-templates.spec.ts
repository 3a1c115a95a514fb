import { emailChangeMail, passwordResetMail, resetLink, verificationLink, verificationMail } from './mail-templates';

describe('verification mail', () => {
  const base = { to: 'anna@example.com', firstName: 'Anna <b>', publicUrl: 'https://app.pawline.test/', token: 'tok-123_ABC' };

  it('R1.13 carries the link ${PUBLIC_URL}/verify-email?token=<token> and the token itself', () => {
    const mail = verificationMail({ ...base, language: 'en' });
    expect(verificationLink('https://app.pawline.test/', 'a b')).toBe('https://app.pawline.test/verify-email?token=a%20b');
    expect(mail.to).toBe('anna@example.com');
    expect(mail.text).toContain('https://app.pawline.test/verify-email?token=tok-123_ABC');
    expect(mail.text).toContain('\ntok-123_ABC\n');
    expect(mail.html).toContain('href="https://app.pawline.test/verify-email?token=tok-123_ABC"');
    expect(mail.html).toContain('Anna &#60;b&#62;');
  });

  it('R1.03 is written in the user language (en, it, de, fr)', () => {
    const subjects = (['en', 'it', 'de', 'fr'] as const).map((language) => verificationMail({ ...base, language }).subject);
    expect(subjects).toEqual([
      'Confirm your e-mail address for Pawline',
      'Conferma il tuo indirizzo e-mail per Pawline',
      'Bestätigen Sie Ihre E-Mail-Adresse für Pawline',
      'Confirmez votre adresse e-mail pour Pawline',
    ]);
    expect(verificationMail({ ...base, language: 'it' }).text).toContain('Ciao Anna <b>,');
  });

  it('R1.13 the password reset mail carries ${PUBLIC_URL}/reset-password?token=<token> in the user language', () => {
    const mail = passwordResetMail({ ...base, language: 'de' });
    expect(mail.subject).toBe('Setzen Sie Ihr Pawline-Passwort zurück');
    expect(mail.text).toContain('https://app.pawline.test/reset-password?token=tok-123_ABC');
    expect(mail.html).toContain('<code>tok-123_ABC</code>');
  });

  it('R1.13 the password reset mail has the same layout as the verification mail: greeting, text, link, token, expiry', () => {
    expect(resetLink('https://app.pawline.test//', 'a b')).toBe('https://app.pawline.test/reset-password?token=a%20b');
    const mail = passwordResetMail({ ...base, language: 'en' });
    expect(mail.text).toBe(
      [
        'Hello Anna <b>,',
        '',
        'Someone asked to reset the password of your Pawline account. If it was not you, ignore this mail.',
        '',
        'Choose a new password: https://app.pawline.test/reset-password?token=tok-123_ABC',
        '',
        'Or enter this code on the password reset page:',
        'tok-123_ABC',
        '',
        'The link is valid for 2 hours.',
      ].join('\n'),
    );
    expect(mail.html).toBe(
      [
        '<p>Hello Anna &#60;b&#62;,</p>',
        '<p>Someone asked to reset the password of your Pawline account. If it was not you, ignore this mail.</p>',
        '<p><a href="https://app.pawline.test/reset-password?token=tok-123_ABC">Choose a new password</a></p>',
        '<p>Or enter this code on the password reset page:<br><code>tok-123_ABC</code></p>',
        '<p>The link is valid for 2 hours.</p>',
      ].join('\n'),
    );
  });
});

describe('e-mail change mail', () => {
  it('R1.14 links the new address to ${PUBLIC_URL}/verify-email?token=<token> in the user language', () => {
    const mail = emailChangeMail({
      to: 'new@example.com',
      firstName: 'Anna',
      publicUrl: 'https://app.pawline.test',
      token: 'tok-9',
      language: 'it',
    });
    expect(mail.to).toBe('new@example.com');
    expect(mail.subject).toBe('Conferma il tuo nuovo indirizzo e-mail per Pawline');
    expect(mail.text).toContain('https://app.pawline.test/verify-email?token=tok-9');
    expect(mail.html).toContain('<code>tok-9</code>');
  });
});
