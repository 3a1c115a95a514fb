import { addProjectConfiguration, formatFiles, getProjects, joinPathFragments, type Tree } from '@nx/devkit';
import { renderApiRouteEntry } from '../../../../libs/api-client/src/api-route-entry';
import { contractFiles, gatewayRoutesFile, httpRouteNames, httpRoutesFile, serviceFiles, serviceNames } from './service-files';
import {
  launcherPorts,
  registerApiRoutes,
  registerContractsIndex,
  registerGatewayRoutes,
  registerHttpRoutes,
  registerHttpRoutesSpec,
  registerLauncherPort,
  registerSubjects,
} from './service-registrations';

export type ServiceGeneratorOptions = {
  name: string;
  port?: number;
  /** the first migration's timestamp in ms (default: now); tests pin it */
  migrationTime?: number;
  /** run prettier over what was written (default true, as `nx g` does) */
  format?: boolean;
};

// Subjects allow letters and dashes only in the service part (libs/contracts core/rpc.ts, core/event.ts).
const NAME = /^[a-z]+(-[a-z]+)*$/;
const FIRST_SERVICE_PORT = 3101;
const RESERVED = ['gateway', 'kit', 'core', 'subjects', 'index'];

export const REGISTRATION_FILES = {
  contractsIndex: 'libs/contracts/src/index.ts',
  subjects: 'libs/contracts/src/subjects.ts',
  httpRoutes: 'libs/contracts/src/http/index.ts',
  httpRoutesSpec: 'libs/contracts/src/http/http-routes.spec.ts',
  apiRoutes: 'libs/api-client/src/api-routes.generated.ts',
  gatewayRoutes: 'services/gateway/src/routes/gateway.routes.ts',
  launcher: 'tools/launcher/stack.cjs',
} as const;

/** Health ports already given: each service definition's defaultPort and the launcher's SERVICE_PORTS. */
function usedPorts(tree: Tree): { byName: Record<string, number>; all: number[] } {
  const byName = (tree.exists(REGISTRATION_FILES.launcher) && launcherPorts(tree.read(REGISTRATION_FILES.launcher, 'utf-8') ?? '')) || {};
  const all = Object.values(byName);
  for (const service of tree.exists('services') ? tree.children('services') : []) {
    const src = joinPathFragments('services', service, 'src');
    for (const file of tree.exists(src) ? tree.children(src) : []) {
      if (!file.endsWith('.service-definition.ts')) continue;
      const match = /defaultPort:\s*(\d+)/.exec(tree.read(joinPathFragments(src, file), 'utf-8') ?? '');
      if (match) all.push(Number(match[1]));
    }
  }
  return { byName, all };
}

/**
 * The health port of a new service: the one the launcher already reserves for its name, else one
 * above the highest used (the gateway's 3000 aside), from 3101.
 */
export function nextServicePort(tree: Tree, name?: string): number {
  const { byName, all } = usedPorts(tree);
  if (name && byName[name] !== undefined) return byName[name];
  const highest = Math.max(FIRST_SERVICE_PORT - 1, ...all.filter((port) => port >= FIRST_SERVICE_PORT - 100));
  return Math.max(highest + 1, FIRST_SERVICE_PORT);
}

/** Applies a registration edit to a file of the workspace, or says what to add by hand. */
function register(tree: Tree, file: string, edit: (source: string) => string | null, byHand: string): void {
  if (!tree.exists(file)) return;
  const updated = edit(tree.read(file, 'utf-8') ?? '');
  if (updated === null) throw new Error(`${file} no longer has the shape the generator edits: ${byHand}`);
  tree.write(file, updated);
}

/**
 * `npx nx g @pawline/generators:service <name>`: a running service in the standard layout
 * (docs/conventions.md, "A service") with its contracts, route declarations, gateway routes, access, purge, first
 * migration and tests, registered in the subject table, HTTP_ROUTES (and the browser's API_ROUTES),
 * the gateway's route table and the launcher's health ports.
 */
export async function serviceGenerator(tree: Tree, options: ServiceGeneratorOptions): Promise<void> {
  const name = options.name.trim();
  if (!NAME.test(name))
    throw new Error(
      `Service name "${name}" must be kebab-case of letters: lower-case words joined by single dashes (subjects allow no digits)`,
    );
  if (RESERVED.includes(name)) throw new Error(`"${name}" is taken by the platform`);
  const root = `services/${name}`;
  if (tree.exists(root)) throw new Error(`${root} already exists`);
  // Nx refuses a workspace where two projects share a name (a remote of the same name, say)
  const taken = getProjects(tree).get(name);
  if (taken) throw new Error(`the project name ${name} is taken by ${taken.root}`);
  if (tree.exists(`libs/contracts/src/${name}`)) throw new Error(`libs/contracts/src/${name} already exists`);
  const n = serviceNames(name, options.port ?? nextServicePort(tree, name), options.migrationTime ?? Date.now());

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
  for (const [file, content] of Object.entries(serviceFiles(n))) tree.write(joinPathFragments(root, file), content);
  for (const [file, content] of Object.entries({ ...contractFiles(n), ...httpRoutesFile(n), ...gatewayRoutesFile(n) }))
    tree.write(file, content);
  const http = httpRouteNames(n);

  register(tree, REGISTRATION_FILES.contractsIndex, (source) => registerContractsIndex(source, name), `export * from './${name}';`);
  register(
    tree,
    REGISTRATION_FILES.subjects,
    (source) => registerSubjects(source, name, n.propertyName),
    `import * as ${n.propertyName} from './${name}' and add it to CONTRACTS_BY_SERVICE`,
  );
  register(
    tree,
    REGISTRATION_FILES.httpRoutes,
    (source) => registerHttpRoutes(source, name, http.area),
    `import { ${http.area} } from './${name}.routes', export * from it and spread it last into HTTP_ROUTES`,
  );
  register(
    tree,
    REGISTRATION_FILES.httpRoutesSpec,
    (source) => registerHttpRoutesSpec(source, name, http.area),
    `import { ${http.area} } from './${name}.routes' and add it to the spec's areas`,
  );
  // what api-routes.render.ts would write now that the area is the last of HTTP_ROUTES (its spec compares)
  register(
    tree,
    REGISTRATION_FILES.apiRoutes,
    (source) =>
      registerApiRoutes(
        source,
        [http.list, http.create].map((route) => ({ name: route.name, line: renderApiRouteEntry(route.name, route) })),
      ),
    `WRITE_API_ROUTES=1 npx jest -c libs/api-client/jest.config.cjs api-routes`,
  );
  register(
    tree,
    REGISTRATION_FILES.gatewayRoutes,
    (source) => registerGatewayRoutes(source, name, n.propertyName),
    `import { ${n.propertyName}Routes } from './${name}.routes' and spread it into gatewayRoutes()`,
  );
  register(
    tree,
    REGISTRATION_FILES.launcher,
    (source) => registerLauncherPort(source, name, n.port),
    `add '${name}': ${n.port} to SERVICE_PORTS`,
  );
  if (options.format !== false) await formatFiles(tree);
}
