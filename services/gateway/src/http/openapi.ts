import { z } from 'zod';
import { ERROR_CODES } from '@pawline/contracts';
import { isFileDownloadRoute, isFileUploadRoute, isWebhookRoute, PATH_PARAMETER, pathParameters, type ApiRoute } from './route-definition';

type JsonObject = Record<string, unknown>;

const errorSchema = z.object({
  code: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES, ...(keyof typeof ERROR_CODES)[]]),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonObject;
  return rest;
}

/** `/api/v1/orga/:orga` → `/api/v1/orga/{orga}` */
export function openApiPath(path: string): string {
  return path.replace(PATH_PARAMETER, '{$1}');
}

/** OpenAPI 3.1 of the route table, schemas from the contracts' zod schemas. */
export function buildOpenApi(routes: readonly ApiRoute[], info: { version: string; serverUrl: string }): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const route of routes) {
    const operation: JsonObject = {
      operationId: `${route.method}_${route.path.replace(/^\/api\/v1\//, '').replace(/[/:-]+/g, '_')}`,
      summary: route.summary,
      tags: [route.tag],
      ...(route.access === 'public' ? { security: [] } : {}),
      ...(typeof route.access === 'object' ? { 'x-pawline-guard': route.access.orga } : {}),
    };
    const parameters: JsonObject[] = pathParameters(route.path).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: route.params?.[name]
        ? { type: 'string', pattern: route.params[name].pattern.source, description: route.params[name].description }
        : { type: 'string', format: 'uuid' },
    }));
    if (route.query) {
      const query = jsonSchema(route.query, 'input') as { properties?: Record<string, JsonObject>; required?: string[] };
      for (const [name, schema] of Object.entries(query.properties ?? {})) {
        parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
      }
    }
    if (parameters.length > 0) operation['parameters'] = parameters;
    if (route.body) {
      operation['requestBody'] = { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } };
    }
    if (isFileUploadRoute(route)) {
      // R7.10 the raw body: the file's bytes with its Content-Type and X-File-Name
      const binary = { schema: { type: 'string', format: 'binary', maxLength: route.upload.maxBytes } };
      operation['requestBody'] = { required: true, content: Object.fromEntries(route.upload.mediaTypes.map((type) => [type, binary])) };
      parameters.push({
        name: 'X-File-Name',
        in: 'header',
        required: false,
        schema: { type: 'string', maxLength: 200 },
        description: "The file's name, percent-encoded",
      });
      operation['parameters'] = parameters;
    }
    if (isWebhookRoute(route) && route.method !== 'get') {
      // the provider's JSON, read by its signature, not by a schema of ours
      operation['requestBody'] = { required: true, content: { 'application/json': { schema: { type: 'object' } } } };
    }
    const status = String(route.status ?? (isFileUploadRoute(route) ? 201 : 200));
    const responseSchema = route.responseSchema;
    operation['responses'] = {
      [status]: isWebhookRoute(route)
        ? { description: 'Accepted (GET: the challenge)', content: { 'text/plain': { schema: { type: 'string' } } } }
        : isFileDownloadRoute(route)
          ? {
              description: "The file's bytes with its stored Content-Type and a Content-Disposition",
              content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
            }
          : status === '204' || !responseSchema
            ? { description: 'Done' }
            : { description: 'OK', content: { 'application/json': { schema: jsonSchema(responseSchema, 'output') } } },
      ...Object.fromEntries(
        (route.answers ?? []).map((answer) => [
          String(answer.status),
          { description: answer.description, content: { 'application/json': { schema: jsonSchema(answer.schema, 'output') } } },
        ]),
      ),
      default: {
        description: "Error in the caller's language",
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    };
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Pawline API', version: info.version },
    servers: [{ url: info.serverUrl }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: jsonSchema(errorSchema, 'output') },
    },
  };
}
