import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import { IMMUTABLE, precompressedStatic, sendFile } from './precompressed-static';

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

/** The booking widget's folder under the frontends' build and its path on the gateway (ADR 0023). */
export const BOOKING_WIDGET = 'booking-widget';

/**
 * pawline-booking.js keeps its name (salon pages load it by that URL), so it cannot be kept for a
 * year like a hashed file: browsers keep it a day, and a week longer while they fetch the new one.
 */
export const WIDGET_SCRIPT_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

export function widgetCacheControl(fileName: string): string {
  return /\.[0-9a-f]{8}\.[a-z0-9]+$/.test(path.basename(fileName)) ? IMMUTABLE : WIDGET_SCRIPT_CACHE;
}

/**
 * The booking widget for salon websites at /booking-widget/: public code that any origin may load
 * (and read, e.g. with <script crossorigin>), hence Access-Control-Allow-Origin * and a
 * Cross-Origin-Resource-Policy that lets other sites embed it.
 */
export function bookingWidgetRouter(folder: string): Router {
  const router = express.Router();
  router.use(
    `/${BOOKING_WIDGET}`,
    precompressedStatic(folder, {
      cacheControl: widgetCacheControl,
      headers: { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' },
    }),
  );
  return router;
}

/**
 * The built frontends: the shell at / with index.html for any path of the app (not /api,
 * /remotes, /booking-widget, /websocket, /dev or /health), each remote at /remotes/<name>/ and the
 * booking widget at /booking-widget/ (bookingWidgetRouter), each file as its
 * precompressed .br/.gz copy when the browser accepts one (precompressed-static.ts). Folders that
 * do not exist are skipped, so the API runs without a frontend build.
 */
export function frontendsRouter(frontendsDir: string): Router {
  const router = express.Router();
  if (!existsSync(frontendsDir)) return router;
  for (const name of readdirSync(frontendsDir)) {
    const folder = path.join(frontendsDir, name);
    if (name === 'shell' || !statSync(folder).isDirectory()) continue;
    if (name === BOOKING_WIDGET) router.use(bookingWidgetRouter(folder));
    else router.use(`/remotes/${name}`, precompressedStatic(folder));
  }
  const shell = path.join(frontendsDir, 'shell');
  const shellIndex = path.join(shell, 'index.html');
  if (existsSync(shellIndex)) {
    router.use(precompressedStatic(shell, { index: 'index.html' }));
    router.get(
      /^\/(?!api(\/|$)|remotes(\/|$)|booking-widget(\/|$)|websocket(\/|$)|dev(\/|$)|health$).*/,
      (req: Request, res: Response, next) => {
        if (!req.accepts('html')) {
          next();
          return;
        }
        sendFile(req, res, shellIndex).then((sent) => {
          if (!sent) next();
        }, next);
      },
    );
  }
  return router;
}
