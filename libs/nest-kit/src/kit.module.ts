import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { NatsConnection } from '@nats-io/transport-node';
import { KIT_CONFIG, SERVICE_CONFIG, type KitConfig } from './config/kit-config';
import type { DataSource } from 'typeorm';
import type { KitDatabase } from './database/kit-database';
import { KIT_DATA_SOURCE } from './database/kit-data-source.token';
import { AccessService } from './access/access.service';
import { MemberAccessGuard } from './access/access.guard';
import { DeadLetterStore } from './events/dead-letter.store';
import { HealthController } from './health/health.controller';
import { HealthService } from './health/health.service';
import { kitRpcHandlers } from './health/kit-rpc.handlers';
import { PawlineLogger } from './logging/pawline.logger';
import { NATS_CONNECTION } from './nats/nats.tokens';
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
  /** the kit's database pieces, for a service with a database (startService loads them only then) */
  database: KitDatabase | null;
};

/**
 * Global module the kit puts beside the service's own: config, logger, NATS, the microservice
 * transport (RPC and consumers) with its exception filter, outbox, health.
 */
@Module({})
export class KitModule {
  static forService({ def, config, serviceConfig, logger, nc, database }: KitModuleInput): DynamicModule {
    return {
      module: KitModule,
      global: true,
      imports: database?.imports ?? [],
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
          inject: [DeadLetterStore, { token: KIT_DATA_SOURCE, optional: true }],
        },
        ...(database?.providers ?? []),
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
        ...(database?.exports ?? []),
      ],
    };
  }
}
