import type { HttpRoute } from '@pawline/contracts';

/**
 * One entry of API_ROUTES as api-routes.render.ts writes it, before Prettier. The service generator
 * (tools/generators) adds a new area's entries with it, so its edit of api-routes.generated.ts is
 * what the renderer would write; it imports nothing at run time, so the generator loads no contract.
 */
export function renderApiRouteEntry(name: string, route: Pick<HttpRoute, 'method' | 'path' | 'transfer'>): string {
  const transfer = route.transfer ? `, transfer: '${route.transfer}'` : '';
  return `  ${name}: { method: '${route.method}', path: '${route.path}'${transfer} },`;
}
