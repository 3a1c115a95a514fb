// The one list of languages the product speaks (spec §1, R1.03). Everything else — error texts,
// the identity schema, the frontends' catalogues and language choice, the gateway's
// Accept-Language — derives from it. This file imports nothing, so a frontend that needs the
// list does not pull in the contracts' schemas.

export const LANGUAGES = ['en', 'it', 'de', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** What a request, a stored choice or a browser asking for another language gets. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language by its own name, as a language menu shows it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', it: 'Italiano', de: 'Deutsch', fr: 'Français' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
