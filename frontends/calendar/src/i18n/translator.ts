import type { Language } from '@pawline/api-client';
import { createTranslator, type TranslationKey } from '@pawline/i18n';

/** t('namespace.key', { param }) over libs/i18n (namespace `calendar` and the shared ones). */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

export function calendarTranslator(language: Language): Translate {
  const translate = createTranslator(language);
  return (key, params) => translate(key as TranslationKey, params);
}
