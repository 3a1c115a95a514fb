import type { Language } from '@pawline/api-client';
import { isLanguage, LANGUAGE_NAMES } from '@pawline/contracts';
import { detectLanguage, LANGUAGE_STORAGE_KEY } from '@pawline/i18n';

export { isLanguage, LANGUAGE_NAMES, LANGUAGE_STORAGE_KEY };

function readStored(storage: Pick<Storage, 'getItem'> | null): string | null {
  try {
    return storage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The stored choice, else the browser's language when we have it, else English. */
export function initialLanguage(storage: Pick<Storage, 'getItem'> | null, browserLanguages: readonly string[]): Language {
  return detectLanguage(browserLanguages, readStored(storage));
}

/**
 * R1.03: a language switch stores the choice and reloads the page. When storage refuses,
 * a reload would come back in the old language, so there is none (and no reload loop).
 */
export function storeLanguageAndReload(language: Language, storage: Pick<Storage, 'setItem'>, reload: () => void): boolean {
  try {
    storage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    return false;
  }
  reload();
  return true;
}
