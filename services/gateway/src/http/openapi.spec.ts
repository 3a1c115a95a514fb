import { bookingPublicRoutes } from '../routes/booking-public.routes';
import { bookingRoutes } from '../routes/booking.routes';
import { devRoutes } from '../routes/dev.routes';
import { authRoutes } from '../routes/auth.routes';
import { orgaRoutes } from '../routes/orga.routes';
import { userRoutes } from '../routes/user.routes';
import { buildOpenApi, openApiPath } from './openapi';

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
    expect(Object.keys(request?.responses ?? {})).toEqual(['201', '409', 'default']);
    for (const path of ['', '/availability', '/customer-check', '/challenge'])
      expect(Object.values(doc.paths[`/api/v1/public/booking/{public_id}${path}`] ?? {})[0]?.security).toEqual([]);
    const setup = doc.paths['/api/v1/orga/{orga}/store/{store}/booking/admin/setup'] as Record<string, Record<string, unknown>>;
    expect({ get: setup['get']?.['x-pawline-guard'], patch: setup['patch']?.['x-pawline-guard'] }).toEqual({
      get: 'store_read',
      patch: 'store_admin',
    });
    expect(setup['get']?.['security']).toBeUndefined();
  });
});
