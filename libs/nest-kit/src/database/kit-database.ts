import type { DynamicModule, Provider } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { KitConfig } from '../config/kit-config';
import { OutboxRelay } from '../outbox/outbox.relay';
import { OutboxService } from '../outbox/outbox.service';
import type { ServiceDefinition } from '../service-definition';
import { dataSourceOptions, openServiceDataSource } from './data-source.factory';
import { KIT_DATA_SOURCE } from './kit-data-source.token';

export type KitDatabase = { imports: DynamicModule[]; providers: Provider[]; exports: (symbol | typeof OutboxService)[] };

/**
 * What the kit adds for a service with a database: TypeORM, the kit's token for its DataSource, the outbox
 * and its relay. Loaded by startService only for such a service (docs/adr/0037).
 */
export function kitDatabase(def: ServiceDefinition, config: KitConfig): KitDatabase {
  return {
    imports: [
      TypeOrmModule.forRootAsync({
        useFactory: () => dataSourceOptions(def, config),
        dataSourceFactory: async (options) => {
          if (!options) throw new Error('TypeORM options missing');
          return openServiceDataSource(options);
        },
      }),
    ],
    providers: [{ provide: KIT_DATA_SOURCE, useExisting: DataSource }, OutboxService, OutboxRelay],
    exports: [KIT_DATA_SOURCE, OutboxService],
  };
}
