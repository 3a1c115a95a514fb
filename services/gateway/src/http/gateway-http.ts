import type { INestApplication } from '@nestjs/common';
import type { Application, Request } from 'express';
import type { Server as HttpServer } from 'node:http';
import { mailboxPageRouter } from '../dev/mailbox-page';
import { frontendsRouter, swaggerUiRouter } from '../static/docs-and-frontends';
import { buildApiRouter, type ApiDependencies } from './api-router';
import { buildOpenApi } from './openapi';
import type { ApiRoute } from './route-definition';
import type { RpcCaller } from './rpc-caller';

export type GatewayHttpOptions = {
  routes: readonly ApiRoute[];
  deps: ApiDependencies;
  rpc: RpcCaller;
  mailSandbox: boolean;
  frontendsDir: string;
  publicUrl: string;
};

/**
 * Puts the API, its docs, the dev mailbox page and the frontends on the Express app of the
 * Nest application. Called before Nest's own setup, so our body parser and error answers
 * come first (the kit's GET /health stays Nest's).
 */
export function installGatewayHttp(app: INestApplication, options: GatewayHttpOptions): HttpServer {
  const express = app.getHttpAdapter().getInstance() as Application;
  express.set('trust proxy', 'loopback');
  // API answers are per user and change with every booking: no ETag hashing of each body (the
  // static frontends keep theirs, serve-static makes its own)
  express.set('etag', false);
  const openApi = buildOpenApi(options.routes, { version: '1', serverUrl: options.publicUrl });
  express.get('/api/openapi.json', (_req: Request, res) => {
    res.json(openApi);
  });
  express.use(swaggerUiRouter());
  if (options.mailSandbox) express.use(mailboxPageRouter(options.rpc));
  express.use(buildApiRouter(options.routes, options.deps));
  express.use(frontendsRouter(options.frontendsDir));
  return app.getHttpServer() as HttpServer;
}
