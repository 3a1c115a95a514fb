import { createTranslator, keyOrText, type Translator } from './translator';
import type { TranslationKey } from './namespaces';

// Type-level checks: `npx tsc` fails when a line marked @ts-expect-error compiles.
describe('the translator type', () => {
  const t: Translator = createTranslator('en');

  it('takes the keys of the English catalogue', () => {
    expect(t('shell.errorGeneric')).toBe('An error occurred');
  });

  it('refuses a key with a typo, a key without its namespace and a plain string', () => {
    const typed = 'shell.errorGeneric' as string;
    // @ts-expect-error a typo in the key
    expect(t('shell.errorGenric')).toBe('shell.errorGenric');
    // @ts-expect-error a key without its namespace
    expect(t('errorGeneric')).toBe('errorGeneric');
    // @ts-expect-error a string is not a key until `has` says so
    expect(t(typed)).toBe('An error occurred');
  });

  it('takes a key built from typed parts, and a string that `has` narrowed', () => {
    const size = 'small' as 'small' | 'medium' | 'big';
    expect(t(`clients.size_${size}`)).toBe(createTranslator('en')('clients.size_small'));
    const fromServer: string = 'validation.passwordCommon';
    if (!t.has(fromServer)) throw new Error('a catalogue key');
    const narrowed: TranslationKey = fromServer;
    expect(t(narrowed)).toMatch(/too common/);
  });

  it('shows a key that comes as data in the language, and other text as it comes', () => {
    const de = createTranslator('de');
    expect(keyOrText(de, 'validation.required')).toBe(de('validation.required'));
    expect(keyOrText(de, 'Too small: expected string to have >=8 characters')).toBe('Too small: expected string to have >=8 characters');
  });
});
