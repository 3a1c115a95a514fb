import type { Language } from '@pawline/api-client';
import { loadedTranslator, type Namespace, type TranslationKey } from '@pawline/i18n';

/** t('namespace.key', { param }) over the catalogues of libs/i18n. */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

export function settingsTranslator(language: Language): Translate {
  const translate = loadedTranslator(language);
  // Keys are plain strings here so a catalogue key added later needs no type change; an
  // unknown key falls back to English, then to the key itself (libs/i18n).
  return (key, params) => translate(key as TranslationKey, params);
}

/** The catalogues this remote's screens use: loaded for the user's language before they render. */
export const SETTINGS_NAMESPACES: readonly Namespace[] = ['settings', 'common', 'shell', 'validation', 'errors'];
