import type { Language } from '@pawline/api-client';
import { loadedTranslator, type Namespace, type TranslationKey } from '@pawline/i18n';

/** t('namespace.key', { param }) over the catalogues of libs/i18n. */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** What the signed-out screens (login, register, password reset, errors) need before they render. */
export const SHELL_NAMESPACES: readonly Namespace[] = ['common', 'auth', 'shell', 'validation', 'errors'];
/** The signed-in frame's drawer names the clients' and the calendar's pages. */
// booking-setup: its drawer entry's label (booking-setup.navLabel) is read by the shell's drawer
export const SIGNED_IN_NAMESPACES: readonly Namespace[] = ['clients', 'calendar', 'booking-setup'];

export function shellTranslator(language: Language): Translate {
  const translate = loadedTranslator(language);
  // Keys are plain strings here so a catalogue key added later needs no type change; an
  // unknown key falls back to English, then to the key itself (libs/i18n).
  return (key, params) => translate(key as TranslationKey, params);
}
