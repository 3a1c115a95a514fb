import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { z } from 'zod';
import type { AuthContext } from '@pawline/contracts';
import type { AccessGuard } from '../auth/access.guard';
import type { Authenticator } from '../auth/authenticator';
import type { SessionRevocationStore } from '../auth/session-revocation.store';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { ApiError, mapError } from './api-error';
import { pickLanguage } from './language';
import { answerFileRoute, boundRpc } from './file-transfer';
import { isFileDownloadRoute, isFileUploadRoute, isMultiRpcRoute, isRpcRoute, type ApiRoute, type RouteContext, type RouteReply } from './route-definition';
import { RouteMatcher } from './route-matcher';
import type { PassThroughRpcCaller } from './rpc-caller';

export const BODY_LIMIT = '100kb';

export type ApiDependencies = {
  rpc: PassThroughRpcCaller;
  authenticator: Authenticator;
  guard: AccessGuard;
  rateLimiter: RateLimiter;
  revocations: SessionRevocationStore;
  /** Cookies get `Secure` when the public URL is https. */
  secureCookies: boolean;
  onUnexpectedError(error: unknown, req: Request): void;
};

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One Express router for the whole route table, plus the JSON error answers of /api. The table is
 * matched by RouteMatcher in one step rather than by one Express layer per route (each a regular
 * expression tried in turn, on every request).
 */
export function buildApiRouter(routes: readonly ApiRoute[], deps: ApiDependencies): Router {
  const router = express.Router();
  const parseJson = express.json({ limit: BODY_LIMIT, strict: true, type: () => true });
  const matcher = new RouteMatcher(routes);
  router.use((req: Request, res: Response, next: NextFunction) => {
    const match = matcher.match(req.method, req.url);
    if (!match) {
      next();
      return;
    }
    req.params = match.params;
    // a file upload reads its raw body itself (R7.10), capped by its kind's limit
    const readBody = isFileUploadRoute(match.route) ? skipBody : parseJson;
    readBody(req, res, (error?: unknown) => {
      if (error) next(error);
      else void answer(match.route, deps, req, res);
    });
  });
  router.use('/api', (req: Request, res: Response) => {
    sendError(res, new ApiError('not_found'), pickLanguage(req.headers['accept-language']));
  });
  router.use(bodyErrorHandler);
  return router;
}

function skipBody(_req: Request, _res: Response, next: NextFunction): void {
  next();
}

/** Errors raised before a route runs (body parser, also Nest's own when it parsed first). */
export function bodyErrorHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  const type = typeof error === 'object' && error !== null ? (error as { type?: unknown }).type : undefined;
  if (typeof type !== 'string' || !req.path.startsWith('/api/')) {
    next(error);
    return;
  }
  const lang = pickLanguage(req.headers['accept-language']);
  sendError(res, new ApiError(type === 'entity.too.large' ? 'payload_too_large' : 'bad_json'), lang);
}

async function answer(route: ApiRoute, deps: ApiDependencies, req: Request, res: Response): Promise<void> {
  const lang = pickLanguage(req.headers['accept-language']);
  try {
    const auth = await authenticate(route, deps, req);
    const params = validParams(route, req.params as Record<string, string>);
    if (typeof route.access === 'object') {
      if (!auth) throw new ApiError('unauthorized');
      await deps.guard.check(auth, route.access.orga, params['orga'] ?? '', params['store'] ?? null);
    }
    const ctx: RouteContext = {
      params,
      query: route.query ? parse(route.query, { ...(req.query as Record<string, unknown>) }) : {},
      body: parse(route.body, req.body),
      auth,
      deviceId: deviceIdOf(req),
      lang,
      ip: req.ip ?? req.socket.remoteAddress ?? 'unknown',
      cookies: parseCookies(req.headers.cookie),
      revokeOwnSessions: async () => {
        if (auth) await deps.revocations.revoke(auth.userId, null, new Date());
      },
    };
    if (route.rateLimit) {
      const decision = await deps.rateLimiter.consume(route.rateLimit.rule, route.rateLimit.key(ctx));
      if (!decision.allowed) throw new ApiError('rate_limited', { retryAfterSeconds: decision.retryAfterSeconds });
    }
    if (isFileUploadRoute(route) || isFileDownloadRoute(route)) {
      await answerFileRoute(route, deps.rpc, ctx, req, res);
      return;
    }
    const status = route.status ?? 200;
    if (isRpcRoute(route) && !route.output && status !== 204) {
      // the service's answer is the route's answer: pass its JSON text on unread
      const raw = await deps.rpc.callRaw(route.rpc, route.input(ctx), { auth, lang });
      res.status(status).type('application/json').send(raw.text);
      return;
    }
    const reply = replyOf(res, deps.secureCookies);
    let result: unknown;
    if (isRpcRoute(route)) {
      const data = await deps.rpc.call(route.rpc, route.input(ctx), { auth, lang });
      result = route.output ? await route.output(data, reply, ctx) : data;
    } else if (isMultiRpcRoute(route)) {
      result = await route.run(ctx, boundRpc(deps.rpc, auth, lang));
    } else {
      result = await route.handle(ctx);
    }
    if (status === 204) res.status(204).end();
    else res.status(status).json(result);
  } catch (error) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const mapped = mapError(error, lang);
    if (mapped.status >= 500 && mapped.body.code === 'internal') deps.onUnexpectedError(error, req);
    sendError(res, error, lang);
  }
}

async function authenticate(route: ApiRoute, deps: ApiDependencies, req: Request): Promise<AuthContext | null> {
  const deviceId = deviceIdOf(req) ?? undefined;
  if (route.access === 'public') {
    // a public route works the same with a stale token
    try {
      return await deps.authenticator.fromAuthorization(req.headers.authorization, deviceId);
    } catch {
      return null;
    }
  }
  const auth = await deps.authenticator.fromAuthorization(req.headers.authorization, deviceId);
  if (!auth) throw new ApiError('unauthorized');
  return auth;
}

const deviceIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** X-Device-Id, else the optional socket id header of the file calls (spec §7, R7.10). */
function deviceIdOf(req: Request): string | null {
  const device = req.headers['x-device-id'] ?? req.headers['x-socket-id'];
  return typeof device === 'string' && deviceIdPattern.test(device) ? device : null;
}

/** The route's path parameters, as RouteMatcher decoded them (exactly the route's), checked. */
function validParams(route: ApiRoute, params: Record<string, string>): Record<string, string> {
  const fields: Record<string, string> = {};
  const valid: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const special = route.params?.[name];
    if (special) {
      if (!special.pattern.test(value)) fields[name] = special.description;
      valid[name] = value;
    } else {
      if (!uuid.test(value)) fields[name] = 'Invalid UUID';
      valid[name] = value.toLowerCase();
    }
  }
  if (Object.keys(fields).length > 0) throw new ApiError('validation_failed', { fields });
  return valid;
}

function parse(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) {
    const empty = value === undefined || (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0);
    if (empty) return {};
    throw new ApiError('validation_failed', { fields: { _: 'This route takes no body' } });
  }
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path.map(String), key].join('.')] ??= 'Unknown field';
      continue;
    }
    fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  }
  throw new ApiError('validation_failed', { fields });
}

function sendError(res: Response, error: unknown, lang: string): void {
  const mapped = mapError(error, lang);
  if (mapped.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(mapped.retryAfterSeconds));
  res.status(mapped.status).json(mapped.body);
}

function replyOf(res: Response, secure: boolean): RouteReply {
  return {
    setCookie(name, value, options = {}) {
      res.cookie(name, value, {
        httpOnly: true,
        sameSite: 'strict',
        path: '/api/v1/auth',
        secure,
        ...(options.maxAgeSeconds !== undefined ? { maxAge: options.maxAgeSeconds * 1000 } : {}),
      });
    },
    clearCookie(name) {
      res.clearCookie(name, { httpOnly: true, sameSite: 'strict', path: '/api/v1/auth', secure });
    },
  };
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    const raw = part.slice(index + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      cookies[name] = decodeURIComponent(raw);
    } catch {
      cookies[name] = raw;
    }
  }
  return cookies;
}
