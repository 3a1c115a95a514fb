// One Node process hosting every service and the gateway (`npm start` default). The services
// still talk over NATS, so nothing in their code differs from one process per service.
// Run: node -r ./tools/swc/register.cjs tools/launcher/cohost.ts
import { readdirSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startService, type KitConfig, type RunningService, type ServiceDefinition } from '@pawline/nest-kit';
import { isServiceDefinitionLike, orderForStart, selectServices, servicesForGateway } from './service-selection';

const root = resolve(__dirname, '../..');

export type CohostMessage =
  | { type: 'service'; name: string; state: 'up'; httpUrl: string | null }
  | { type: 'service'; name: string; state: 'down'; error: string }
  | { type: 'ready'; up: string[]; down: string[] };

function isServiceDefinition(value: unknown): value is ServiceDefinition {
  return isServiceDefinitionLike(value);
}

/** Every ServiceDefinition exported by services/<name>/src/<file>.service-definition.ts; gateway last. */
export function discoverServiceDefinitions(servicesDir = join(root, 'services')): ServiceDefinition[] {
  const found: ServiceDefinition[] = [];
  const names = existsSync(servicesDir) ? readdirSync(servicesDir).sort() : [];
  for (const service of names) {
    const srcDir = join(servicesDir, service, 'src');
    if (!existsSync(srcDir)) continue;
    for (const file of readdirSync(srcDir)
      .filter((f) => f.endsWith('.service-definition.ts'))
      .sort()) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- definitions are found at run time
      const exported = require(join(srcDir, file)) as Record<string, unknown>;
      for (const value of Object.values(exported)) if (isServiceDefinition(value)) found.push(value);
    }
  }
  return orderForStart(found);
}

function report(message: CohostMessage): void {
  if (process.send && process.connected) process.send(message);
}

async function main(): Promise<void> {
  const definitions = selectServices(discoverServiceDefinitions(), process.env['PAWLINE_SERVICES']);
  if (definitions.length === 0) {
    console.error('cohost: no services/*/src/*.service-definition.ts found: nothing to start.');
    process.exit(1);
  }
  process.env['PAWLINE_SERVICES'] = servicesForGateway(definitions);
  // Tests run the stack beside a developer's: services' own health ports then go random.
  const randomPorts = process.env['PAWLINE_SERVICE_PORTS'] === 'random';
  const running: RunningService[] = [];
  const up: string[] = [];
  const down: string[] = [];
  let stopping = false;

  const stop = async (code: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    for (const service of [...running].reverse()) {
      try {
        await service.close();
      } catch (error) {
        console.error(`cohost: closing ${service.config.serviceName} failed:`, error);
      }
    }
    process.exit(code);
  };
  const onSignal = (): void => {
    if (stopping) process.exit(1);
    void stop(0);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // A launcher that dies without telling us: orphan-guard.cjs (preloaded) turns that into SIGTERM.

  for (const definition of definitions) {
    const overrides: Partial<KitConfig> = {};
    if (randomPorts && definition.name !== 'gateway' && definition.http) overrides.httpPort = 0;
    try {
      const service = await startService(definition, overrides);
      running.push(service);
      up.push(definition.name);
      report({ type: 'service', name: definition.name, state: 'up', httpUrl: service.httpUrl });
    } catch (error) {
      down.push(definition.name);
      const text = error instanceof Error ? error.message : String(error);
      console.error(`cohost: ${definition.name} failed to start: ${error instanceof Error ? (error.stack ?? text) : text}`);
      report({ type: 'service', name: definition.name, state: 'down', error: text });
      if (definition.name === 'gateway') {
        await stop(1);
        return;
      }
    }
  }
  report({ type: 'ready', up, down });
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error('cohost:', error);
    process.exit(1);
  });
}
