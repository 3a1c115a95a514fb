import { HTTP_ROUTES, type HttpRoute } from '@pawline/contracts';
import { renderApiRouteEntry } from './api-route-entry';

/**
 * The text of api-routes.generated.ts: one method-and-path reference per declaration of
 * libs/contracts/src/http. api-routes.generated.spec.ts fails when the file on disk differs;
 * `WRITE_API_ROUTES=1 npx jest -c libs/api-client/jest.config.cjs api-routes` writes it.
 */
export function renderApiRoutes(routes: Readonly<Record<string, HttpRoute>> = HTTP_ROUTES): string {
  const entries = Object.entries(routes).map(([name, route]) => renderApiRouteEntry(name, route));
  return [
    '// Generated from HTTP_ROUTES of libs/contracts/src/http by api-routes.render.ts: do not edit.',
    '// The declarations are imported as types only, so no schema reaches a browser bundle; the',
    '// annotation makes TypeScript check every method and path here against its declaration.',
    "import type { HTTP_ROUTES } from '@pawline/contracts';",
    "import type { RouteRef } from './route-ref';",
    '',
    'type Declared = typeof HTTP_ROUTES;',
    '',
    '/** Every /api/v1 route of the gateway, by the name of its declaration. */',
    'export const API_ROUTES: { readonly [Name in keyof Declared]: RouteRef<Declared[Name]> } = {',
    ...entries,
    '};',
    '',
  ].join('\n');
}
