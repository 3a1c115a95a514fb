import { addProjectConfiguration, formatFiles, getProjects, joinPathFragments, type Tree } from '@nx/devkit';
import {
  displayName,
  mountPath,
  REMOTE_AUDIENCES,
  REMOTE_ICONS,
  remoteCatalogues,
  remoteFiles,
  type RemoteAudience,
  type RemoteIcon,
} from './remote-files';
import { registerCatalogues, registerDrawerLabel, registerInManifest, registerNamespace } from './remote-registrations';

export type RemoteGeneratorOptions = {
  name: string;
  /** who reaches it and sees its drawer entry (default member) */
  who?: RemoteAudience;
  icon?: RemoteIcon;
  /** R2.03: marked premium while the organization's tier is 0 */
  premium?: boolean;
  /** run prettier over what was written (default true, as `nx g` does) */
  format?: boolean;
};

// The name is also an MF container name (camel-cased) and a catalogue namespace.
const NAME = /^[a-z]+(-[a-z]+)*$/;
// the shell's own pages and path segments, and the shared catalogue namespaces
const RESERVED = [
  'shell',
  'common',
  'auth',
  'errors',
  'validation',
  'store',
  'pet',
  'user',
  'qa',
  'login',
  'register',
  'autologin',
  'verify-email',
  'password-reset',
  'reset-password',
];

export const REMOTE_REGISTRATION_FILES = {
  manifest: 'frontends/shell/src/remotes/remotes.manifest.json',
  namespaces: 'libs/i18n/src/namespaces.ts',
  catalogues: 'libs/i18n/src/catalogues.ts',
} as const;

/**
 * `npx nx g @pawline/generators:remote <name>`: a Module Federation remote in the standard layout,
 * its catalogue namespace in en, it, de, fr, and its entry in the shell's remotes manifest (which
 * gives the shell its route, drawer entry and MF remote, and frontends/build.mjs its build).
 */
export async function remoteGenerator(tree: Tree, options: RemoteGeneratorOptions): Promise<void> {
  const name = options.name.trim();
  if (!NAME.test(name)) throw new Error(`Remote name "${name}" must be kebab-case of letters: lower-case words joined by single dashes`);
  if (RESERVED.includes(name)) throw new Error(`"${name}" is taken by the shell (a page or path segment) or a shared catalogue`);
  const who = options.who ?? 'member';
  const icon = options.icon ?? 'paw';
  if (!REMOTE_AUDIENCES.includes(who)) throw new Error(`--who must be one of ${REMOTE_AUDIENCES.join(', ')}`);
  if (!REMOTE_ICONS.includes(icon)) throw new Error(`--icon must be one of ${REMOTE_ICONS.join(', ')}`);
  const root = `frontends/${name}`;
  if (tree.exists(root)) throw new Error(`${root} already exists`);
  // Nx refuses a workspace where two projects share a name (the service a remote shows, say)
  const taken = getProjects(tree).get(name);
  if (taken) throw new Error(`the project name ${name} is taken by ${taken.root}: name the remote apart (${name}-app, say)`);
  if (tree.exists(`libs/i18n/src/locales/en/${name}.json`)) throw new Error(`the catalogue namespace ${name} already exists`);

  addProjectConfiguration(tree, name, {
    root,
    sourceRoot: `${root}/src`,
    projectType: 'application',
    tags: ['type:remote'],
    targets: {
      build: {
        executor: 'nx:run-commands',
        outputs: [`{workspaceRoot}/dist/frontends/${name}`],
        options: { command: `node frontends/build.mjs --project ${name}` },
      },
      test: { executor: 'nx:run-commands', options: { command: `npx jest -c ${root}/jest.config.cjs` } },
      typecheck: { executor: 'nx:run-commands', options: { command: `npx tsc -p ${root}/tsconfig.json --noEmit` } },
    },
  });
  for (const [file, content] of Object.entries(remoteFiles(name, who))) tree.write(joinPathFragments(root, file), content);
  for (const [language, texts] of Object.entries(remoteCatalogues(name)))
    tree.write(`libs/i18n/src/locales/${language}/${name}.json`, `${JSON.stringify(texts, null, 2)}\n`);

  const { namespaces, catalogues, manifest } = REMOTE_REGISTRATION_FILES;
  for (const language of ['en', 'it', 'de', 'fr'] as const) {
    const shell = `libs/i18n/src/locales/${language}/shell.json`;
    if (!tree.exists(shell)) continue;
    const updated = registerDrawerLabel(tree.read(shell, 'utf-8') ?? '', name, displayName(name));
    if (updated === null) throw new Error(`${shell} is not a catalogue: add the drawer label of ${name} by hand`);
    tree.write(shell, updated);
  }
  if (tree.exists(namespaces)) {
    const updated = registerNamespace(tree.read(namespaces, 'utf-8') ?? '', name);
    if (updated === null) throw new Error(`${namespaces} no longer has the shape the generator edits: add the namespace ${name} by hand`);
    tree.write(namespaces, updated);
  }
  if (tree.exists(catalogues)) {
    const updated = registerCatalogues(tree.read(catalogues, 'utf-8') ?? '', name);
    if (updated === null) throw new Error(`${catalogues} no longer has the shape the generator edits: add the namespace ${name} by hand`);
    tree.write(catalogues, updated);
  }
  if (!tree.exists(manifest)) throw new Error(`${manifest} is missing: the shell lists its remotes there`);
  const updated = registerInManifest(tree.read(manifest, 'utf-8') ?? '', {
    name,
    path: mountPath(name, who),
    who,
    icon,
    premium: Boolean(options.premium),
  });
  if (updated === null) throw new Error(`${manifest} is not a remotes manifest ({ "remotes": [...] }): add ${name} by hand`);
  tree.write(manifest, updated);
  if (options.format !== false) await formatFiles(tree);
}
