import { HTTP_ROUTES, getOrgaRpc, userHttpRoutes, type HttpRoute } from '@pawline/contracts';
import { rpcRoute } from '../http/route-definition';
import type { GatewayHealthChecker } from '../health/gateway-health';
import { gatewayRoutes } from './gateway.routes';

describe('the gateway route table', () => {
  const routes = gatewayRoutes({ mailSandbox: true, health: {} as GatewayHealthChecker });
  const declared = Object.entries(HTTP_ROUTES) as [string, HttpRoute][];

  it('binds every HTTP declaration of libs/contracts exactly once: the client can call no route the gateway lacks', () => {
    const unbound = declared.filter(([, http]) => !routes.some((route) => route.http === http)).map(([name]) => name);
    expect(unbound).toEqual([]);
    expect(routes).toHaveLength(declared.length);
  });

  it('has no route that is not declared in libs/contracts (so every route is in the generated client)', () => {
    const undeclared = routes
      .filter((route) => !declared.some(([, http]) => http === route.http))
      .map((route) => `${route.method} ${route.path}`);
    expect(undeclared).toEqual([]);
  });

  it('shows each route with the method, path and schemas of its declaration', () => {
    for (const route of routes) {
      expect({ method: route.method, path: route.path, body: route.body, query: route.query, response: route.responseSchema }).toEqual({
        method: route.http.method,
        path: route.http.path,
        body: route.http.body,
        query: route.http.query,
        response: route.http.response,
      });
    }
  });
});

describe('binding a declared route', () => {
  it('refuses to pass on an RPC answer the declaration does not name', () => {
    expect(() => rpcRoute(userHttpRoutes.getUser, { access: 'user', rpc: getOrgaRpc as never, input: () => ({}) as never })).toThrow(
      /declare response/,
    );
  });
});
