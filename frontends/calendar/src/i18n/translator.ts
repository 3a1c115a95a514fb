import type { Language } from '@pawline/api-client';
import { loadedTranslator, type Namespace, type TranslationKey } from '@pawline/i18n';

/** t('namespace.key', { param }) over libs/i18n (namespace `calendar` and the shared ones). */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

export function calendarTranslator(language: Language): Translate {
  const translate = loadedTranslator(language);
  return (key, params) => translate(key as TranslationKey, params);
}

/** The catalogues this remote's screens use: loaded for the user's language before they render. */
export const CALENDAR_NAMESPACES: readonly Namespace[] = ['calendar', 'clients', 'common', 'shell', 'validation', 'errors'];
