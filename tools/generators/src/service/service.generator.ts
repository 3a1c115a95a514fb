import { addProjectConfiguration, joinPathFragments, names, type Tree } from '@nx/devkit';

export type ServiceGeneratorOptions = { name: string; port?: number };

const NAME = /^[a-z][a-z0-9-]*$/;
const FIRST_SERVICE_PORT = 3101;

/** The next free health port: one above the highest `defaultPort` of the services (gateway 3000 aside). */
export function nextServicePort(tree: Tree): number {
  let highest = FIRST_SERVICE_PORT - 1;
  if (!tree.exists('services')) return FIRST_SERVICE_PORT;
  for (const service of tree.children('services')) {
    const src = joinPathFragments('services', service, 'src');
    for (const file of tree.exists(src) ? tree.children(src) : []) {
      if (!file.endsWith('.service-definition.ts')) continue;
      const match = /defaultPort:\s*(\d+)/.exec(tree.read(joinPathFragments(src, file), 'utf-8') ?? '');
      const port = match ? Number(match[1]) : 0;
      if (port > highest && port > FIRST_SERVICE_PORT - 100) highest = port;
    }
  }
  return Math.max(highest + 1, FIRST_SERVICE_PORT);
}

/** The files of a new service, keyed by path relative to the service's root. */
export function serviceFiles(name: string, port: number): Record<string, string> {
  const { className, propertyName } = names(name);
  const root = `services/${name}`;
  const definition = `${propertyName}Service`;
  const portVar = `PORT_${name.toUpperCase().replace(/-/g, '_')}`;
  return {
    'tsconfig.json': `${JSON.stringify({ extends: '../../tsconfig.base.json', include: ['src/**/*', 'test/**/*'] }, null, 2)}\n`,
    'jest.config.cjs': `module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: '${name}',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.integration-spec.ts'],
};
`,
    'src/main.ts': `import { runService } from '@pawline/nest-kit';
import { ${definition} } from './${name}.service-definition';
runService(${definition});
`,
    [`src/${name}.module.ts`]: `import { Module } from '@nestjs/common';

/** The ${name} service's root module: import its feature modules here. Health, NATS and the database come from the kit. */
@Module({ imports: [] })
export class ${className}Module {}
`,
    [`src/${name}.service-definition.ts`]: `import type { ServiceDefinition } from '@pawline/nest-kit';
import { ${className}Module } from './${name}.module';

export const ${definition}: ServiceDefinition = {
  name: '${name}',
  module: ${className}Module,
  entities: [],
  migrations: [],
  http: { defaultPort: ${port} },
};
`,
    [`src/${name}.service-definition.spec.ts`]: `import { loadKitConfig } from '@pawline/nest-kit';
import { ${definition} } from './${name}.service-definition';

describe('${name} service definition', () => {
  it('names its schema and queue group ${name} and listens for health on ${port}', () => {
    const config = loadKitConfig(${definition}, {});
    expect(config.serviceName).toBe('${name}');
    expect(config.httpPort).toBe(${port});
  });

  it('takes its health port from ${portVar}', () => {
    expect(loadKitConfig(${definition}, { ${portVar}: '4999' }).httpPort).toBe(4999);
  });
});
`,
    [`test/integration/${name}.integration-spec.ts`]: `import type { RunningService } from '@pawline/nest-kit';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { ${definition} } from '../../src/${name}.service-definition';

describe('${name} service (real Postgres and NATS)', () => {
  let env: TestEnv;
  let service: RunningService;

  beforeAll(async () => {
    env = await createTestEnv();
    service = await env.start(${definition}, { httpPort: 0 });
  });

  afterAll(async () => {
    await env.dispose();
  });

  it('answers GET /health with postgres and nats up', async () => {
    const response = await fetch(\`\${service.httpUrl}/health\`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'up', service: '${name}', checks: { postgres: 'up', nats: 'up' } });
  });

  it('answers rpc.${name}.health over NATS in its queue group', async () => {
    const envelope = JSON.stringify({ auth: null, lang: 'en', data: {} });
    const reply = await env.nats().request(\`\${env.subjectPrefix}rpc.${name}.health\`, envelope, { timeout: 5000 });
    expect(JSON.parse(reply.string())).toMatchObject({ ok: true, data: { status: 'up', service: '${name}', deadLetters: 0 } });
  });
});
`,
    'README.md': `# ${name}

What it owns: (describe the bounded context and its tables in the \`${name}\` schema).

- Definition: \`src/${name}.service-definition.ts\` (\`${definition}\`), root module \`src/${name}.module.ts\`.
- Subjects: \`rpc.${name}.health\` (from the kit); add one contract module per message under
  \`libs/contracts/src/${name}/\`.
- Health: \`GET http://localhost:${port}/health\` (\`${portVar}\` overrides the port).

Run it alone: \`node -r ./tools/swc/register.cjs ${root}/src/main.ts\` (\`npm start\` runs it with the rest).
Tests: \`npx jest -c ${root}/jest.config.cjs\` (integration specs need the machine's Postgres and NATS).
`,
  };
}

/** `npx nx g @pawline/generators:service <name>`: a service in the standard layout (CONVENTIONS.md). */
export async function serviceGenerator(tree: Tree, options: ServiceGeneratorOptions): Promise<void> {
  const name = options.name.trim();
  if (!NAME.test(name))
    throw new Error(`Service name "${name}" must be kebab-case: lower-case letters, digits and dashes, starting with a letter`);
  const root = `services/${name}`;
  if (tree.exists(root)) throw new Error(`${root} already exists`);
  const port = options.port ?? nextServicePort(tree);
  addProjectConfiguration(tree, name, {
    root,
    sourceRoot: `${root}/src`,
    projectType: 'application',
    tags: ['type:service'],
    targets: {
      serve: { executor: 'nx:run-commands', options: { command: `node -r ./tools/swc/register.cjs ${root}/src/main.ts` } },
      test: { executor: 'nx:run-commands', options: { command: `npx jest -c ${root}/jest.config.cjs` } },
      typecheck: { executor: 'nx:run-commands', options: { command: `npx tsc -p ${root}/tsconfig.json --noEmit` } },
    },
  });
  for (const [file, content] of Object.entries(serviceFiles(name, port))) tree.write(joinPathFragments(root, file), content);
}
