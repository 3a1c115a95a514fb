import { readProjectConfiguration, type Tree } from '@nx/devkit';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
import { nextServicePort, serviceGenerator } from './service/service.generator';
import { registerInBuild, remoteGenerator } from './remote/remote.generator';

describe('service generator', () => {
  let tree: Tree;
  beforeEach(() => {
    tree = createTreeWithEmptyWorkspace();
    tree.write(
      'services/identity/src/identity.service-definition.ts',
      "export const identityService = { name: 'identity', http: { defaultPort: 3101 } };",
    );
    tree.write('services/crm/src/crm.service-definition.ts', "export const crmService = { name: 'crm', http: { defaultPort: 3103 } };");
    tree.write(
      'services/gateway/src/gateway.service-definition.ts',
      "export const gatewayService = { name: 'gateway', http: { defaultPort: 3000 } };",
    );
  });

  it('writes the standard layout of a service', async () => {
    await serviceGenerator(tree, { name: 'pet-photos' });
    const files = [
      'project.json',
      'tsconfig.json',
      'jest.config.cjs',
      'README.md',
      'src/main.ts',
      'src/pet-photos.module.ts',
      'src/pet-photos.service-definition.ts',
      'src/pet-photos.service-definition.spec.ts',
      'test/integration/pet-photos.integration-spec.ts',
    ];
    for (const file of files) expect(tree.exists(`services/pet-photos/${file}`)).toBe(true);
  });

  it('tags the project type:service with test and typecheck targets', async () => {
    await serviceGenerator(tree, { name: 'pet-photos' });
    const project = readProjectConfiguration(tree, 'pet-photos');
    expect(project.tags).toEqual(['type:service']);
    expect(project.sourceRoot).toBe('services/pet-photos/src');
    expect(project.targets?.['test']?.options).toEqual({ command: 'npx jest -c services/pet-photos/jest.config.cjs' });
    expect(project.targets?.['typecheck']).toBeDefined();
  });

  it('defines the service for the kit with the next free health port and a three-line main', async () => {
    await serviceGenerator(tree, { name: 'pet-photos' });
    const definition = tree.read('services/pet-photos/src/pet-photos.service-definition.ts', 'utf-8');
    expect(definition).toContain('export const petPhotosService: ServiceDefinition = {');
    expect(definition).toContain("name: 'pet-photos',");
    expect(definition).toContain('module: PetPhotosModule,');
    expect(definition).toContain('http: { defaultPort: 3104 },');
    expect(tree.read('services/pet-photos/src/main.ts', 'utf-8')?.trim().split('\n')).toEqual([
      "import { runService } from '@pawline/nest-kit';",
      "import { petPhotosService } from './pet-photos.service-definition';",
      'runService(petPhotosService);',
    ]);
  });

  it('writes an integration spec that calls the health RPC and GET /health on a test env', async () => {
    await serviceGenerator(tree, { name: 'pet-photos', port: 3200 });
    const spec = tree.read('services/pet-photos/test/integration/pet-photos.integration-spec.ts', 'utf-8') ?? '';
    expect(spec).toContain('createTestEnv()');
    expect(spec).toContain('rpc.pet-photos.health');
    expect(spec).toContain('/health');
    expect(tree.read('services/pet-photos/src/pet-photos.service-definition.ts', 'utf-8')).toContain('defaultPort: 3200');
    expect(tree.read('services/pet-photos/jest.config.cjs', 'utf-8')).toContain("displayName: 'pet-photos'");
  });

  it('refuses names that are not kebab-case and services that exist', async () => {
    await expect(serviceGenerator(tree, { name: 'PetPhotos' })).rejects.toThrow('must be kebab-case');
    await expect(serviceGenerator(tree, { name: 'crm' })).rejects.toThrow('services/crm already exists');
  });

  it('starts health ports at 3101 in an empty workspace', () => {
    expect(nextServicePort(createTreeWithEmptyWorkspace())).toBe(3101);
    expect(nextServicePort(tree)).toBe(3104);
  });
});

describe('remote generator', () => {
  const build = `import { rspack } from '@rspack/core';
import { settingsConfig } from './settings/rspack.config.mjs';
import { shellConfig } from './shell/rspack.config.mjs';

const frontends = { shell: shellConfig, settings: settingsConfig };
`;

  it('writes the standard layout of a remote tagged type:remote', async () => {
    const tree = createTreeWithEmptyWorkspace();
    tree.write('frontends/build.mjs', build);
    await remoteGenerator(tree, { name: 'calendar' });
    for (const file of [
      'project.json',
      'tsconfig.json',
      'jest.config.cjs',
      'jest.setup.cjs',
      'README.md',
      'rspack.config.mjs',
      'src/routes.tsx',
      'src/texts.ts',
      'src/routes.spec.tsx',
    ]) {
      expect(tree.exists(`frontends/calendar/${file}`)).toBe(true);
    }
    const project = readProjectConfiguration(tree, 'calendar');
    expect(project.tags).toEqual(['type:remote']);
    expect(project.targets?.['build']?.options).toEqual({ command: 'node frontends/build.mjs --project calendar' });
    const mf = tree.read('frontends/calendar/rspack.config.mjs', 'utf-8') ?? '';
    expect(mf).toContain("exposes: { './routes': './src/routes.tsx' }");
    expect(mf).toContain("publicPath: '/remotes/calendar/'");
    expect(tree.read('frontends/calendar/src/routes.tsx', 'utf-8')).toContain('export function CalendarRoutes(');
  });

  it('registers the remote in frontends/build.mjs once', async () => {
    const tree = createTreeWithEmptyWorkspace();
    tree.write('frontends/build.mjs', build);
    await remoteGenerator(tree, { name: 'pet-gallery' });
    const updated = tree.read('frontends/build.mjs', 'utf-8') ?? '';
    expect(updated).toContain("import { petGalleryConfig } from './pet-gallery/rspack.config.mjs';\n\nconst frontends");
    expect(updated).toContain("const frontends = { shell: shellConfig, settings: settingsConfig, 'pet-gallery': petGalleryConfig };");
    expect(registerInBuild(updated, 'pet-gallery')).toBe(updated);
  });

  it('says so when build.mjs has no frontends map', async () => {
    const tree = createTreeWithEmptyWorkspace();
    tree.write('frontends/build.mjs', 'export {};\n');
    await expect(remoteGenerator(tree, { name: 'calendar' })).rejects.toThrow('add calendar to it by hand');
  });
});
