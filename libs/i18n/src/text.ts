import { DEFAULT_LANGUAGE, NAMESPACES, SUPPORTED_LANGUAGES, type Language, type Namespace, type TranslationKey } from './namespaces';

export type TranslationParams = Readonly<Record<string, string | number>>;

/**
 * t('namespace.key', params) in one language: it takes only keys of the English catalogue, so a typo
 * fails the type check; `has` narrows a key that comes as data (a server message, a manifest).
 */
export type Translator = {
  (key: TranslationKey, params?: TranslationParams): string;
  readonly language: Language;
  /** Whether a key from outside (a server code, a stored value) names a text. */
  has(key: string): key is TranslationKey;
};

/** Where the shell keeps the chosen language; switching reloads the page (R1.03). */
export const LANGUAGE_STORAGE_KEY = 'language';

export function isSupportedLanguage(value: string | null | undefined): value is Language {
  return value !== null && value !== undefined && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

function primarySubtag(tag: string): string {
  return tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

/** The stored choice if supported, else the first supported browser language, else English. */
export function detectLanguage(navigatorLanguages: readonly string[] | null | undefined, stored: string | null | undefined): Language {
  if (stored !== null && stored !== undefined && isSupportedLanguage(primarySubtag(stored))) return primarySubtag(stored) as Language;
  for (const tag of navigatorLanguages ?? []) {
    const language = primarySubtag(tag);
    if (isSupportedLanguage(language)) return language;
  }
  return DEFAULT_LANGUAGE;
}

const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

/** The {param} names a text uses, sorted and unique. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))].sort();
}

export function interpolate(text: string, params?: TranslationParams): string {
  if (!params) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

export function splitKey(key: string): [Namespace, string] | null {
  const dot = key.indexOf('.');
  if (dot < 0) return null;
  const namespace = key.slice(0, dot);
  if (!(NAMESPACES as readonly string[]).includes(namespace)) return null;
  return [namespace as Namespace, key.slice(dot + 1)];
}

/** A text of `language` by key, or undefined when that language's namespace lacks it (or is not loaded). */
export type TextLookup = (language: Language, key: string) => string | undefined;

/** t('namespace.key', params) over a lookup: the language's text, else the English one, else the key itself. */
export function translatorOver(language: string, lookup: TextLookup): Translator {
  const chosen: Language = isSupportedLanguage(language) ? language : DEFAULT_LANGUAGE;
  const t = (key: TranslationKey, params?: TranslationParams): string => {
    const text = lookup(chosen, key) ?? lookup(DEFAULT_LANGUAGE, key) ?? key;
    return interpolate(text, params);
  };
  return Object.assign(t, {
    language: chosen,
    // every language has the English keys (the parity check), so the chosen one answers for all
    has: (key: string): key is TranslationKey => (lookup(chosen, key) ?? lookup(DEFAULT_LANGUAGE, key)) !== undefined,
  });
}

/**
 * A key that comes as data (a server's field message such as identity's validation.*, a manifest's
 * label) in the user's language; a value that names no text is shown as it comes.
 */
export function keyOrText(t: Translator, value: string, params?: TranslationParams): string {
  return t.has(value) ? t(value, params) : value;
}

/** Server error codes with their own text (spec §8); others show the server's message. */
export function serverErrorKey(code: string | null | undefined): TranslationKey | null {
  switch (code) {
    case 'server_100':
    case 'server_112':
    case 'server_101':
    case 'server_701':
    case 'server_401':
    case 'server_1010':
      return `errors.${code}`;
    default:
      return null;
  }
}
