import { z } from 'zod';
import { ERROR_CODES } from '@pawline/contracts';
import { API_KEY_AREA_OF_TAG } from '../auth/api-key-scope';
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

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before the next attempt', schema: { type: 'integer', minimum: 1 } },
};

/**
 * The error answers the router and the access layer give (ERROR_CODES), one shared description each:
 * every route's operation names those that can reach it, so an integrator sees the error shape per status.
 */
const ERROR_ANSWERS = {
  '400': { description: "validation_failed or bad_json: `fields` names each wrong field in the caller's language", content: errorContent },
  '401': { description: 'unauthorized or session_expired: no valid access token', content: errorContent },
  '402': {
    description: "subscription_inactive (the trial ended or Premium lapsed) or plan_required (the organization's plan lacks the feature)",
    content: errorContent,
  },
  '403': { description: 'forbidden: the caller may not do this here; cross_site_request from another site', content: errorContent },
  '404': { description: "not_found: nothing with these ids in the caller's organization", content: errorContent },
  '409': { description: 'conflict: the record changed in the meantime or the change collides with another', content: errorContent },
  '413': { description: "payload_too_large: the body is over the route's limit", content: errorContent },
  '415': {
    description: 'unsupported_media_type: a body that is not `application/json` (or not an accepted file type)',
    content: errorContent,
  },
  '429': { description: 'rate_limited: too many attempts; wait the seconds of Retry-After', headers: retryAfter, content: errorContent },
} as const;

type ErrorStatus = keyof typeof ERROR_ANSWERS;

/** Which of ERROR_ANSWERS a route can give, from what the router checks before and around its call. */
export function errorStatuses(route: ApiRoute): ErrorStatus[] {
  const statuses: ErrorStatus[] = ['400', '413', '415'];
  if (route.access !== 'public') statuses.push('401');
  if (typeof route.access === 'object') {
    statuses.push('403');
    if (route.access.whileInactive !== true) statuses.push('402');
  } else if (route.crossOrigin || route.sameOriginOnly) statuses.push('403');
  if (pathParameters(route.path).length > 0 || route.localOnly) statuses.push('404');
  if (route.method !== 'get' && typeof route.access === 'object') statuses.push('409');
  if ((route.rateLimits?.length ?? 0) > 0 || route.loginBackoff) statuses.push('429');
  return statuses.sort();
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
      // an API key reaches the routes of its scopes' areas only (issue 33); the others take a person's token
      ...(route.access !== 'public' && (route.access === 'user' || !API_KEY_AREA_OF_TAG[route.tag]) ? { security: [{ bearer: [] }] } : {}),
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
      ...Object.fromEntries(errorStatuses(route).map((status) => [status, { $ref: `#/components/responses/${status}` }])),
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
    info: { title: 'Pawline API', version: info.version, license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } },
    servers: [{ url: info.serverUrl }],
    security: [{ bearer: [] }, { apiKey: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "A person's access token (POST /api/v1/auth/login)" },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'pwk_…',
          description:
            "An organization's API key as `Authorization: Bearer pwk_…` (docs/api-keys.md): the routes of its scopes' areas (calendar: scheduling, customers: crm, booking, messaging), GET with a read scope, every method with a write scope, in its stores; 600 requests a minute per key",
        },
      },
      schemas: { Error: jsonSchema(errorSchema, 'output') },
      responses: ERROR_ANSWERS,
    },
  };
}
