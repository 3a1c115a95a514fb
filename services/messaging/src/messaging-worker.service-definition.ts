import { Module, type ModuleMetadata } from '@nestjs/common';
import type { ServiceDefinition } from '@pawline/nest-kit';
import { z } from 'zod';
import { deliveryConfigShape } from './delivery/delivery.config';
import { MessagingWorkerModule } from './delivery/messaging-worker.module';
import { MessagingSendPortsModule } from './core/messaging-send-ports.module';
import { MESSAGING_ENTITIES, MESSAGING_MIGRATIONS } from './messaging.entities';
import { providerConfigShape } from './provider/provider.config';
import { ProviderModule } from './provider/provider.module';

export const workerConfigSchema = z.object({ ...providerConfigShape, ...deliveryConfigShape });
export type WorkerConfig = z.infer<typeof workerConfigSchema>;

/** messaging-worker with these ports (tests bring their own provider). */
export function messagingWorkerDefinition(ports: NonNullable<ModuleMetadata['imports']>): ServiceDefinition {
  @Module({ imports: [MessagingWorkerModule.withPorts(ports)] })
  class MessagingWorkerRootModule {}
  return {
    name: 'messaging-worker',
    // messaging's second deployment: its tables, its outbox, its migrations (whichever starts first runs them)
    schema: 'messaging',
    module: MessagingWorkerRootModule,
    entities: MESSAGING_ENTITIES,
    migrations: MESSAGING_MIGRATIONS,
    http: { defaultPort: 3109 },
    config: workerConfigSchema,
  };
}

/**
 * The process that sends (docs/architecture.md, "Message kinds"): `npm start` hosts it with the rest, `--split` runs
 * MESSAGING_WORKERS of them apart, and in a cluster it scales on its own. It sends through the provider
 * the configuration picks (the sandbox on one machine) from each organization's own sender.
 */
export const messagingWorkerService: ServiceDefinition = messagingWorkerDefinition([MessagingSendPortsModule, ProviderModule]);
