import { readProjectConfiguration, visitNotIgnoredFiles, type Tree } from '@nx/devkit';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
import { registerDrawerLabel, registerInManifest } from './remote/remote-registrations';
import { remoteGenerator } from './remote/remote.generator';
import {
  registerApiRoutes,
  registerHttpRoutes,
  registerHttpRoutesSpec,
  registerLauncherPort,
  registerSubjects,
} from './service/service-registrations';
import { nextServicePort, serviceGenerator } from './service/service.generator';

// The generators' shape on an in-memory tree; emitted-code.spec.ts proves the output compiles and passes its specs.

const SUBJECTS = `import type { EventContract, RpcContract, WorkContract } from './core';
import * as crm from './crm';
import * as identity from './identity';

/** Contracts of each service, by the service that answers (rpc) or publishes (evt, work) them. */
export const CONTRACTS_BY_SERVICE = { identity, crm } as const;
`;

const GATEWAY_ROUTES = `import type { ApiRoute } from '../http/route-definition';
import { authRoutes } from './auth.routes';
import { healthRoutes } from './health.routes';

export function gatewayRoutes(options: { health: GatewayHealthChecker }): ApiRoute[] {
  return [
    ...authRoutes,
    ...healthRoutes(options.health),
  ];
}
`;

const HTTP_INDEX = `import { authHttpRoutes } from './auth.routes';
import { platformHttpRoutes } from './platform.routes';

export * from './auth.routes';
export * from './platform.routes';

export const HTTP_ROUTES = {
  ...authHttpRoutes,
  ...platformHttpRoutes,
} as const;

export type HttpRouteName = keyof typeof HTTP_ROUTES;
export * from './realtime-message';
`;

const HTTP_SPEC = `import { authHttpRoutes } from './auth.routes';
import { HTTP_ROUTES } from './index';
import { platformHttpRoutes } from './platform.routes';

describe('HTTP route declarations', () => {
  const areas = [authHttpRoutes, platformHttpRoutes];
});
`;

const API_ROUTES = `import type { HTTP_ROUTES } from '@pawline/contracts';

export const API_ROUTES: { readonly [Name in keyof Declared]: RouteRef<Declared[Name]> } = {
  login: { method: 'post', path: '/api/v1/auth/login' },
  health: { method: 'get', path: '/api/v1/health' },
};
`;

const STACK = `const SERVICE_PORTS = {
  identity: 3101,
  scheduling: 3102,
  crm: 3103,
  messaging: 3104,
};

module.exports = { SERVICE_PORTS };
`;

/** Every file under dir. */
function files(tree: Tree, dir: string): string[] {
  const found: string[] = [];
  visitNotIgnoredFiles(tree, dir, (file) => found.push(file));
  return found;
}

function workspace(): Tree {
  const tree = createTreeWithEmptyWorkspace();
  tree.write(
    'services/identity/src/identity.service-definition.ts',
    "export const identityService = { name: 'identity', http: { defaultPort: 3101 } };",
  );
  tree.write('services/crm/src/crm.service-definition.ts', "export const crmService = { name: 'crm', http: { defaultPort: 3103 } };");
  tree.write(
    'services/gateway/src/gateway.service-definition.ts',
    "export const gatewayService = { name: 'gateway', http: { defaultPort: 3000 } };",
  );
  tree.write('libs/contracts/src/index.ts', "export * from './core';\nexport * from './identity';\n");
  tree.write('libs/contracts/src/subjects.ts', SUBJECTS);
  tree.write('services/gateway/src/routes/gateway.routes.ts', GATEWAY_ROUTES);
  tree.write('tools/launcher/stack.cjs', STACK);
  tree.write('libs/contracts/src/http/index.ts', HTTP_INDEX);
  tree.write('libs/contracts/src/http/http-routes.spec.ts', HTTP_SPEC);
  tree.write('libs/api-client/src/api-routes.generated.ts', API_ROUTES);
  return tree;
}

describe('service generator', () => {
  let tree: Tree;
  beforeEach(() => {
    tree = workspace();
  });

  it('writes a service with its feature, access, purge, first migration, README and specs', async () => {
    await serviceGenerator(tree, { name: 'pet-photos', migrationTime: 1790000000000, format: false });
    const files = [
      'project.json',
      'tsconfig.json',
      'jest.config.cjs',
      'README.md',
      'src/main.ts',
      'src/pet-photos.module.ts',
      'src/pet-photos.entities.ts',
      'src/pet-photos.service-definition.ts',
      'src/pet-photos.service-definition.spec.ts',
      'src/pet-photos.module.spec.ts',
      'src/note/note.entity.ts',
      'src/note/note.service.ts',
      'src/note/note.handlers.ts',
      'src/note/note.handlers.spec.ts',
      'src/purge/orga-purge.handlers.ts',
      'src/migrations/1790000000000-pet-photos-init.ts',
      'test/integration/pet-photos.integration-spec.ts',
      'test/integration/pet-photos-test-helpers.ts',
    ];
    for (const file of files) expect(tree.exists(`services/pet-photos/${file}`)).toBe(true);
    // access is the kit's (ADR 0007): no access file of the service's own
    expect(tree.children('services/pet-photos/src')).not.toContain('access');
    const readme = tree.read('services/pet-photos/README.md', 'utf-8') ?? '';
    expect(readme).toContain('rpc.pet-photos.note.create');
    expect(readme).not.toMatch(/\(describe|TODO|placeholder/i);
  });

  it("declares its handler classes as controllers and checks access with the kit's decorators (ADR 0006, 0007)", async () => {
    await serviceGenerator(tree, { name: 'pet-photos', format: false });
    const module = tree.read('services/pet-photos/src/pet-photos.module.ts', 'utf-8') ?? '';
    expect(module).toContain('controllers: [NoteHandlers, OrgaPurgeHandlers],');
    expect(module).toContain('providers: [NoteService],');
    const handlers = tree.read('services/pet-photos/src/note/note.handlers.ts', 'utf-8') ?? '';
    expect(handlers).toMatch(/@Controller\(\)\nexport class NoteHandlers/);
    expect(handlers).toMatch(/@Member\(\)\n {2}@RpcHandler\(listPetPhotosNotesRpc\)/);
    expect(handlers).toMatch(/@OrgaAdmin\(\)\n {2}@RpcHandler\(createPetPhotosNoteRpc\)/);
    expect(handlers).not.toContain('memberAccessRpc');
    expect(tree.read('services/pet-photos/src/purge/orga-purge.handlers.ts', 'utf-8')).toMatch(
      /@Controller\(\)\nexport class OrgaPurgeHandlers/,
    );
    const everything = files(tree, 'services/pet-photos').map((file) => tree.read(file, 'utf-8') ?? '');
    expect(everything.filter((text) => text.includes('// ACCESS:') || text.includes('@Injectable()\nexport class NoteHandlers'))).toEqual(
      [],
    );
  });

  it('writes the contracts, one file per message, and registers them in the index and the subject table', async () => {
    await serviceGenerator(tree, { name: 'pet-photos', format: false });
    for (const file of ['index.ts', 'pet-photos-shapes.ts', 'note-list.rpc.ts', 'note-create.rpc.ts', 'note-created.event.ts'])
      expect(tree.exists(`libs/contracts/src/pet-photos/${file}`)).toBe(true);
    expect(tree.read('libs/contracts/src/pet-photos/note-create.rpc.ts', 'utf-8')).toContain("'rpc.pet-photos.note.create'");
    expect(tree.read('libs/contracts/src/pet-photos/note-created.event.ts', 'utf-8')).toContain("'evt.pet-photos.note.created.v1'");
    expect(tree.read('libs/contracts/src/index.ts', 'utf-8')).toContain("export * from './pet-photos';\n");
    const subjects = tree.read('libs/contracts/src/subjects.ts', 'utf-8') ?? '';
    expect(subjects).toContain("import * as identity from './identity';\nimport * as petPhotos from './pet-photos';\n");
    expect(subjects).toContain("export const CONTRACTS_BY_SERVICE = { identity, crm, 'pet-photos': petPhotos } as const;");
  });

  it('declares its HTTP routes once in libs/contracts, last in HTTP_ROUTES and in the spec of the areas', async () => {
    await serviceGenerator(tree, { name: 'pet-photos', format: false });
    const declared = tree.read('libs/contracts/src/http/pet-photos.routes.ts', 'utf-8') ?? '';
    expect(declared).toContain('export const petPhotosHttpRoutes = {');
    expect(declared).toContain("path: '/api/v1/orga/:orga/pet-photos/notes',");
    expect(declared).toContain('response: createPetPhotosNoteRpc.response,');
    const index = tree.read('libs/contracts/src/http/index.ts', 'utf-8') ?? '';
    expect(index).toContain(
      "import { platformHttpRoutes } from './platform.routes';\nimport { petPhotosHttpRoutes } from './pet-photos.routes';\n",
    );
    expect(index).toContain("export * from './platform.routes';\nexport * from './pet-photos.routes';\n");
    expect(index).toContain('  ...platformHttpRoutes,\n  ...petPhotosHttpRoutes,\n} as const;');
    const spec = tree.read('libs/contracts/src/http/http-routes.spec.ts', 'utf-8') ?? '';
    expect(spec).toContain('const areas = [authHttpRoutes, platformHttpRoutes, petPhotosHttpRoutes];');
    expect(spec).toContain("import { petPhotosHttpRoutes } from './pet-photos.routes';");
  });

  it("gives the browser's API_ROUTES the entries the renderer would write for them", async () => {
    await serviceGenerator(tree, { name: 'pet-photos', format: false });
    expect(tree.read('libs/api-client/src/api-routes.generated.ts', 'utf-8')).toContain(
      `  health: { method: 'get', path: '/api/v1/health' },
  listPetPhotosNotes: { method: 'get', path: '/api/v1/orga/:orga/pet-photos/notes' },
  createPetPhotosNote: { method: 'post', path: '/api/v1/orga/:orga/pet-photos/note' },
};
`,
    );
  });

  it("binds its declarations in the gateway's route table before the health routes", async () => {
    await serviceGenerator(tree, { name: 'pet-photos', format: false });
    const routes = tree.read('services/gateway/src/routes/pet-photos.routes.ts', 'utf-8') ?? '';
    expect(routes).toContain('export const petPhotosRoutes: ApiRoute[]');
    expect(routes).toContain('petPhotosHttpRoutes as http');
    expect(routes).toContain('rpcRoute(http.listPetPhotosNotes, {');
    expect(routes).toContain('rpcRoute(http.createPetPhotosNote, {');
    expect(routes).not.toContain('/api/v1');
    const table = tree.read('services/gateway/src/routes/gateway.routes.ts', 'utf-8') ?? '';
    expect(table).toContain("import { petPhotosRoutes } from './pet-photos.routes';");
    expect(table).toContain('    ...authRoutes,\n    ...petPhotosRoutes,\n    ...healthRoutes(options.health),');
  });

  it('gives the launcher its health port and the project test and typecheck targets', async () => {
    await serviceGenerator(tree, { name: 'pet-photos', format: false });
    expect(tree.read('tools/launcher/stack.cjs', 'utf-8')).toContain("  messaging: 3104,\n  'pet-photos': 3105,\n};");
    expect(tree.read('services/pet-photos/src/pet-photos.service-definition.ts', 'utf-8')).toContain('http: { defaultPort: 3105 },');
    const project = readProjectConfiguration(tree, 'pet-photos');
    expect(project.tags).toEqual(['type:service']);
    expect(project.targets?.['test']?.options).toEqual({ command: 'npx jest -c services/pet-photos/jest.config.cjs' });
    expect(project.targets?.['typecheck']).toBeDefined();
  });

  it('takes the port the launcher reserves for its name, or the one asked for', async () => {
    expect(nextServicePort(tree, 'messaging')).toBe(3104);
    expect(nextServicePort(tree, 'pet-photos')).toBe(3105);
    expect(nextServicePort(createTreeWithEmptyWorkspace())).toBe(3101);
    await serviceGenerator(tree, { name: 'messaging', port: 3200, format: false });
    expect(tree.read('tools/launcher/stack.cjs', 'utf-8')).toContain('  messaging: 3200,\n};');
  });

  it('registers once', () => {
    const once = registerSubjects(SUBJECTS, 'pet-photos', 'petPhotos') ?? '';
    expect(registerSubjects(once, 'pet-photos', 'petPhotos')).toBe(once);
    const port = registerLauncherPort(STACK, 'pet-photos', 3105) ?? '';
    expect(registerLauncherPort(port, 'pet-photos', 3105)).toBe(port);
    const index = registerHttpRoutes(HTTP_INDEX, 'pet-photos', 'petPhotosHttpRoutes') ?? '';
    expect(registerHttpRoutes(index, 'pet-photos', 'petPhotosHttpRoutes')).toBe(index);
    const spec = registerHttpRoutesSpec(HTTP_SPEC, 'pet-photos', 'petPhotosHttpRoutes') ?? '';
    expect(registerHttpRoutesSpec(spec, 'pet-photos', 'petPhotosHttpRoutes')).toBe(spec);
    const entries = [{ name: 'listPetPhotosNotes', line: "  listPetPhotosNotes: { method: 'get', path: '/api/v1/x' }," }];
    const api = registerApiRoutes(API_ROUTES, entries) ?? '';
    expect(api).not.toBe(API_ROUTES);
    expect(registerApiRoutes(api, entries)).toBe(api);
  });

  it('refuses names subjects cannot carry, taken names and services that exist', async () => {
    await expect(serviceGenerator(tree, { name: 'PetPhotos' })).rejects.toThrow('must be kebab-case');
    await expect(serviceGenerator(tree, { name: 'photos2' })).rejects.toThrow('must be kebab-case');
    await expect(serviceGenerator(tree, { name: 'gateway' })).rejects.toThrow('taken by the platform');
    await expect(serviceGenerator(tree, { name: 'crm' })).rejects.toThrow('services/crm already exists');
  });

  it('names the file it cannot register in instead of half-registering', async () => {
    tree.write('libs/contracts/src/subjects.ts', 'export const SUBJECTS = [];\n');
    await expect(serviceGenerator(tree, { name: 'pet-photos', format: false })).rejects.toThrow(
      'libs/contracts/src/subjects.ts no longer has the shape the generator edits',
    );
    tree = workspace();
    tree.write('libs/contracts/src/http/index.ts', 'export const HTTP_ROUTES = { ...authHttpRoutes };\n');
    await expect(serviceGenerator(tree, { name: 'pet-photos', format: false })).rejects.toThrow(
      'libs/contracts/src/http/index.ts no longer has the shape the generator edits',
    );
  });
});

const MANIFEST = `{
  "remotes": [
    {
      "name": "settings",
      "routes": [{ "path": "/user/*", "export": "SettingsRoutes", "who": "signed_in" }],
      "drawer": [
        { "id": "stores", "to": "/:orgaId/store", "label": "shell.navStores", "icon": "store", "who": "orga_admin", "order": 500 },
        { "id": "user", "to": "/user", "label": "shell.navUser", "icon": "person", "who": "signed_in", "order": 900 }
      ]
    }
  ]
}
`;

const CATALOGUES = `import deShell from './locales/de/shell.json';
import enShell from './locales/en/shell.json';
import frShell from './locales/fr/shell.json';
import itShell from './locales/it/shell.json';

const english = {
  shell: enShell,
};

export const CATALOGUES: Readonly<Record<Language, Catalogue>> = {
  en: english,
  it: {
    shell: itShell,
  },
  de: {
    shell: deShell,
  },
  fr: {
    shell: frShell,
  },
};
`;

const NAMESPACES = `export const NAMESPACES = ['shell'] as const;
export type Namespace = (typeof NAMESPACES)[number];

type English = {
  shell: typeof import('./locales/en/shell.json');
};
`;

describe('remote generator', () => {
  let tree: Tree;
  beforeEach(() => {
    tree = createTreeWithEmptyWorkspace();
    tree.write('frontends/shell/src/remotes/remotes.manifest.json', MANIFEST);
    tree.write('libs/i18n/src/catalogues.ts', CATALOGUES);
    tree.write('libs/i18n/src/namespaces.ts', NAMESPACES);
  });

  it('writes the standard layout of a remote tagged type:remote', async () => {
    await remoteGenerator(tree, { name: 'pet-gallery', format: false });
    for (const file of [
      'project.json',
      'tsconfig.json',
      'jest.config.cjs',
      'jest.setup.cjs',
      'README.md',
      'rspack.config.mjs',
      'src/routes.tsx',
      'src/routes.spec.tsx',
      'src/i18n/translator.ts',
    ]) {
      expect(tree.exists(`frontends/pet-gallery/${file}`)).toBe(true);
    }
    const project = readProjectConfiguration(tree, 'pet-gallery');
    expect(project.tags).toEqual(['type:remote']);
    expect(project.targets?.['build']?.options).toEqual({ command: 'node frontends/build.mjs --project pet-gallery' });
    const mf = tree.read('frontends/pet-gallery/rspack.config.mjs', 'utf-8') ?? '';
    expect(mf).toContain("federationName: 'petGallery'");
    expect(mf).toContain("publicPath: '/remotes/pet-gallery/'");
    expect(mf).toContain('export default petGalleryConfig;');
    expect(tree.read('frontends/pet-gallery/src/routes.tsx', 'utf-8')).toContain('export function PetGalleryRoutes(');
  });

  it('emits a remote on the data layer: RemoteApiProvider at the root, useApiQuery read through QueryState, fakeShell in its spec', async () => {
    await remoteGenerator(tree, { name: 'pet-gallery', format: false });
    const routes = tree.read('frontends/pet-gallery/src/routes.tsx', 'utf-8') ?? '';
    expect(routes).toContain('<RemoteApiProvider bridge={bridge} feedback={feedback}>');
    expect(routes).toContain("useApiQuery('getOrga', { params: { orga: orgaId } })");
    expect(routes).toContain('<QueryState query={orga} language={bridge.language}');
    // no hand-written loader: no effect, no flag, no fetch, no client of its own (issue 25)
    expect(routes).not.toMatch(/useEffect|let active|useLoad|fetch\(|createRemoteHttp/);
    const spec = tree.read('frontends/pet-gallery/src/routes.spec.tsx', 'utf-8') ?? '';
    expect(spec).toContain('const { Shell, realtime } = fakeShell();');
    expect(spec).toContain('fakeGatewayFetch(');
    expect(tree.read('frontends/pet-gallery/README.md', 'utf-8')).toContain('Data layer');
  });

  it('R1.03 writes its own catalogue namespace in en, it, de, fr and registers it in libs/i18n', async () => {
    await remoteGenerator(tree, { name: 'pet-gallery', format: false });
    const catalogue = (language: string) => JSON.parse(tree.read(`libs/i18n/src/locales/${language}/pet-gallery.json`, 'utf-8') ?? '{}');
    const keys = Object.keys(catalogue('en')).sort();
    for (const language of ['it', 'de', 'fr']) expect(Object.keys(catalogue(language)).sort()).toEqual(keys);
    expect(catalogue('it').welcome).toBe('Benvenuto, {name}.');
    const catalogues = tree.read('libs/i18n/src/catalogues.ts', 'utf-8') ?? '';
    expect(catalogues).toContain("import itPetGallery from './locales/it/pet-gallery.json';");
    const namespaces = tree.read('libs/i18n/src/namespaces.ts', 'utf-8') ?? '';
    expect(namespaces).toContain("export const NAMESPACES = ['shell', 'pet-gallery'] as const;");
    expect(namespaces).toContain(
      "  shell: typeof import('./locales/en/shell.json');\n  'pet-gallery': typeof import('./locales/en/pet-gallery.json');\n};",
    );
    expect(catalogues).toContain("  shell: enShell,\n  'pet-gallery': enPetGallery,\n};");
    expect(catalogues).toContain("  fr: {\n    shell: frShell,\n    'pet-gallery': frPetGallery,\n  },");
    const routes = tree.read('frontends/pet-gallery/src/routes.tsx', 'utf-8') ?? '';
    expect(routes).toContain("t('pet-gallery.title')");
    // the frontends load catalogues lazily: the remote renders behind a gate over its namespaces, never the bundled CATALOGUES
    expect(routes).toContain('<CatalogueGate language={bridge.language} namespaces={PET_GALLERY_NAMESPACES}>');
    const translator = tree.read('frontends/pet-gallery/src/i18n/translator.ts', 'utf-8') ?? '';
    expect(translator).toContain(
      "export const PET_GALLERY_NAMESPACES: readonly Namespace[] = ['pet-gallery', 'shell', 'common', 'errors'];",
    );
    expect(translator).not.toMatch(/createTranslator|CATALOGUES/);
  });

  it("adds its route and drawer entry to the shell's manifest, before the account area", async () => {
    await remoteGenerator(tree, { name: 'pet-gallery', who: 'store_reader', icon: 'team', premium: true, format: false });
    const manifest = JSON.parse(tree.read('frontends/shell/src/remotes/remotes.manifest.json', 'utf-8') ?? '{}');
    expect(manifest.remotes.map((remote: { name: string }) => remote.name)).toEqual(['settings', 'pet-gallery']);
    expect(manifest.remotes[1]).toEqual({
      name: 'pet-gallery',
      routes: [{ path: '/:orgaId/store/:storeId/pet-gallery/*', export: 'PetGalleryRoutes', who: 'store_reader' }],
      drawer: [
        {
          id: 'pet-gallery',
          to: '/:orgaId/store/:storeId/pet-gallery',
          label: 'shell.navPetGallery',
          icon: 'team',
          who: 'store_reader',
          order: 510,
          premium: true,
        },
      ],
    });
  });

  it("writes the drawer label into the shell's own catalogues, which the shell loads before any remote's", async () => {
    for (const language of ['en', 'it', 'de', 'fr'])
      tree.write(`libs/i18n/src/locales/${language}/shell.json`, '{\n  "navCalendar": "Calendar"\n}\n');
    await remoteGenerator(tree, { name: 'pet-gallery', format: false });
    for (const language of ['en', 'it', 'de', 'fr'])
      expect(JSON.parse(tree.read(`libs/i18n/src/locales/${language}/shell.json`, 'utf-8') ?? '{}')).toEqual({
        navCalendar: 'Calendar',
        navPetGallery: 'Pet gallery',
      });
    expect(JSON.parse(tree.read('libs/i18n/src/locales/en/pet-gallery.json', 'utf-8') ?? '{}')).not.toHaveProperty('navLabel');
    expect(registerDrawerLabel('{"navPetGallery": "Gallery"}', 'pet-gallery', 'Pet gallery')).toBe('{"navPetGallery": "Gallery"}');
    expect(registerDrawerLabel('[]', 'pet-gallery', 'Pet gallery')).toBeNull();
  });

  it('mounts members under the organization and keeps the other entries as written', () => {
    const updated =
      registerInManifest(MANIFEST, { name: 'gallery', path: '/:orgaId/gallery', who: 'member', icon: 'paw', premium: false }) ?? '';
    expect(updated.startsWith(MANIFEST.slice(0, MANIFEST.lastIndexOf('}\n  ]')))).toBe(true);
    expect(JSON.parse(updated).remotes[1].routes[0].path).toBe('/:orgaId/gallery/*');
    expect(registerInManifest(updated, { name: 'gallery', path: '/:orgaId/gallery', who: 'member', icon: 'paw', premium: false })).toBe(
      updated,
    );
  });

  it('refuses bad names, audiences and a missing manifest', async () => {
    await expect(remoteGenerator(tree, { name: 'Gallery' })).rejects.toThrow('must be kebab-case');
    await expect(remoteGenerator(tree, { name: 'shell' })).rejects.toThrow('taken by the shell');
    await expect(remoteGenerator(tree, { name: 'store' })).rejects.toThrow('taken by the shell');
    await expect(remoteGenerator(tree, { name: 'gallery', who: 'everyone' as never })).rejects.toThrow('--who must be one of');
    tree.delete('frontends/shell/src/remotes/remotes.manifest.json');
    await expect(remoteGenerator(tree, { name: 'gallery', format: false })).rejects.toThrow('remotes.manifest.json is missing');
  });

  it('refuses the name of a project that exists (Nx allows one project per name): a service and its remote are named apart', async () => {
    await serviceGenerator(tree, { name: 'pet-photos', format: false });
    await expect(remoteGenerator(tree, { name: 'pet-photos', format: false })).rejects.toThrow(
      'the project name pet-photos is taken by services/pet-photos',
    );
    await remoteGenerator(tree, { name: 'gallery', format: false });
    await expect(serviceGenerator(tree, { name: 'gallery', format: false })).rejects.toThrow(
      'the project name gallery is taken by frontends/gallery',
    );
  });
});
