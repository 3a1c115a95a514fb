import type { Language } from '@pawline/api-client';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { storeLanguageAndReload } from './language-choice';
import { shellTranslator, type Translate } from './translator';

export type I18n = { language: Language; t: Translate; changeLanguage: (language: Language) => void };

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ language, children }: { language: Language; children: ReactNode }) {
  const value = useMemo<I18n>(
    () => ({
      language,
      t: shellTranslator(language),
      changeLanguage: (next) => void storeLanguageAndReload(next, window.localStorage, () => window.location.reload()),
    }),
    [language],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n needs an I18nProvider');
  return i18n;
}
