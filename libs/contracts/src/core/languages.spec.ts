import { identityLanguageSchema } from '../identity/identity-shapes';
import { ERROR_MESSAGES, MESSAGE_LANGUAGES } from './error-messages';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_NAMES, LANGUAGES } from './languages';

describe('the one list of languages', () => {
  it('R1.03 English, Italian, German and French, English first as the default', () => {
    expect(LANGUAGES).toEqual(['en', 'it', 'de', 'fr']);
    expect(DEFAULT_LANGUAGE).toBe('en');
  });

  it('R1.03 error texts, the identity schema and the language names follow it', () => {
    expect(MESSAGE_LANGUAGES).toBe(LANGUAGES);
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual([...LANGUAGES].sort());
    expect(identityLanguageSchema.options).toEqual([...LANGUAGES]);
    expect(Object.keys(LANGUAGE_NAMES).sort()).toEqual([...LANGUAGES].sort());
  });

  it('isLanguage accepts exactly the listed codes', () => {
    expect(LANGUAGES.every((code) => isLanguage(code))).toBe(true);
    expect(isLanguage('es')).toBe(false);
    expect(isLanguage('EN')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});
