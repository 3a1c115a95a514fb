import { NAMESPACES, type Language, type Namespace, type NamespaceTexts } from './namespaces';
import { splitKey, translatorOver, type Translator } from './text';

// The frontends' catalogues: one JSON chunk per language and namespace, fetched when a screen
// needs it, so no bundle carries the texts of the other languages. Each federated bundle has
// its own copy of this store (libs are not shared), so a remote loads what it shows.

const loaded = new Map<string, NamespaceTexts>();
const pending = new Map<string, Promise<void>>();
const slot = (language: Language, namespace: Namespace) => `${language}/${namespace}`;

async function fetchNamespace(language: Language, namespace: Namespace): Promise<NamespaceTexts> {
  // rspack makes one lazy chunk per file of this folder, named after it (i18n-it-shell-json)
  const module = (await import(/* webpackChunkName: "i18n-[request]" */ `./locales/${language}/${namespace}.json`)) as {
    default: NamespaceTexts;
  };
  return module.default;
}

/** Whether every namespace is there for `language`, so a screen using them may render now. */
export function namespacesLoaded(language: Language, namespaces: readonly Namespace[]): boolean {
  return namespaces.every((namespace) => loaded.has(slot(language, namespace)));
}

/** Loads what is missing of `namespaces` in `language`; one fetch per namespace however often asked. */
export function loadNamespaces(language: Language, namespaces: readonly Namespace[]): Promise<void> {
  return Promise.all(
    namespaces.map((namespace) => {
      const key = slot(language, namespace);
      if (loaded.has(key)) return Promise.resolve();
      let once = pending.get(key);
      if (!once) {
        once = fetchNamespace(language, namespace).then(
          (texts) => {
            loaded.set(key, texts);
          },
          (error: unknown) => {
            // a failed fetch may be retried
            pending.delete(key);
            throw error;
          },
        );
        pending.set(key, once);
      }
      return once;
    }),
  ).then(() => undefined);
}

/** Puts catalogues in the store without fetching (jest setups, which have no chunks to fetch). */
export function registerCatalogues(language: Language, catalogue: Partial<Record<Namespace, NamespaceTexts>>): void {
  for (const namespace of NAMESPACES) {
    const texts = catalogue[namespace];
    if (texts) loaded.set(slot(language, namespace), texts);
  }
}

function lookup(language: Language, key: string): string | undefined {
  const parts = splitKey(key);
  if (!parts) return undefined;
  const texts = loaded.get(slot(language, parts[0]));
  return texts && Object.prototype.hasOwnProperty.call(texts, parts[1]) ? texts[parts[1]] : undefined;
}

/**
 * t('namespace.key') over the loaded catalogues, read when called: the text, else the English one
 * if loaded, else the key. Render a screen after loadNamespaces for what it shows.
 */
export function loadedTranslator(language: string): Translator {
  return translatorOver(language, lookup);
}
