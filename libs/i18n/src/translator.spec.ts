import fc from 'fast-check';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { CATALOGUES, NAMESPACES, SUPPORTED_LANGUAGES, type TranslationKey } from './catalogues';
import { createTranslator, detectLanguage, interpolate, placeholdersOf, serverErrorKey } from './translator';

const english = CATALOGUES.en;
const englishKeys = NAMESPACES.flatMap((ns) => Object.keys(english[ns]).map((key) => `${ns}.${key}`));

describe('catalogues', () => {
  it('R1.03 supports English, Italian, German and French', () => {
    expect(SUPPORTED_LANGUAGES).toEqual(['en', 'it', 'de', 'fr']);
  });

  it('R1.03 has a locales folder for each language of the one list, and no other', () => {
    expect(readdirSync(path.join(__dirname, 'locales')).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
  });

  it.each(['it', 'de', 'fr'] as const)('R1.03 every English key exists in %s with the same placeholders', (language) => {
    const missing: string[] = [];
    const mismatched: string[] = [];
    for (const ns of NAMESPACES) {
      for (const [key, text] of Object.entries(english[ns])) {
        const translated = CATALOGUES[language][ns][key];
        if (translated === undefined) missing.push(`${ns}.${key}`);
        else if (placeholdersOf(translated).join() !== placeholdersOf(text).join()) mismatched.push(`${ns}.${key}`);
      }
      expect(Object.keys(CATALOGUES[language][ns]).filter((k) => !(k in english[ns]))).toEqual([]);
    }
    expect(missing).toEqual([]);
    expect(mismatched).toEqual([]);
  });

  it.each(SUPPORTED_LANGUAGES)('R1.03 no %s text is empty', (language) => {
    for (const ns of NAMESPACES) {
      for (const text of Object.values(CATALOGUES[language][ns])) expect(text.trim()).not.toBe('');
    }
  });

  it('R1.03 Italian is a real translation, not a copy of English', () => {
    const same = englishKeys.filter((k) => {
      const [ns, key] = k.split('.') as [keyof typeof english, string];
      return CATALOGUES.it[ns][key] === english[ns][key];
    });
    // Names and brand words (Premium, Basic, OK, e-mail, language names) may stay the same.
    expect(same.length / englishKeys.length).toBeLessThan(0.15);
  });
});

describe('spec texts', () => {
  const t = createTranslator('en');

  it('R2.05 error page texts and the link home', () => {
    expect(t('shell.error404')).toBe('404 Not Found');
    expect(t('shell.errorGeneric')).toBe('An error occurred');
    expect(t('shell.errorHomeLink')).toBe('Go to the home page');
  });

  it('R5.01 R5.02 R5.03 R5.05 validation messages', () => {
    expect(t('validation.required')).toBe('Required');
    expect(t('validation.invalidEmail')).toBe('Invalid e-mail');
    expect(t('validation.passwordsNotSame')).toBe('Passwords are not the same');
    expect(t('validation.phoneFormat')).toBe('The phone number is in incorrect format');
  });

  it('R5.15 unsaved changes', () => {
    expect(t('common.unsavedChanges')).toBe('You have unsaved changes. Are you sure you wish to leave?');
  });

  it('R1.02 registration advertises a 15-day free trial with no payment', () => {
    for (const language of SUPPORTED_LANGUAGES) {
      expect(createTranslator(language)('auth.freeTrialNoPayment')).toMatch(/15/);
    }
    expect(t('auth.freeTrialNoPayment')).toBe('15-day free trial. No payment required.');
  });

  it('server error texts', () => {
    expect(t('errors.server_100')).toBe('Wrong username or password');
    expect(t('errors.server_112')).toBe('Wrong username or password');
    expect(t('errors.server_101')).toBe('Email already exists. If you have forgotten your password, try resetting the password.');
    expect(t('errors.server_701')).toBe('Email is not confirmed. Please confirm your email first.');
    expect(t('errors.server_401')).toBe('The id is already in use');
  });

  it('known server codes map to a key; others show the server message', () => {
    expect(serverErrorKey('server_112')).toBe('errors.server_112');
    expect(serverErrorKey('server_1010')).toBe('errors.server_1010');
    expect(serverErrorKey('server_999')).toBeNull();
    expect(serverErrorKey(undefined)).toBeNull();
  });

  it('R5.10 upload errors keep the spec wording before the limit', () => {
    expect(t('errors.uploadTooMany', { limit: 4 })).toBe('Too many files. Limit: 4');
    expect(t('errors.uploadWrongType')).toBe('File got the wrong file type');
    expect(t('errors.uploadTooBig', { size: '1 MB' })).toBe('File is too big. Max size: 1 MB');
  });

  it('the German username error is the spec text', () => {
    expect(createTranslator('de')('errors.usernameUnavailable')).toBe(
      'Benutzername konnte nicht erstellt werden. Bitte versuchen Sie einen neuen Namen.',
    );
  });

  it('R4.07 R1.16 R9.11 dialog, banner, plan and support texts', () => {
    expect(t('shell.ratingNoThanks')).toBe('No Thanks');
    expect(t('shell.ratingRate')).toBe('Rate');
    expect(t('shell.trialExpired')).toBe('Your premium features have expired');
    expect(t('shell.msgLowWarning')).toBe('Less than 10 whatsapp messages left. Please contact us to buy more.');
    expect(t('settings.deleteAccountHint')).toMatch(/Monday to Saturday/);
    expect(t('settings.appVersion', { version: '11.4.6' })).toBe('Version 11.4.6');
    expect(createTranslator('it')('settings.appVersion', { version: '11.4.6' })).toBe('Versione 11.4.6');
  });
});

describe('translator', () => {
  it('R1.03 translates into the chosen language', () => {
    expect(createTranslator('it')('auth.loginTitle')).toBe('Accedi');
    expect(createTranslator('de')('common.save')).toBe('Speichern');
    expect(createTranslator('fr')('shell.logout')).toBe('Se déconnecter');
    expect(createTranslator('it').language).toBe('it');
  });

  it('R1.03 an unsupported language falls back to English', () => {
    const t = createTranslator('es');
    expect(t.language).toBe('en');
    expect(t('auth.loginTitle')).toBe('Log in');
  });

  it('R1.03 interpolates {param} and leaves unknown placeholders visible', () => {
    const t = createTranslator('en');
    expect(t('shell.notificationDeclinedText', { customer: 'Anna Rossi', pet: 'Fido', date: '2026-11-23', time: '10:30' })).toBe(
      'Anna Rossi declined the appointment for Fido on 2026-11-23 at 10:30.',
    );
    expect(t('shell.trialBannerMany')).toBe('{days} days left in your free trial.');
    expect(interpolate('{a}{a} {b}', { a: 1 })).toBe('11 {b}');
  });

  it('R1.03 an unknown key from outside is reported and shown as itself', () => {
    const t = createTranslator('fr');
    expect(t.has('validation.required')).toBe(true);
    expect(t.has('validation.nope')).toBe(false);
    expect(t.has('nope')).toBe(false);
    expect(t('validation.nope' as TranslationKey)).toBe('validation.nope');
  });

  it('R1.03 property: every English key translates to a non-key text in every language', () => {
    fc.assert(
      fc.property(fc.constantFrom(...englishKeys), fc.constantFrom(...SUPPORTED_LANGUAGES), (key, language) => {
        const text = createTranslator(language)(key as TranslationKey);
        expect(text).not.toBe(key);
        expect(text.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('detectLanguage', () => {
  it('R1.03 a stored supported choice wins', () => {
    expect(detectLanguage(['de-DE', 'en'], 'it')).toBe('it');
    expect(detectLanguage([], 'fr')).toBe('fr');
  });

  it('R1.03 otherwise the first supported browser language by primary subtag', () => {
    expect(detectLanguage(['es-ES', 'de-CH', 'it'], null)).toBe('de');
    expect(detectLanguage(['fr_CA'], 'xx')).toBe('fr');
    expect(detectLanguage(['IT-it'], undefined)).toBe('it');
  });

  it('R1.03 falls back to English', () => {
    expect(detectLanguage(['es', 'pt-BR'], null)).toBe('en');
    expect(detectLanguage(undefined, undefined)).toBe('en');
  });

  it('R1.03 property: always a supported language', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), fc.option(fc.string()), (tags, stored) => {
        expect(SUPPORTED_LANGUAGES).toContain(detectLanguage(tags, stored));
      }),
    );
  });
});

// Compile-time checks (run by the typecheck target): keys are a closed union.
export const typeChecks: TranslationKey[] = [
  'common.save',
  // @ts-expect-error not an English key
  'common.doesNotExist',
];
