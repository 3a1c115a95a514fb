import type { INestApplication } from '@nestjs/common';
import type { Application, Request, Response } from 'express';
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { mailboxPageRouter } from '../dev/mailbox-page';
import { whatsAppPageRouter } from '../dev/whatsapp-page';
import { frontendsRouter, swaggerUiRouter } from '../static/docs-and-frontends';
import { ApiError } from './api-error';
import { buildApiHandler, sendError, type ApiDependencies } from './api-router';
import { pickLanguage } from './language';
import { buildOpenApi } from './openapi';
import type { ApiRoute } from './route-definition';
import type { RpcCaller } from './rpc-caller';
import { securityHeaders } from './security-headers';

export type GatewayHttpOptions = {
  routes: readonly ApiRoute[];
  deps: ApiDependencies;
  rpc: RpcCaller;
  mailSandbox: boolean;
  /** /dev/whatsapp, the sandbox customer's phone (MESSAGING_PROVIDER=sandbox) */
  messagingSandbox?: boolean;
  frontendsDir: string;
  publicUrl: string;
};

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The gateway's HTTP: /api/v1 is answered on node:http ahead of Express (buildApiHandler); the
 * Express app of the Nest application keeps the docs, the dev mailbox page, the frontends and the
 * kit's GET /health. Called before Nest's own setup, so these come before Nest's middleware (its
 * body parser included: every path under /api is answered before it would read a body).
 */
export function installGatewayHttp(app: INestApplication, options: GatewayHttpOptions): HttpServer {
  const express = app.getHttpAdapter().getInstance() as Application;
  // no product banner for scanners
  express.disable('x-powered-by');
  // built at the first request and kept as its JSON text (0.4 MB): the document's objects are 1.6 MB of heap
  // that every gateway would otherwise hold at rest for a page developers read
  let openApiJson: string | null = null;
  express.get('/api/openapi.json', (_req: Request, res) => {
    openApiJson ??= JSON.stringify(buildOpenApi(options.routes, { version: '1', serverUrl: options.publicUrl }));
    res.type('application/json').send(openApiJson);
  });
  express.use(swaggerUiRouter());
  if (options.mailSandbox) express.use(mailboxPageRouter(options.rpc));
  if (options.messagingSandbox) express.use(whatsAppPageRouter(options.rpc));
  // other paths under /api are not pages of the shell
  express.use('/api', (req: Request, res: Response) => {
    sendError(res, new ApiError('not_found'), pickLanguage(req.headers['accept-language']));
  });
  express.use(frontendsRouter(options.frontendsDir));

  const server = app.getHttpServer() as HttpServer;
  const api = buildApiHandler(options.routes, options.deps);
  const expressListeners = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  const secure = securityHeaders(options.publicUrl);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    secure(res);
    if (api.handle(req, res)) return;
    for (const listener of expressListeners) listener(req, res);
  });
  return server;
}
