import type { Language } from '@pawline/api-client';
import { loadedTranslator, type Namespace, type TranslationKey } from '@pawline/i18n';

/** t('namespace.key', { param }) over the catalogues of libs/i18n (namespace `clients` and the shared ones). */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

export function clientsTranslator(language: Language): Translate {
  const translate = loadedTranslator(language);
  // Keys are plain strings: validators and upload checks hand over keys as data.
  return (key, params) => translate(key as TranslationKey, params);
}

/** The catalogues this remote's screens use: loaded for the user's language before they render. */
export const CLIENTS_NAMESPACES: readonly Namespace[] = ['clients', 'common', 'shell', 'validation', 'errors'];
