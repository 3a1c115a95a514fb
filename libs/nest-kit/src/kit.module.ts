import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { NatsConnection } from '@nats-io/transport-node';
import { KIT_CONFIG, SERVICE_CONFIG, type KitConfig } from './config/kit-config';
import { dataSourceOptions, openServiceDataSource } from './database/data-source.factory';
import { DataSource } from 'typeorm';
import { AccessService } from './access/access.service';
import { MemberAccessGuard } from './access/access.guard';
import { DeadLetterStore } from './events/dead-letter.store';
import { HealthController } from './health/health.controller';
import { HealthService } from './health/health.service';
import { kitRpcHandlers } from './health/kit-rpc.handlers';
import { PawlineLogger } from './logging/pawline.logger';
import { NATS_CONNECTION } from './nats/nats.tokens';
import { OutboxRelay } from './outbox/outbox.relay';
import { OutboxService } from './outbox/outbox.service';
import { NatsRpcClient } from './rpc/nats-rpc.client';
import type { ServiceDefinition } from './service-definition';
import { KitExceptionFilter } from './transport/kit-exception.filter';
import { KitNatsTransport } from './transport/kit-nats.transport';

export type KitModuleInput = {
  def: ServiceDefinition;
  config: KitConfig;
  serviceConfig: unknown;
  logger: PawlineLogger;
  nc: NatsConnection;
};

/**
 * Global module the kit puts beside the service's own: config, logger, NATS, the microservice
 * transport (RPC and consumers) with its exception filter, outbox, health.
 */
@Module({})
export class KitModule {
  static forService({ def, config, serviceConfig, logger, nc }: KitModuleInput): DynamicModule {
    const database = def.database !== false;
    return {
      module: KitModule,
      global: true,
      imports: [
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
      controllers: [kitRpcHandlers(def.name), ...(def.http ? [HealthController] : [])],
      providers: [
        { provide: KIT_CONFIG, useValue: config },
        { provide: SERVICE_CONFIG, useValue: serviceConfig },
        { provide: PawlineLogger, useValue: logger },
        { provide: NATS_CONNECTION, useValue: nc },
        NatsRpcClient,
        AccessService,
        MemberAccessGuard,
        DeadLetterStore,
        HealthService,
        { provide: APP_FILTER, useClass: KitExceptionFilter },
        {
          provide: KitNatsTransport,
          useFactory: (deadLetters: DeadLetterStore, dataSource: DataSource | undefined) =>
            new KitNatsTransport({ nc, config, logger, deadLetters, dataSource: dataSource ?? null }),
          inject: [DeadLetterStore, { token: DataSource, optional: true }],
        },
        ...(database ? [OutboxService, OutboxRelay] : []),
      ],
      exports: [
        KIT_CONFIG,
        SERVICE_CONFIG,
        PawlineLogger,
        NATS_CONNECTION,
        NatsRpcClient,
        AccessService,
        MemberAccessGuard,
        DeadLetterStore,
        HealthService,
        KitNatsTransport,
        ...(database ? [OutboxService] : []),
      ],
    };
  }
}
