import type { INestApplication, Type } from '@nestjs/common';
import type { z } from 'zod';
import type { KitConfig } from './config/kit-config';

/** What a service tells the kit about itself (see docs/dev/platform-api.md). */
export type ServiceDefinition = {
  /** Also the Postgres schema (unless `schema` says otherwise) and the NATS queue group. */
  name: string;
  /**
   * The Postgres schema when it is not `name`: a second deployment of one service's tables under its
   * own name, queue group and health port (messaging-worker works on messaging's schema).
   */
  schema?: string;
  /** The service's root Nest module. */
  module: Type<unknown>;
  /** TypeORM entities of this schema. */
  entities?: Type<unknown>[];
  /** TypeORM migration classes, run at start after the kit's own. */
  migrations?: Type<unknown>[];
  /** Health over HTTP (gateway: its API port). Without it the service opens no port. */
  http?: { defaultPort: number };
  /** false for services without tables (the gateway): no DataSource, outbox or transactional consumers. */
  database?: boolean;
  /** The service's own settings, validated from env → `@Inject(SERVICE_CONFIG)`. */
  config?: z.ZodObject;
  /** Last touches on the app before it listens (middleware, websocket adapter, global prefix). */
  configure?: (app: INestApplication, config: KitConfig) => void | Promise<void>;
};
