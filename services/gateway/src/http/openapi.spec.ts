import { devRoutes } from '../routes/dev.routes';
import { authRoutes } from '../routes/auth.routes';
import { orgaRoutes } from '../routes/orga.routes';
import { userRoutes } from '../routes/user.routes';
import { buildOpenApi, openApiPath } from './openapi';

describe('OpenAPI document', () => {
  const routes = [...authRoutes, ...userRoutes, ...orgaRoutes, ...devRoutes];
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
});
