import type { Language } from '@pawline/api-client';
import { createTranslator, type TranslationKey } from '@pawline/i18n';

/** t('namespace.key', { param }) over the catalogues of libs/i18n (namespace `clients` and the shared ones). */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

export function clientsTranslator(language: Language): Translate {
  const translate = createTranslator(language);
  // Keys are plain strings: validators and upload checks hand over keys as data.
  return (key, params) => translate(key as TranslationKey, params);
}
