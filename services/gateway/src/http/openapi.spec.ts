import { bookingPublicRoutes } from '../routes/booking-public.routes';
import { bookingRoutes } from '../routes/booking.routes';
import { devRoutes } from '../routes/dev.routes';
import { authRoutes } from '../routes/auth.routes';
import { orgaRoutes } from '../routes/orga.routes';
import { userRoutes } from '../routes/user.routes';
import type { GatewayHealthChecker } from '../health/gateway-health';
import { gatewayRoutes } from '../routes/gateway.routes';
import { buildOpenApi, errorStatuses, openApiPath } from './openapi';

describe('OpenAPI document', () => {
  const routes = [...authRoutes, ...userRoutes, ...orgaRoutes, ...devRoutes, ...bookingRoutes, ...bookingPublicRoutes];
  const doc = buildOpenApi(routes, { version: '1', serverUrl: 'http://localhost:3000' }) as {
    openapi: string;
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
          parameters?: { name: string; in: string }[];
          responses: Record<string, unknown>;
          security?: unknown[];
        }
      >
    >;
  };

  it('is OpenAPI 3.1 and lists every route of the table with its method', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const route of routes) expect(doc.paths[openApiPath(route.path)]?.[route.method]).toBeDefined();
  });

  it('takes the bodies from the contracts: strict (no additional properties) with required fields', () => {
    const login = doc.paths['/api/v1/auth/login']?.['post'];
    const schema = login?.requestBody?.content['application/json']?.schema;
    expect(schema).toMatchObject({ type: 'object', additionalProperties: false, required: ['username', 'password'] });
    expect(login?.security).toEqual([]);
  });

  it('describes path and query parameters and the success status', () => {
    const store = doc.paths['/api/v1/orga/{orga}/store/{store}']?.['get'];
    expect(store?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(['path:orga', 'path:store']);
    expect(doc.paths['/api/v1/dev/mailbox']?.['get']?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(['query:to']);
    expect(Object.keys(doc.paths['/api/v1/auth/register']?.['post']?.responses ?? {})).toContain('201');
  });

  it('documents the booking routes: the public ones need no token, the request answers 201 or 409 slot_taken with slots', () => {
    const request = doc.paths['/api/v1/public/booking/{public_id}/request']?.['post'];
    expect(request?.security).toEqual([]);
    expect(request?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(['path:public_id']);
    expect(request?.responses['409']).toMatchObject({
      content: { 'application/json': { schema: { properties: { code: { const: 'slot_taken' }, availability: { type: 'object' } } } } },
    });
    expect(Object.keys(request?.responses ?? {})).toEqual(['201', '400', '403', '404', '409', '413', '415', '429', 'default']);
    for (const path of ['', '/availability', '/customer-check', '/challenge'])
      expect(Object.values(doc.paths[`/api/v1/public/booking/{public_id}${path}`] ?? {})[0]?.security).toEqual([]);
    const setup = doc.paths['/api/v1/orga/{orga}/store/{store}/booking/admin/setup'] as Record<string, Record<string, unknown>>;
    expect({ get: setup['get']?.['x-pawline-guard'], patch: setup['patch']?.['x-pawline-guard'] }).toEqual({
      get: 'store_read',
      patch: 'store_admin',
    });
    expect(setup['get']?.['security']).toBeUndefined();
  });

  it('documents the error answers each route can give, with the one error schema and Retry-After on a 429', () => {
    const all = gatewayRoutes({ mailSandbox: true, health: {} as GatewayHealthChecker });
    const whole = buildOpenApi(all, { version: '1', serverUrl: 'http://localhost:3000' }) as typeof doc;
    const answers = (path: string, method: string) => Object.keys(whole.paths[path]?.[method]?.responses ?? {});
    // a signed-in store route with a body: validation, auth, the plan, the guard, unknown ids, conflicts
    expect(answers('/api/v1/orga/{orga}/store/{store}', 'put')).toEqual([
      '200',
      '400',
      '401',
      '402',
      '403',
      '404',
      '409',
      '413',
      '415',
      'default',
    ]);
    // the plan page stays open while the subscription is inactive: no 402 there
    expect(errorStatuses(all.find((r) => r.path === '/api/v1/orga/:orga' && r.method === 'get')!)).not.toContain('402');
    // the login is public, rate limited and same-origin only
    expect(answers('/api/v1/auth/login', 'post')).toEqual(expect.arrayContaining(['400', '403', '429']));
    expect(answers('/api/v1/auth/login', 'post')).not.toContain('401');
    const components = (whole as unknown as { components: { responses: Record<string, { headers?: object; content: object }> } })
      .components;
    expect(components.responses['429']?.headers).toHaveProperty('Retry-After');
    for (const response of Object.values(components.responses))
      expect(response.content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/Error' } } });
    for (const [path, methods] of Object.entries(whole.paths))
      for (const [method, operation] of Object.entries(methods))
        expect({
          operation: `${method} ${path}`,
          has4xx: Object.keys(operation.responses).some((status) => /^4\d\d$/.test(status)),
        }).toEqual({
          operation: `${method} ${path}`,
          has4xx: true,
        });
  });
});
