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
    en: {
      title,
      welcome: 'Welcome, {name}.',
      intro: '{title} opens here for {orga}.',
      loadFailed: 'The organization could not be loaded.',
    },
    it: {
      title,
      welcome: 'Benvenuto, {name}.',
      intro: '{title} si apre qui per {orga}.',
      loadFailed: "Non è stato possibile caricare l'organizzazione.",
    },
    de: {
      title,
      welcome: 'Willkommen, {name}.',
      intro: '{title} öffnet sich hier für {orga}.',
      loadFailed: 'Die Organisation konnte nicht geladen werden.',
    },
    fr: {
      title,
      welcome: 'Bienvenue, {name}.',
      intro: "{title} s'ouvre ici pour {orga}.",
      loadFailed: "L'organisation n'a pas pu être chargée.",
    },
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
export const ${constantName}_NAMESPACES: readonly Namespace[] = ['${name}', 'shell', 'common', 'errors'];
`,
    'src/routes.tsx': `import { Heading, Stack, Text } from '@chakra-ui/react';
import { RemoteApiProvider, useApiQuery, type ShellBridge } from '@pawline/api-client';
import { CatalogueGate, ErrorPage, QueryState, snackbarFeedback } from '@pawline/ui';
import { useMemo } from 'react';
import { Route, Routes } from 'react-router';
import { ${constantName}_NAMESPACES, ${propertyName}Translator, type Translate } from './i18n/translator';

/**
 * An example read through the data layer (libs/api-client README "A page on the data layer"): the
 * organization by its API_ROUTES name, kept current by the shell's realtime table (scope orga).
 * Replace it with the remote's own routes; QueryState shows loading, the failure with a retry, and the answer.
 */
function OrganizationLine({ bridge, t, orgaId, title }: { bridge: ShellBridge; t: Translate; orgaId: string; title: string }) {
  const orga = useApiQuery('getOrga', { params: { orga: orgaId } });
  return (
    <QueryState query={orga} language={bridge.language} errorTitle={t('${name}.loadFailed')}>
      {(value) => <Text data-testid="${name}-orga">{t('${name}.intro', { title, orga: value.name })}</Text>}
    </QueryState>
  );
}

function HomePage({ bridge, t }: { bridge: ShellBridge; t: Translate }) {
  const title = t('${name}.title');
  const orgaId = bridge.orga?.id ?? bridge.user.orga_id;
  return (
    <Stack gap="3" data-testid="${name}-page">
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      <Text>{t('${name}.welcome', { name: bridge.user.first_name })}</Text>
      {orgaId ? <OrganizationLine bridge={bridge} t={t} orgaId={orgaId} title={title} /> : null}
    </Stack>
  );
}

/** Exposed as '${propertyName}/routes'; the shell mounts it at ${path}/*. */
export function ${className}Routes(bridge: ShellBridge) {
  const t = useMemo(() => ${propertyName}Translator(bridge.language), [bridge.language]);
  // the data layer over the bridge: the shell's QueryClient and session, writes answered by snackbars
  const feedback = useMemo(() => snackbarFeedback(bridge), [bridge]);
  return (
    <RemoteApiProvider bridge={bridge} feedback={feedback}>
      <CatalogueGate language={bridge.language} namespaces={${constantName}_NAMESPACES}>
        <Routes>
          <Route index element={<HomePage bridge={bridge} t={t} />} />
          <Route
            path="*"
            element={<ErrorPage status={404} texts={{ notFound: t('shell.error404'), other: t('shell.errorGeneric'), home: t('shell.errorHomeLink') }} />}
          />
        </Routes>
      </CatalogueGate>
    </RemoteApiProvider>
  );
}
`,
    'src/routes.spec.tsx': `/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import {
  fakeGatewayFetch,
  fakeShell,
  organizationOf,
  personUserOf,
  type ApiClient,
  type Language,
  type RealtimeMessage,
  type ShellBridge,
} from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ${className}Routes } from './routes';

const ORGA = '22222222-2222-4222-8222-222222222222';

/** The gateway behind fetch: the organization as it is now, or a failure for the next reads. */
function gateway() {
  const state = { name: 'Salone Anna', failures: 0 };
  const requests = fakeGatewayFetch(({ method, path }) => {
    if (method !== 'GET' || path !== \`/api/v1/orga/\${ORGA}\`) return undefined;
    if (state.failures > 0) {
      state.failures -= 1;
      return { status: 500, body: { code: 'internal', message: 'Errore del server.' } };
    }
    return { body: organizationOf({ id: ORGA, name: state.name }) };
  });
  return { state, requests };
}

// mounted the way the shell mounts it: under its route with a splat, inside the shell's QueryClient
function renderAt(path: string, language: Language) {
  const { Shell, realtime } = fakeShell();
  const bridge: ShellBridge = {
    api: { deviceId: 'dev', freshAccessToken: async () => 'token', refresh: async () => null } as unknown as ApiClient,
    user: personUserOf({ id: 'u1', first_name: 'Anna', orga_id: ORGA, language }),
    language,
    notify: jest.fn(),
    reloadUser: jest.fn(),
    changeLanguage: jest.fn(),
    signedOut: jest.fn(),
    appVersion: '11.4.6',
    subscribe: realtime.subscribe,
  };
  render(
    <Shell>
      <ChakraProvider value={pawlineSystem}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/o1/${name}/*" element={<${className}Routes {...bridge} />} />
          </Routes>
        </MemoryRouter>
      </ChakraProvider>
    </Shell>,
  );
  const send = (message: Partial<RealtimeMessage>) =>
    act(() => realtime.send({ scope: 'orga', channel: ORGA, store_id: null, data: ORGA, event: 'updated', user: null, device: null, ...message }));
  return { bridge, send };
}

describe('${name} routes', () => {
  it('R1.03 shows its page in the user language, with the person and the organization read through the data layer', async () => {
    const { requests } = gateway();
    renderAt('/o1/${name}', 'it');
    expect(screen.getByTestId('${name}-page').textContent).toContain('Benvenuto, Anna.');
    expect((await screen.findByTestId('${name}-orga')).textContent).toContain('Salone Anna');
    expect(requests).toEqual([{ method: 'GET', path: \`/api/v1/orga/\${ORGA}\`, body: undefined }]);
  });

  it('shows a failed read with the server’s reason and reads again on retry', async () => {
    const { state } = gateway();
    state.failures = 1;
    renderAt('/o1/${name}', 'it');
    expect((await screen.findByTestId('error-state')).textContent).toContain('Errore del server.');
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect((await screen.findByTestId('${name}-orga')).textContent).toContain('Salone Anna');
  });

  it('R4.20 a change of the organization elsewhere shows without reloading (the realtime table invalidates it)', async () => {
    const { state } = gateway();
    const { send } = renderAt('/o1/${name}', 'en');
    await screen.findByText(/Salone Anna/);
    state.name = 'Salone Anna & Co';
    send({});
    expect(await screen.findByText(/Salone Anna & Co/)).toBeTruthy();
  });

  it('R2.05 answers an unknown path with the 404 page in the user language', () => {
    gateway();
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
  of \`${constantName}_NAMESPACES\` for the user's language (one chunk each); the drawer label is \`shell.nav${className}\` (the shell's namespace, which it loads itself).
- Data layer (libs/api-client README, ADR 0039): \`RemoteApiProvider\` at the root; a page reads with
  \`useApiQuery('<API_ROUTES name>', { params, query })\` (a list page by page: \`useApiPages\`) and renders through
  \`QueryState\` of libs/ui (loading, error with a retry, empty, gone); a write is
  \`useApiMutation(name, { invalidates, success })\`. Realtime needs no code here: a new GET route goes into its
  entity's row of \`REALTIME_INVALIDATIONS\`. The example reads the organization (\`getOrga\`).
- Never a URL or a \`fetch\` of its own (libs/api-client/src/wire-boundary.spec.ts), no \`useEffect\` loader or
  \`let active\` flag; never imports another remote.
- Tests: \`fakeShell()\` and \`fakeGatewayFetch\` of \`@pawline/api-client\` (\`src/routes.spec.tsx\` shows both).

Build: \`node frontends/build.mjs --project ${name}\`. Tests: \`npx jest -c ${root}/jest.config.cjs\`.
`,
  };
}
