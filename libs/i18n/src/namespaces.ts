// spec §1 (R1.03): English and Italian, with German and French present: the one list of libs/contracts.
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@pawline/contracts';

export { DEFAULT_LANGUAGE, type Language };
export const SUPPORTED_LANGUAGES = LANGUAGES;

export const NAMESPACES = [
  'common',
  'auth',
  'shell',
  'settings',
  'errors',
  'validation',
  'clients',
  'calendar',
  'messages',
  'booking-setup',
  'campaigns',
  'analyses',
  'counter',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

// Types only: no catalogue is bundled by naming its keys.
type English = {
  common: typeof import('./locales/en/common.json');
  auth: typeof import('./locales/en/auth.json');
  shell: typeof import('./locales/en/shell.json');
  settings: typeof import('./locales/en/settings.json');
  errors: typeof import('./locales/en/errors.json');
  validation: typeof import('./locales/en/validation.json');
  clients: typeof import('./locales/en/clients.json');
  calendar: typeof import('./locales/en/calendar.json');
  messages: typeof import('./locales/en/messages.json');
  'booking-setup': typeof import('./locales/en/booking-setup.json');
  campaigns: typeof import('./locales/en/campaigns.json');
  analyses: typeof import('./locales/en/analyses.json');
  counter: typeof import('./locales/en/counter.json');
};

/** Every key of the English catalogue as 'namespace.key'. */
export type TranslationKey = {
  [N in Namespace]: `${N}.${Extract<keyof English[N], string>}`;
}[Namespace];

export type NamespaceTexts = Readonly<Record<string, string>>;
export type Catalogue = Record<Namespace, NamespaceTexts>;
