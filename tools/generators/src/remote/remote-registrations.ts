import { names } from '@nx/devkit';
import type { RemoteAudience, RemoteIcon } from './remote-files';

// Registrations of a new remote: its catalogue namespace in libs/i18n and its entry in the
// shell's manifest. Each gives the source back changed, the same when already there, or null
// when the file no longer has the shape the edit expects.

const LANGUAGES = ['en', 'it', 'de', 'fr'] as const;

function key(name: string): string {
  return /^[a-zA-Z_$][a-zA-Z0-9_$]*$/.test(name) ? name : `'${name}'`;
}

/**
 * libs/i18n/src/namespaces.ts: the namespace in NAMESPACES and its English catalogue's type (the
 * frontends load catalogues by these names, one chunk per language and namespace).
 */
export function registerNamespace(source: string, name: string): string | null {
  if (source.includes(`./locales/en/${name}.json')`)) return source;
  const namespaces = /export const NAMESPACES = \[([^\]]*)\] as const;/;
  const english = /type English = \{\n([\s\S]*?)\n\};/;
  if (!namespaces.test(source) || !english.test(source)) return null;
  return source
    .replace(namespaces, (_, list: string) => `export const NAMESPACES = [${list.trim().replace(/,$/, '')}, '${name}'] as const;`)
    .replace(english, (_, body: string) => `type English = {\n${body}\n  ${key(name)}: typeof import('./locales/en/${name}.json');\n};`);
}

/** libs/i18n/src/catalogues.ts (the bundled catalogues of tests and Node): imports of the four JSON files and the entry in each language. */
export function registerCatalogues(source: string, name: string): string | null {
  const { className } = names(name);
  const variable = (language: string) => `${language}${className}`;
  if (source.includes(`./locales/en/${name}.json'`)) return source;
  const english = /const english = \{\n([\s\S]*?)\n\};/;
  if (!english.test(source)) return null;
  let updated = source.replace(english, (_, body: string) => `const english = {\n${body}\n  ${key(name)}: ${variable('en')},\n};`);
  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    // each language's map inside CATALOGUES: `  it: {\n ... \n  },`
    const block = new RegExp(`(\\n  ${language}: \\{\\n)([\\s\\S]*?)(\\n  \\},)`);
    if (!block.test(updated)) return null;
    updated = updated.replace(
      block,
      (_, open: string, body: string, close: string) => `${open}${body}\n    ${key(name)}: ${variable(language)},${close}`,
    );
  }
  const imports = LANGUAGES.map((language) => `import ${variable(language)} from './locales/${language}/${name}.json';`).join('\n');
  const lastImport = [...updated.matchAll(/^import [^;]*;\n/gm)].pop();
  if (!lastImport || lastImport.index === undefined) return `${imports}\n${updated}`;
  const at = lastImport.index + lastImport[0].length;
  return `${updated.slice(0, at)}${imports}\n${updated.slice(at)}`;
}

/** The shell's key of a remote's drawer label: the shell loads its own namespace before any remote's. */
export function drawerLabelKey(name: string): string {
  return `nav${names(name).className}`;
}

/**
 * libs/i18n/src/locales/<language>/shell.json with the remote's drawer label (`nav<ClassName>`): the drawer
 * is the shell's, and the shell never loads a remote's namespace (frontends/shell/src/i18n/translator.spec.ts).
 * The same source when the key is there, null when the file is not a JSON object.
 */
export function registerDrawerLabel(source: string, name: string, label: string): string | null {
  let catalogue: unknown;
  try {
    catalogue = JSON.parse(source);
  } catch {
    return null;
  }
  if (catalogue === null || typeof catalogue !== 'object' || Array.isArray(catalogue)) return null;
  const key = drawerLabelKey(name);
  if (key in catalogue) return source;
  return `${JSON.stringify({ ...catalogue, [key]: label }, null, 2)}\n`;
}

export type ManifestRoute = { path: string; export: string; who: RemoteAudience };
export type ManifestDrawer = {
  id: string;
  to: string;
  label: string;
  icon: RemoteIcon;
  who: RemoteAudience;
  order: number;
  premium?: boolean;
};
export type ManifestRemote = { name: string; routes: ManifestRoute[]; drawer: ManifestDrawer[] };

/** The drawer's account area (frontends/shell/src/remotes/remote-manifest.ts ACCOUNT_ORDER): new entries go before it. */
const ACCOUNT_ORDER = 800;

/**
 * The shell's remotes.manifest.json with the remote's entry: one route at `path/*` and one drawer
 * entry after the last one before the account area.
 */
export function registerInManifest(
  source: string,
  entry: { name: string; path: string; who: RemoteAudience; icon: RemoteIcon; premium: boolean },
): string | null {
  let manifest: { remotes?: ManifestRemote[] };
  try {
    manifest = JSON.parse(source) as { remotes?: ManifestRemote[] };
  } catch {
    return null;
  }
  if (!Array.isArray(manifest.remotes)) return null;
  if (manifest.remotes.some((remote) => remote.name === entry.name)) return source;
  const orders = manifest.remotes.flatMap((remote) => remote.drawer.map((d) => d.order)).filter((order) => order < ACCOUNT_ORDER);
  const order = Math.min(Math.max(0, ...orders) + 10, ACCOUNT_ORDER - 1);
  const { className } = names(entry.name);
  const route: ManifestRoute = { path: `${entry.path}/*`, export: `${className}Routes`, who: entry.who };
  const drawer: ManifestDrawer = {
    id: entry.name,
    to: entry.path,
    label: `shell.${drawerLabelKey(entry.name)}`,
    icon: entry.icon,
    who: entry.who,
    order,
    ...(entry.premium ? { premium: true } : {}),
  };
  // appended as text, so the other entries keep their layout (prettier then wraps long lines)
  const text = `{\n      "name": ${JSON.stringify(entry.name)},\n      "routes": [${JSON.stringify(route)}],\n      "drawer": [${JSON.stringify(drawer)}]\n    }`;
  const end = /\]\s*\}\s*$/.exec(source);
  if (!end) return null;
  const before = source.slice(0, end.index).trimEnd();
  return `${before}${before.endsWith('[') ? '' : ','}\n    ${text}\n  ]\n}\n`;
}
