import { names } from '@nx/devkit';

/** Who reaches the remote (frontends/shell/src/remotes/remote-manifest.ts AUDIENCES). */
export const REMOTE_AUDIENCES = ['signed_in', 'member', 'store_reader', 'store_writer', 'pet_writer', 'store_admin', 'orga_admin'] as const;
export type RemoteAudience = (typeof REMOTE_AUDIENCES)[number];

export const REMOTE_ICONS = ['store', 'team', 'paw', 'settings', 'person', 'help'] as const;
export type RemoteIcon = (typeof REMOTE_ICONS)[number];

/** Where the shell mounts a remote for its audience: store pages under the store, organization pages under it. */
export function mountPath(name: string, who: RemoteAudience): string {
  if (who === 'signed_in') return `/${name}`;
  if (who === 'store_reader' || who === 'store_writer' || who === 'pet_writer' || who === 'store_admin')
    return `/:orgaId/store/:storeId/${name}`;
  return `/:orgaId/${name}`;
}

/** 'pet-gallery' → 'Pet gallery': the remote's title until someone writes a better one in the catalogues. */
export function displayName(name: string): string {
  const words = name.split('-').join(' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

/**
 * The remote's catalogue namespace (libs/i18n/src/locales/<language>/<name>.json) in the four
 * interface languages (R1.03); `{name}` and `{title}` are filled in at run time.
 */
export function remoteCatalogues(name: string): Record<'en' | 'it' | 'de' | 'fr', Record<string, string>> {
  const title = displayName(name);
  return {
    en: { navLabel: title, title, welcome: 'Welcome, {name}.', intro: '{title} opens here for {orga}.' },
    it: { navLabel: title, title, welcome: 'Benvenuto, {name}.', intro: '{title} si apre qui per {orga}.' },
    de: { navLabel: title, title, welcome: 'Willkommen, {name}.', intro: '{title} öffnet sich hier für {orga}.' },
    fr: { navLabel: title, title, welcome: 'Bienvenue, {name}.', intro: "{title} s'ouvre ici pour {orga}." },
  };
}

/** The files of a new remote, keyed by path relative to frontends/<name>. */
export function remoteFiles(name: string, who: RemoteAudience): Record<string, string> {
  const { className, propertyName, constantName } = names(name);
  const root = `frontends/${name}`;
  const path = mountPath(name, who);
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
// Catalogues load as chunks in the browser (libs/i18n catalogue-loader); jest has no chunks, so
// every language is put in the store before the tests render.
const { CATALOGUES, registerCatalogues } = require('@pawline/i18n');
for (const [language, catalogue] of Object.entries(CATALOGUES)) registerCatalogues(language, catalogue);
`,
    'rspack.config.mjs': `import { remoteConfig } from '../rspack.shared.mjs';

// The ${name} remote: served by the gateway at /remotes/${name}/, mounted by the shell at ${path}
// (its entry in frontends/shell/src/remotes/remotes.manifest.json).
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
    'src/i18n/translator.ts': `import type { Namespace } from '@pawline/i18n';

// libs/i18n's one translator and its type, under the names this remote's files import: it takes only keys that exist.
export { loadedTranslator as ${propertyName}Translator, type Translator as Translate } from '@pawline/i18n';

/** The catalogues this remote's screens use: loaded (one chunk each) for the user's language before they render. */
export const ${constantName}_NAMESPACES: readonly Namespace[] = ['${name}', 'shell'];
`,
    'src/routes.tsx': `import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ShellBridge } from '@pawline/api-client';
import { CatalogueGate, ErrorPage } from '@pawline/ui';
import { useMemo } from 'react';
import { Route, Routes } from 'react-router';
import { ${constantName}_NAMESPACES, ${propertyName}Translator, type Translate } from './i18n/translator';

function HomePage({ bridge, t }: { bridge: ShellBridge; t: Translate }) {
  const title = t('${name}.title');
  return (
    <Stack gap="3" data-testid="${name}-page">
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      <Text>{t('${name}.welcome', { name: bridge.user.first_name })}</Text>
      {bridge.orga ? <Text>{t('${name}.intro', { title, orga: bridge.orga.name })}</Text> : null}
    </Stack>
  );
}

/** Exposed as '${propertyName}/routes'; the shell mounts it at ${path}/*. */
export function ${className}Routes(bridge: ShellBridge) {
  const t = useMemo(() => ${propertyName}Translator(bridge.language), [bridge.language]);
  return (
    <CatalogueGate language={bridge.language} namespaces={${constantName}_NAMESPACES}>
      <Routes>
        <Route index element={<HomePage bridge={bridge} t={t} />} />
        <Route
          path="*"
          element={<ErrorPage status={404} texts={{ notFound: t('shell.error404'), other: t('shell.errorGeneric'), home: t('shell.errorHomeLink') }} />}
        />
      </Routes>
    </CatalogueGate>
  );
}
`,
    'src/routes.spec.tsx': `/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import type { ApiClient, Language, PersonUser, ShellBridge } from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ${className}Routes } from './routes';

function bridgeIn(language: Language): ShellBridge {
  return {
    api: {} as ApiClient,
    user: { id: 'u1', first_name: 'Anna', orga_id: 'o1' } as PersonUser,
    language,
    appVersion: '11.4.6',
    orga: { id: 'o1', name: 'Salone Anna', tier: 1, created_at: '2026-11-01T00:00:00Z', stores: [], users: [] },
  } as unknown as ShellBridge;
}

// mounted the way the shell mounts it: under its route with a splat
function renderAt(path: string, language: Language) {
  return render(
    <ChakraProvider value={pawlineSystem}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/o1/${name}/*" element={<${className}Routes {...bridgeIn(language)} />} />
        </Routes>
      </MemoryRouter>
    </ChakraProvider>,
  );
}

describe('${name} routes', () => {
  it('R1.03 shows its page in the user language, with the person and the organization', () => {
    renderAt('/o1/${name}', 'it');
    const page = screen.getByTestId('${name}-page');
    expect(page.textContent).toContain('Benvenuto, Anna.');
    expect(page.textContent).toContain('Salone Anna');
  });

  it('R2.05 answers an unknown path with the 404 page in the user language', () => {
    renderAt('/o1/${name}/nowhere', 'de');
    expect(screen.getByTestId('error-page').textContent).toContain('404 Nicht gefunden');
  });
});
`,
    'README.md': `# ${name} (remote)

Served by the gateway at \`/remotes/${name}/\` (\`remoteEntry.js\`); the shell mounts \`${className}Routes\`
at \`${path}/*\` for \`${who}\` and shows its drawer entry, both from its entry in
\`frontends/shell/src/remotes/remotes.manifest.json\`.

- Exposes \`./routes\` (\`${className}Routes(props: ShellBridge)\`) from \`rspack.config.mjs\` (MF name \`${propertyName}\`).
- Texts: namespace \`${name}\` of libs/i18n (\`libs/i18n/src/locales/{en,it,de,fr}/${name}.json\`), read with
  \`src/i18n/translator.ts\` as the other remotes do, once \`CatalogueGate\` (libs/ui) has loaded the namespaces
  of \`${constantName}_NAMESPACES\` for the user's language (one chunk each); the drawer label is \`${name}.navLabel\`.
- Talks to the gateway only, through the declared routes: \`createRemoteHttp({ api: bridge.api, language })\` of
  \`@pawline/api-client\` and \`request(API_ROUTES.<name>, { params, query, body })\`, never a URL or a \`fetch\`
  of its own (libs/api-client/src/wire-boundary.spec.ts); never imports another remote.

Build: \`node frontends/build.mjs --project ${name}\`. Tests: \`npx jest -c ${root}/jest.config.cjs\`.
`,
  };
}
