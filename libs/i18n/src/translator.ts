import { CATALOGUES } from './catalogues';
import { splitKey, translatorOver, type Translator } from './text';
import type { Language } from './namespaces';

export * from './text';

function lookup(language: Language, key: string): string | undefined {
  const parts = splitKey(key);
  if (!parts) return undefined;
  const texts = CATALOGUES[language][parts[0]];
  return Object.prototype.hasOwnProperty.call(texts, parts[1]) ? texts[parts[1]] : undefined;
}

/** t('namespace.key', params) over every catalogue, bundled: for tests and Node (frontends use catalogue-loader.ts). */
export function createTranslator(language: string): Translator {
  return translatorOver(language, lookup);
}
