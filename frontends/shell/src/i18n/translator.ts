import type { Namespace } from '@pawline/i18n';

// libs/i18n's one translator and its type, under the names this remote's files import: it takes only keys that exist.
export { loadedTranslator as shellTranslator, type Translator as Translate } from '@pawline/i18n';

/** What the signed-out screens (login, register, password reset, errors) need before they render. */
export const SHELL_NAMESPACES: readonly Namespace[] = ['common', 'auth', 'shell', 'validation', 'errors'];
/** The signed-in frame's drawer names the clients' and the calendar's pages. */
// booking-setup: its drawer entry's label (booking-setup.navLabel) is read by the shell's drawer
export const SIGNED_IN_NAMESPACES: readonly Namespace[] = ['clients', 'calendar', 'booking-setup'];
