import { addProjectConfiguration, joinPathFragments, names, type Tree } from '@nx/devkit';

export type RemoteGeneratorOptions = { name: string };

const NAME = /^[a-z][a-z0-9-]*$/;

/** The files of a new remote, keyed by path relative to the remote's root. */
export function remoteFiles(name: string): Record<string, string> {
  const { className, propertyName } = names(name);
  const root = `frontends/${name}`;
  return {
    'tsconfig.json': `${JSON.stringify({ extends: '../../tsconfig.base.json', include: ['src/**/*.ts', 'src/**/*.tsx'] }, null, 2)}\n`,
    'jest.config.cjs': `module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: '${name}',
  rootDir: __dirname,
  setupFiles: ['<rootDir>/jest.setup.cjs'],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx', '<rootDir>/test/**/*.integration-spec.ts'],
};
`,
    'jest.setup.cjs': `// jsdom's gaps, the same for every frontend
require('../jest.setup.shared.cjs');
`,
    // The Module Federation configuration: remoteConfig exposes the routes with the shared singletons.
    'rspack.config.mjs': `import { remoteConfig } from '../rspack.shared.mjs';

// The ${name} remote: served by the gateway at /remotes/${name}/, mounted by the shell.
export function ${propertyName}Config({ mode = 'production' } = {}) {
  return remoteConfig({
    name: '${name}',
    federationName: '${propertyName}',
    mode,
    publicPath: '/remotes/${name}/',
    exposes: { './routes': './src/routes.tsx' },
  });
}

export default ${propertyName}Config;
`,
    'src/texts.ts': `import type { ShellBridge } from '@pawline/api-client';
import type { ErrorPageTexts } from '@pawline/ui';

export type ${className}Texts = ErrorPageTexts & { title: string };

/** The remote's strings in the four interface languages. */
export const ${propertyName}Texts: Record<ShellBridge['language'], ${className}Texts> = {
  en: { title: '${className}', notFound: '404 Not Found', other: 'An error occurred', home: 'Go to the home page' },
  it: { title: '${className}', notFound: '404 Pagina non trovata', other: 'Si è verificato un errore', home: 'Vai alla pagina iniziale' },
  de: { title: '${className}', notFound: '404 Seite nicht gefunden', other: 'Ein Fehler ist aufgetreten', home: 'Zur Startseite' },
  fr: { title: '${className}', notFound: '404 Page introuvable', other: 'Une erreur est survenue', home: "Aller à la page d'accueil" },
};
`,
    'src/routes.tsx': `import { Heading } from '@chakra-ui/react';
import type { ShellBridge } from '@pawline/api-client';
import { ErrorPage } from '@pawline/ui';
import { Route, Routes } from 'react-router';
import { ${propertyName}Texts } from './texts';

/** Exposed as '${propertyName}/routes'; the shell mounts it under its route prefix. */
export function ${className}Routes(bridge: Pick<ShellBridge, 'language'>) {
  const texts = ${propertyName}Texts[bridge.language];
  return (
    <Routes>
      <Route index element={<Heading as="h1">{texts.title}</Heading>} />
      <Route path="*" element={<ErrorPage status={404} texts={texts} />} />
    </Routes>
  );
}
`,
    'src/routes.spec.tsx': `/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { pawlineSystem } from '@pawline/ui';
import { MemoryRouter } from 'react-router';
import { ${className}Routes } from './routes';

function renderAt(path: string, language: 'en' | 'it' | 'de' | 'fr') {
  return render(
    <ChakraProvider value={pawlineSystem}>
      <MemoryRouter initialEntries={[path]}>{${className}Routes({ language })}</MemoryRouter>
    </ChakraProvider>,
  );
}

describe('${name} routes', () => {
  it('shows the remote page at its root', () => {
    renderAt('/', 'en');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('${className}');
  });

  it('answers an unknown path with the 404 page in the user language', () => {
    renderAt('/nowhere', 'de');
    expect(screen.getByTestId('error-page').textContent).toContain('404 Seite nicht gefunden');
  });
});
`,
    'README.md': `# ${name} (remote)

What it owns: (the screens and routes of this domain).

- Exposes \`./routes\` (\`${className}Routes\`) from \`rspack.config.mjs\`; served at \`/remotes/${name}/remoteEntry.js\`.
- Strings: \`src/texts.ts\` (en, it, de, fr). Talks to the gateway only, through \`@pawline/api-client\`.
- Never imports another remote; shared UI lives in \`libs/ui\`.

Build: \`node frontends/build.mjs --project ${name}\`. Tests: \`npx jest -c ${root}/jest.config.cjs\`.
`,
  };
}

/** Adds the remote to frontends/build.mjs (import + entry of the \`frontends\` map), when that file has the usual shape. */
export function registerInBuild(source: string, name: string): string | null {
  const { propertyName } = names(name);
  const mapPattern = /const frontends = \{([^}]*)\};/;
  const match = mapPattern.exec(source);
  if (!match) return null;
  if (new RegExp(`\\b${propertyName}Config\\b`).test(source)) return source;
  const entries = match[1]?.trim().replace(/,$/, '') ?? '';
  const key = /^[a-z][a-zA-Z0-9]*$/.test(name) ? name : `'${name}'`;
  const withMap = source.replace(mapPattern, `const frontends = { ${entries ? `${entries}, ` : ''}${key}: ${propertyName}Config };`);
  const importLine = `import { ${propertyName}Config } from './${name}/rspack.config.mjs';\n`;
  const imports = [...withMap.matchAll(/^import .*;\n/gm)];
  const last = imports[imports.length - 1];
  if (!last || last.index === undefined) return `${importLine}${withMap}`;
  const at = last.index + last[0].length;
  return `${withMap.slice(0, at)}${importLine}${withMap.slice(at)}`;
}

/** `npx nx g @pawline/generators:remote <name>`: a Module Federation remote in the standard layout. */
export async function remoteGenerator(tree: Tree, options: RemoteGeneratorOptions): Promise<void> {
  const name = options.name.trim();
  if (!NAME.test(name))
    throw new Error(`Remote name "${name}" must be kebab-case: lower-case letters, digits and dashes, starting with a letter`);
  const root = `frontends/${name}`;
  if (tree.exists(root)) throw new Error(`${root} already exists`);
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
  for (const [file, content] of Object.entries(remoteFiles(name))) tree.write(joinPathFragments(root, file), content);
  const build = 'frontends/build.mjs';
  if (tree.exists(build)) {
    const updated = registerInBuild(tree.read(build, 'utf-8') ?? '', name);
    if (updated === null) throw new Error(`${build} has no "const frontends = { … };" map: add ${name} to it by hand`);
    tree.write(build, updated);
  }
}
