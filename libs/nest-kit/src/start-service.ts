import type { INestApplication } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { connect } from '@nats-io/transport-node';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadKitConfig, loadServiceConfig, type KitConfig } from './config/kit-config';
import { KitModule } from './kit.module';
import { PawlineLogger } from './logging/pawline.logger';
import { ensureStreams } from './nats/jetstream-streams';
import type { ServiceDefinition } from './service-definition';
import { KitNatsTransport } from './transport/kit-nats.transport';
import { initTracing } from './tracing/init-tracing';

export type RunningService = {
  app: INestApplication;
  config: KitConfig;
  httpUrl: string | null;
  close(): Promise<void>;
};

@Module({})
class ServiceRootModule {}

/** Starts one service (config, tracing, NATS, database, Nest app, HTTP health); used by runService, the launcher and tests. */
export async function startService(def: ServiceDefinition, overrides: Partial<KitConfig> = {}): Promise<RunningService> {
  const config = loadKitConfig(def, process.env, overrides);
  const serviceConfig = def.config ? loadServiceConfig(def.config, def.name) : {};
  initTracing({ serviceName: def.name, otlpEndpoint: config.otlpEndpoint });
  const logger = new PawlineLogger(def.name, config.logLevel);
  // noAsyncTraces: the client would build an Error with a stack trace on every request only to
  // explain a timeout later (1.4 % of the gateway's CPU); our RpcError names the subject instead
  const nc = await connect({ servers: config.natsUrl, name: `pawline-${def.name}`, noAsyncTraces: true });
  let app: INestApplication | null = null;
  try {
    await ensureStreams(nc, config);
    // typeorm and the outbox are loaded only by a service with a database (the gateway has none: docs/adr/0037)
    const database = def.database === false ? null : (await import('./database/kit-database')).kitDatabase(def, config);
    // the adapter is given explicitly: Nest's dynamic import of the default one fails under jest
    app = await NestFactory.create(
      { module: ServiceRootModule, imports: [KitModule.forService({ def, config, serviceConfig, logger, nc, database }), def.module] },
      new ExpressAdapter(),
      { logger, abortOnError: false },
    );
    // RPC handlers and consumers are a Nest microservice on the kit's NATS transport, sharing the
    // app's container and global enhancers (the kit's exception filter among them)
    app.connectMicroservice({ strategy: app.get(KitNatsTransport) }, { inheritAppConfig: true });
    await def.configure?.(app, config);
    await app.init();
    // requests and deliveries are taken once every module has run its init and bootstrap hooks
    await app.startAllMicroservices();
    let httpUrl: string | null = null;
    if (config.httpPort !== null) {
      await app.listen(config.httpPort);
      const address = (app.getHttpServer() as Server).address() as AddressInfo;
      httpUrl = `http://127.0.0.1:${address.port}`;
    }
    logger.info('service started', { httpUrl, subjectPrefix: config.subjectPrefix });
    const started = app;
    let closing: Promise<void> | null = null;
    return {
      app: started,
      config,
      httpUrl,
      close: () =>
        (closing ??= (async () => {
          await started.close();
          await nc.drain().catch(() => nc.close());
          logger.info('service stopped');
        })()),
    };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await nc.close().catch(() => undefined);
    throw error;
  }
}
