import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { NatsConnection } from '@nats-io/transport-node';
import { KIT_CONFIG, SERVICE_CONFIG, type KitConfig } from './config/kit-config';
import { dataSourceOptions, openServiceDataSource } from './database/data-source.factory';
import { HandlerDiscovery } from './discovery/handler-discovery';
import { DeadLetterStore } from './events/dead-letter.store';
import { EventConsumerRunner } from './events/event-consumer.runner';
import { HealthController } from './health/health.controller';
import { HealthService } from './health/health.service';
import { PawlineLogger } from './logging/pawline.logger';
import { NATS_CONNECTION } from './nats/nats.tokens';
import { OutboxRelay } from './outbox/outbox.relay';
import { OutboxService } from './outbox/outbox.service';
import { NatsRpcClient } from './rpc/nats-rpc.client';
import { RpcServer } from './rpc/rpc.server';
import type { ServiceDefinition } from './service-definition';

export type KitModuleInput = {
  def: ServiceDefinition;
  config: KitConfig;
  serviceConfig: unknown;
  logger: PawlineLogger;
  nc: NatsConnection;
};

/** Global module the kit puts beside the service's own: config, logger, NATS, RPC, outbox, consumers, health. */
@Module({})
export class KitModule {
  static forService({ def, config, serviceConfig, logger, nc }: KitModuleInput): DynamicModule {
    const database = def.database !== false;
    return {
      module: KitModule,
      global: true,
      imports: [
        DiscoveryModule,
        ...(database
          ? [
              TypeOrmModule.forRootAsync({
                useFactory: () => dataSourceOptions(def, config),
                dataSourceFactory: async (options) => {
                  if (!options) throw new Error('TypeORM options missing');
                  return openServiceDataSource(options);
                },
              }),
            ]
          : []),
      ],
      controllers: def.http ? [HealthController] : [],
      providers: [
        { provide: KIT_CONFIG, useValue: config },
        { provide: SERVICE_CONFIG, useValue: serviceConfig },
        { provide: PawlineLogger, useValue: logger },
        { provide: NATS_CONNECTION, useValue: nc },
        HandlerDiscovery,
        NatsRpcClient,
        RpcServer,
        DeadLetterStore,
        HealthService,
        EventConsumerRunner,
        ...(database ? [OutboxService, OutboxRelay] : []),
      ],
      exports: [
        KIT_CONFIG,
        SERVICE_CONFIG,
        PawlineLogger,
        NATS_CONNECTION,
        NatsRpcClient,
        HealthService,
        ...(database ? [OutboxService] : []),
      ],
    };
  }
}
