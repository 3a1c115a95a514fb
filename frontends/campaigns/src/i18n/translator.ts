import type { Language } from '@pawline/api-client';
import { loadedTranslator, type Namespace, type TranslationKey } from '@pawline/i18n';

/** t('namespace.key', { param }) over libs/i18n (namespace `campaigns` and the shared ones). */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

export function campaignsTranslator(language: Language): Translate {
  const translate = loadedTranslator(language);
  // an unknown key falls back to English, then to the key itself (libs/i18n)
  return (key, params) => translate(key as TranslationKey, params);
}

/** The catalogues this remote's screens use: loaded (one chunk each) for the user's language before they render. */
export const CAMPAIGNS_NAMESPACES: readonly Namespace[] = ['campaigns', 'shell', 'common', 'errors'];
