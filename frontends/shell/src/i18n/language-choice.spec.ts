import { initialLanguage, LANGUAGE_STORAGE_KEY, storeLanguageAndReload } from './language-choice';

function storage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v), values };
}

describe('language choice', () => {
  it('R1.03 stores the chosen language and reloads the page', () => {
    const store = storage();
    const reload = jest.fn();
    expect(storeLanguageAndReload('it', store, reload)).toBe(true);
    expect(store.values.get(LANGUAGE_STORAGE_KEY)).toBe('it');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('R1.03 does not reload when the choice cannot be stored (it would come back unchanged)', () => {
    const reload = jest.fn();
    const refusing = {
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(storeLanguageAndReload('it', refusing, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('R1.03 starts in the stored language, else the browser language, else English', () => {
    expect(initialLanguage(storage({ [LANGUAGE_STORAGE_KEY]: 'it' }), ['de-DE'])).toBe('it');
    expect(initialLanguage(storage(), ['fr-CH', 'en'])).toBe('fr');
    expect(initialLanguage(storage(), ['pt-BR'])).toBe('en');
    expect(initialLanguage(null, [])).toBe('en');
  });
});
