import type { Namespace } from '@pawline/i18n';

// libs/i18n's one translator and its type, under the names this remote's files import: it takes only keys that exist.
export { loadedTranslator as calendarTranslator, type Translator as Translate } from '@pawline/i18n';

/** The catalogues this remote's screens use: loaded for the user's language before they render. */
export const CALENDAR_NAMESPACES: readonly Namespace[] = ['calendar', 'clients', 'common', 'shell', 'validation', 'errors', 'messages'];
