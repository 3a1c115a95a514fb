import type { Language } from '@pawline/api-client';
import { CatalogueGate } from '@pawline/ui';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { storeLanguageAndReload } from './language-choice';
import { SHELL_NAMESPACES, shellTranslator, type Translate } from './translator';

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
  // only the chosen language's catalogues are fetched, and the shell's first screens wait for them
  return (
    <I18nContext.Provider value={value}>
      <CatalogueGate language={language} namespaces={SHELL_NAMESPACES}>
        {children}
      </CatalogueGate>
    </I18nContext.Provider>
  );
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n needs an I18nProvider');
  return i18n;
}
