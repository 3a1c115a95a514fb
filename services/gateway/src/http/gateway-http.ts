import type { INestApplication } from '@nestjs/common';
import type { Application, NextFunction, Request, Response } from 'express';
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { mailboxPageRouter } from '../dev/mailbox-page';
import { frontendsRouter, swaggerUiRouter } from '../static/docs-and-frontends';
import { ApiError } from './api-error';
import { buildApiHandler, sendError, type ApiDependencies } from './api-router';
import { pickLanguage } from './language';
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

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The gateway's HTTP: /api/v1 is answered on node:http ahead of Express (buildApiHandler); the
 * Express app of the Nest application keeps the docs, the dev mailbox page, the frontends and the
 * kit's GET /health. Called before Nest's own setup, so these come before Nest's middleware.
 */
export function installGatewayHttp(app: INestApplication, options: GatewayHttpOptions): HttpServer {
  const express = app.getHttpAdapter().getInstance() as Application;
  express.set('trust proxy', 'loopback');
  const openApi = buildOpenApi(options.routes, { version: '1', serverUrl: options.publicUrl });
  express.get('/api/openapi.json', (_req: Request, res) => {
    res.json(openApi);
  });
  express.use(swaggerUiRouter());
  if (options.mailSandbox) express.use(mailboxPageRouter(options.rpc));
  // other paths under /api are not pages of the shell
  express.use('/api', (req: Request, res: Response) => {
    sendError(res, new ApiError('not_found'), pickLanguage(req.headers['accept-language']));
  });
  express.use(bodyErrorHandler);
  express.use(frontendsRouter(options.frontendsDir));

  const server = app.getHttpServer() as HttpServer;
  const api = buildApiHandler(options.routes, options.deps);
  const expressListeners = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (api.handle(req, res)) return;
    for (const listener of expressListeners) listener(req, res);
  });
  return server;
}

/** A body Nest's own parser refused on a path under /api answers JSON, not Express's HTML page. */
function bodyErrorHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  const type = typeof error === 'object' && error !== null ? (error as { type?: unknown }).type : undefined;
  if (typeof type !== 'string' || !req.path.startsWith('/api/')) {
    next(error);
    return;
  }
  sendError(res, new ApiError(type === 'entity.too.large' ? 'payload_too_large' : 'bad_json'), pickLanguage(req.headers['accept-language']));
}
