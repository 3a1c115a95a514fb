import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import { precompressedStatic, sendFile } from './precompressed-static';

/** Swagger UI from swagger-ui-dist's files, reading the document at /api/openapi.json. */
export function swaggerUiRouter(): Router {
  const router = express.Router();
  const assets = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Pawline API</title><link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/docs-init.js"></script>
</body></html>`;
  const init = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui' });`;
  router.get(['/api/docs', '/api/docs/', '/api/docs/index.html'], (_req: Request, res: Response) => {
    res.type('html').send(page);
  });
  router.get('/api/docs/docs-init.js', (_req: Request, res: Response) => {
    res.type('application/javascript').send(init);
  });
  router.use('/api/docs', express.static(assets, { index: false }));
  return router;
}

/**
 * The built frontends: the shell at / with index.html for any path of the app (not /api,
 * /remotes, /websocket, /dev or /health), and each remote at /remotes/<name>/, each file as its
 * precompressed .br/.gz copy when the browser accepts one (precompressed-static.ts). Folders that
 * do not exist are skipped, so the API runs without a frontend build.
 */
export function frontendsRouter(frontendsDir: string): Router {
  const router = express.Router();
  if (!existsSync(frontendsDir)) return router;
  for (const name of readdirSync(frontendsDir)) {
    const folder = path.join(frontendsDir, name);
    if (name === 'shell' || !statSync(folder).isDirectory()) continue;
    router.use(`/remotes/${name}`, precompressedStatic(folder));
  }
  const shell = path.join(frontendsDir, 'shell');
  const shellIndex = path.join(shell, 'index.html');
  if (existsSync(shellIndex)) {
    router.use(precompressedStatic(shell, { index: 'index.html' }));
    router.get(/^\/(?!api(\/|$)|remotes(\/|$)|websocket(\/|$)|dev(\/|$)|health$).*/, (req: Request, res: Response, next) => {
      if (!req.accepts('html')) {
        next();
        return;
      }
      sendFile(req, res, shellIndex).then((sent) => {
        if (!sent) next();
      }, next);
    });
  }
  return router;
}
