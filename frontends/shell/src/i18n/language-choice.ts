import { LANGUAGES, type Language } from '@pawline/api-client';
import { detectLanguage, LANGUAGE_STORAGE_KEY } from '@pawline/i18n';

export { LANGUAGE_STORAGE_KEY };

export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', it: 'Italiano', de: 'Deutsch', fr: 'Français' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

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
