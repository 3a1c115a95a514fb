import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { z } from 'zod';
import {
  fieldIssueTexts,
  invalidFieldText,
  versionOfWeekAnswer,
  type AuthContext,
  type CheckedMember,
  type RpcContract,
} from '@pawline/contracts';
import { planHistoryStart } from '@pawline/nest-kit';
import type { AccessGuard } from '../auth/access.guard';
import type { Authenticator } from '../auth/authenticator';
import type { SessionRevocationStore } from '../auth/session-revocation.store';
import { RATE_LIMITS, type RateLimiter } from '../rate-limit/rate-limiter';
import { ApiError, mapError } from './api-error';
import { CrossOriginCache, crossOriginPreflight, crossOriginRequest } from './cross-origin';
import { answerFileRoute, boundRpc, readRawBody } from './file-transfer';
import {
  appendCookie,
  clientIp,
  isLocalRequest,
  parseCookies,
  readJsonBody,
  refuseCrossSite,
  requireJsonContentType,
  sendJson,
  sendJsonText,
  type TrustedProxies,
} from './http-io';
import { unsafeTextFields } from './input-text';
import { pickLanguage } from './language';
import {
  isFileDownloadRoute,
  isFileUploadRoute,
  isMultiRpcRoute,
  isRpcRoute,
  isWebhookRoute,
  type ApiRoute,
  type RouteContext,
  type RouteReply,
} from './route-definition';
import { RouteMatcher, type RouteMatch } from './route-matcher';
import type { PassThroughRpcCaller } from './rpc-caller';
import { etagMatches, weekEtag, type KeptWeek, type WeekAnswers } from './week-answers';

export type ApiDependencies = {
  rpc: PassThroughRpcCaller;
  /**
   * Called as soon as a changing route's identity call settles, and awaited before the answer is
   * sent: the gateway drops the memberships it keeps for the organization (or, without one, the
   * caller's) and moves the realtime sockets concerned. Must not reject.
   */
  onIdentityChange?(orgaId: string | null, userId: string | null): void | Promise<void>;
  authenticator: Authenticator;
  guard: AccessGuard;
  rateLimiter: RateLimiter;
  revocations: SessionRevocationStore;
  /** Cookies get `Secure` when the public URL is https. */
  secureCookies: boolean;
  /** TRUSTED_PROXIES: whose X-Forwarded-For names the caller (default none). */
  trustedProxies?: TrustedProxies;
  /** The origin of PUBLIC_URL: a browser request from it is not cross-site (besides the Host's own origin). */
  publicOrigin?: string;
  onUnexpectedError(error: unknown, req: IncomingMessage): void;
  /** The calendar's recent weeks in this process (issue 34); without it a week is asked of scheduling every time. */
  weekAnswers?: WeekAnswers;
};

/** Answers the requests of /api/v1 on node:http; `handle` says whether a request was one. */
export type ApiHandler = { handle(req: IncomingMessage, res: ServerResponse): boolean };

const API_PREFIX = '/api/v1/';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The route table on node:http: everything under /api/v1 is answered here, a path of no route
 * with the JSON not_found. Every API request passes here, so it is matched in one step
 * (RouteMatcher), and Express (its request decoration, its layers, its body parser) is left to
 * the docs, the dev mailbox and the frontends.
 */
export function buildApiHandler(routes: readonly ApiRoute[], deps: ApiDependencies): ApiHandler {
  const matcher = new RouteMatcher(routes);
  const origins = new CrossOriginCache(deps.rpc);
  return {
    handle(req, res) {
      const url = req.url ?? '/';
      // path literals match case-insensitively, as Express matched them
      if (url.slice(0, API_PREFIX.length).toLowerCase() !== API_PREFIX) return false;
      if (req.method === 'OPTIONS') {
        // a CORS preflight: only the routes open to other sites (crossOrigin) answer one
        const asked = req.headers['access-control-request-method'];
        const preflighted = matcher.match(typeof asked === 'string' ? asked.toUpperCase() : 'GET', url);
        if (preflighted?.route.crossOrigin) void preflight(preflighted, origins, deps, req, res);
        else sendError(res, new ApiError('not_found'), pickLanguage(req.headers['accept-language']));
        return true;
      }
      const match = matcher.match(req.method ?? 'GET', url);
      if (match) void answer(match, deps, origins, req, res);
      else sendError(res, new ApiError('not_found'), pickLanguage(req.headers['accept-language']));
      return true;
    },
  };
}

async function preflight(match: RouteMatch, origins: CrossOriginCache, deps: ApiDependencies, req: IncomingMessage, res: ServerResponse) {
  const lang = pickLanguage(req.headers['accept-language']);
  try {
    if (match.route.crossOrigin)
      await crossOriginPreflight(match.route.crossOrigin, origins, match.params, req, res, deps.publicOrigin, lang);
  } catch (error) {
    if (mapError(error, lang).status >= 500) deps.onUnexpectedError(error, req);
    sendError(res, error, lang);
  }
}

async function answer(
  match: RouteMatch,
  deps: ApiDependencies,
  origins: CrossOriginCache,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const { route } = match;
  const lang = pickLanguage(req.headers['accept-language']);
  try {
    // first: even a refusal of the route must be readable by an allowed site
    if (route.crossOrigin) await crossOriginRequest(route.crossOrigin, origins, match.params, req, res, deps.publicOrigin, lang);
    if (route.localOnly && !isLocalRequest(req)) throw new ApiError('not_found');
    if (route.sameOriginOnly) refuseCrossSite(req, deps.publicOrigin);
    // a file upload reads its raw body itself (R7.10), capped by its kind's limit; a body error comes before auth
    if (!isFileUploadRoute(route)) requireJsonContentType(req);
    // a webhook's JSON is passed on as the bytes its sender signed
    const raw = isWebhookRoute(route) ? await webhookBody(req, res, route.webhook.maxBytes) : undefined;
    const body = isFileUploadRoute(route) || isWebhookRoute(route) ? undefined : await readJsonBody(req, res);
    const auth = await authenticate(route, deps, req);
    const params = validParams(route, match.params, lang);
    // an API key's requests are counted per key (issue 33), before anything else is asked on its behalf
    if (auth?.apiKey && route.access !== 'public') {
      const decision = await deps.rateLimiter.consume(RATE_LIMITS.apiKey, auth.userId);
      if (!decision.allowed) throw new ApiError('rate_limited', { retryAfterSeconds: decision.retryAfterSeconds });
    }
    let member: CheckedMember | undefined;
    if (typeof route.access === 'object') {
      if (!auth) throw new ApiError('unauthorized');
      member = await deps.guard.check(auth, route.access.orga, params['orga'] ?? '', params['store'] ?? null, {
        whileInactive: route.access.whileInactive === true,
        route: { method: route.method, tag: route.tag },
      });
    } else if (route.access === 'user' && auth) deps.guard.checkPerson(auth);
    let rpc =
      route.method === 'get'
        ? deps.rpc
        : droppingWeeksAfterScheduling(
            deps,
            params['orga'] ?? null,
            droppingMembershipsAfterIdentity(deps, params['orga'] ?? null, auth?.userId ?? null),
          );
    const ctx: RouteContext = {
      params,
      query: route.query ? parse(route.query, queryOf(req.url ?? ''), lang) : {},
      body: parse(route.body, body, lang),
      auth,
      deviceId: deviceIdOf(req),
      lang,
      ip: clientIp(req, deps.trustedProxies),
      cookies: parseCookies(req.headers.cookie),
      revokeOwnSessions: async () => {
        // the caller's own session at once; the others follow with identity's event, which names them
        if (auth) await deps.revocations.revoke(auth.userId, [auth.sessionId], new Date());
      },
    };
    for (const limit of route.rateLimits ?? []) {
      const decision = await deps.rateLimiter.consume(limit.rule, limit.key(ctx));
      if (!decision.allowed) throw new ApiError('rate_limited', { retryAfterSeconds: decision.retryAfterSeconds });
    }
    if (route.loginBackoff) {
      const username = route.loginBackoff(ctx);
      const decision = await deps.rateLimiter.loginHeldBack(username);
      if (!decision.allowed) throw new ApiError('rate_limited', { retryAfterSeconds: decision.retryAfterSeconds });
      rpc = countingLoginFailures(rpc, deps.rateLimiter, username);
    }
    if (isFileUploadRoute(route) || isFileDownloadRoute(route)) {
      await answerFileRoute(route, rpc, ctx, req, res, member);
      return;
    }
    if (isWebhookRoute(route)) {
      const answer = await route.webhook.answer(ctx, { bytes: raw, headers: req.headers }, boundRpc(rpc, auth, lang));
      res.statusCode = answer.status;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.setHeader('Content-Length', Buffer.byteLength(answer.text));
      res.end(answer.text);
      return;
    }
    const status = route.status ?? 200;
    if (isRpcRoute(route) && !route.output && status !== 204) {
      if (route.keptWeek && deps.weekAnswers && member) {
        const input = route.input(ctx);
        const versionRpc = route.keptWeek.versionRpc;
        await answerWeek(
          deps.weekAnswers,
          member,
          ctx,
          req,
          res,
          () => rpc.callRaw(route.rpc, input, { auth, lang, member, timeoutMs: route.timeoutMs }),
          async () => ((await rpc.call(versionRpc, input, { auth, lang, member })) as { version: string }).version,
        );
        return;
      }
      // the service's answer is the route's answer: pass its JSON text on unread
      const raw = await rpc.callRaw(route.rpc, route.input(ctx), { auth, lang, member, timeoutMs: route.timeoutMs });
      sendJsonText(res, status, raw.text);
      return;
    }
    const reply = replyOf(res, deps.secureCookies);
    let result: unknown;
    if (isRpcRoute(route)) {
      const data = await rpc.call(route.rpc, route.input(ctx), { auth, lang, member, timeoutMs: route.timeoutMs });
      result = route.output ? await route.output(data, reply, ctx) : data;
    } else if (isMultiRpcRoute(route)) {
      result = await route.run(ctx, boundRpc(rpc, auth, lang, member));
    } else {
      result = await route.handle(ctx);
    }
    if (status === 204) {
      res.statusCode = 204;
      res.end();
    } else sendJson(res, status, result);
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

/**
 * The calendar's week (issue 34), after the route's access check: the answer kept by this process
 * when its organization has not changed since or scheduling says its version is still the week's,
 * else scheduling's answer; with its ETag (the week's version
 * and the first day the caller's plan shows), and 304 without a body when the browser names it.
 * `no-cache`: the browser keeps the answer but asks every time, so a change is seen at once.
 */
async function answerWeek(
  weeks: WeekAnswers,
  member: CheckedMember,
  ctx: RouteContext,
  req: IncomingMessage,
  res: ServerResponse,
  read: () => Promise<{ text: string }>,
  readVersion: () => Promise<string>,
): Promise<void> {
  const orgaId = ctx.params['orga'] ?? '';
  const windowStart = planHistoryStart(member);
  // by the hour: scheduling cuts at the store's local day, and the hour a day starts differs by time zone
  const windowTag = windowStart ? windowStart.toISOString().slice(0, 13).replace(/\D/g, '') : 'all';
  const key = `${orgaId}|${Object.entries(ctx.params)
    .map(([name, value]) => `${name}=${value}`)
    .join('&')}|${windowTag}`;
  let kept: { text: string; etag: string } | undefined = weeks.get(key);
  if (kept && !(kept as KeptWeek).fresh) {
    // changed since: the kept answer serves only while its version is still the week's (nothing big crosses NATS)
    const generation = weeks.generation(orgaId);
    if ((await readVersion()) === (kept as KeptWeek).version) weeks.confirm(key, generation);
    else kept = undefined;
  }
  if (!kept) {
    const generation = weeks.generation(orgaId);
    const { text } = await read();
    const version = versionOfWeekAnswer(text);
    if (!version) {
      sendJsonText(res, 200, text);
      return;
    }
    kept = { text, etag: weekEtag(version, windowTag) };
    weeks.keep(key, orgaId, generation, text, kept.etag, version);
  }
  res.setHeader('ETag', kept.etag);
  res.setHeader('Cache-Control', 'private, no-cache');
  if (etagMatches(req.headers['if-none-match'], kept.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  sendJsonText(res, 200, kept.text);
}

/**
 * A changing route's calls to scheduling: once one settles, whatever its outcome, this process's
 * kept weeks of the organization are to be checked (before the answer), so the caller's next read of its week
 * sees its own change even before scheduling's event arrives.
 */
function droppingWeeksAfterScheduling(deps: ApiDependencies, orgaId: string | null, rpc: PassThroughRpcCaller): PassThroughRpcCaller {
  const weeks = deps.weekAnswers;
  if (!weeks || !orgaId) return rpc;
  const settled = <T>(contract: RpcContract, work: Promise<T>): Promise<T> =>
    contract.subject.startsWith('rpc.scheduling.') ? work.finally(() => weeks.organizationChanged(orgaId)) : work;
  return {
    call: (contract, data, options) => settled(contract, rpc.call(contract, data, options)),
    callRaw: (contract, data, options) => settled(contract, rpc.callRaw(contract, data, options)),
  };
}

/**
 * A changing route's calls to identity (rank, store overrides, deactivation, removal, stores,
 * minimum ranks…): once one settles, whatever its outcome, the memberships kept for the
 * organization are dropped and its realtime sockets moved (awaited: `finally` waits for the
 * promise), so the caller's very next request, and the very next event, meet the new access.
 */
function droppingMembershipsAfterIdentity(deps: ApiDependencies, orgaId: string | null, userId: string | null): PassThroughRpcCaller {
  const onChange = deps.onIdentityChange;
  if (!onChange) return deps.rpc;
  const settled = <T>(contract: RpcContract, work: Promise<T>): Promise<T> =>
    contract.subject.startsWith('rpc.identity.') ? work.finally(() => onChange(orgaId, userId)) : work;
  return {
    call: (contract, data, options) => settled(contract, deps.rpc.call(contract, data, options)),
    callRaw: (contract, data, options) => settled(contract, deps.rpc.callRaw(contract, data, options)),
  };
}

/** A webhook's raw body: undefined without one, 413 above the route's cap. */
async function webhookBody(req: IncomingMessage, res: ServerResponse, cap: number): Promise<Buffer | undefined> {
  const length = req.headers['content-length'];
  if (length === undefined && req.headers['transfer-encoding'] === undefined) return undefined;
  if (length !== undefined && Number(length) > cap) {
    res.shouldKeepAlive = false;
    throw new ApiError('payload_too_large');
  }
  const body = await readRawBody(req, cap);
  if (body.oversize) throw new ApiError('payload_too_large');
  return body.bytes;
}

/** Wrong username or password: the failures the login backoff counts. */
const FAILED_LOGIN_CODES: ReadonlySet<unknown> = new Set(['server_100', 'server_112']);

/** Tells the rate limiter how the login call ended: a wrong password counts, a success forgets the failures. */
function countingLoginFailures(rpc: PassThroughRpcCaller, limiter: RateLimiter, username: string): PassThroughRpcCaller {
  const counted = async <T>(work: Promise<T>): Promise<T> => {
    try {
      const result = await work;
      await limiter.loginSucceeded(username);
      return result;
    } catch (error) {
      if (typeof error === 'object' && error !== null && FAILED_LOGIN_CODES.has((error as { code?: unknown }).code)) {
        await limiter.loginFailed(username);
      }
      throw error;
    }
  };
  return {
    call: (contract, data, options) => counted(rpc.call(contract, data, options)),
    callRaw: (contract, data, options) => counted(rpc.callRaw(contract, data, options)),
  };
}

async function authenticate(route: ApiRoute, deps: ApiDependencies, req: IncomingMessage): Promise<AuthContext | null> {
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
function deviceIdOf(req: IncomingMessage): string | null {
  const device = req.headers['x-device-id'] ?? req.headers['x-socket-id'];
  return typeof device === 'string' && deviceIdPattern.test(device) ? device : null;
}

/** The route's path parameters, as RouteMatcher decoded them (exactly the route's), checked. */
function validParams(route: ApiRoute, params: Record<string, string>, lang: string): Record<string, string> {
  const fields: Record<string, string> = {};
  const valid: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const special = route.params?.[name];
    if (special) {
      if (!special.pattern.test(value)) fields[name] = special.description;
      valid[name] = value;
    } else {
      if (!uuid.test(value)) fields[name] = invalidFieldText(lang);
      valid[name] = value.toLowerCase();
    }
  }
  if (Object.keys(fields).length > 0) throw new ApiError('validation_failed', { fields });
  return valid;
}

function parse(schema: z.ZodType | undefined, value: unknown, lang: string): unknown {
  const unsafe = unsafeTextFields(value);
  if (Object.keys(unsafe).length > 0) throw new ApiError('validation_failed', { fields: unsafe });
  if (!schema) {
    const empty =
      value === undefined || (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0);
    if (empty) return {};
    throw new ApiError('validation_failed', { fields: { _: 'This route takes no body' } });
  }
  // the input in each issue tells a missing field from a wrong one; it never leaves the gateway
  const parsed = schema.safeParse(value ?? {}, { reportInput: true });
  if (parsed.success) return parsed.data;
  // issue 29: texts for a person in their language, never the schema library's words
  throw new ApiError('validation_failed', { fields: fieldIssueTexts(parsed.error.issues, lang) });
}

/** The JSON error answer `{ code, message, fields? }` in the caller's language (Retry-After on a 429). */
export function sendError(res: ServerResponse, error: unknown, lang: string): void {
  const mapped = mapError(error, lang);
  if (mapped.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(mapped.retryAfterSeconds));
  sendJson(res, mapped.status, mapped.body);
}

/** The query string as Express's simple parser read it (a repeated key is an array). */
function queryOf(url: string): Record<string, unknown> {
  const index = url.indexOf('?');
  return index < 0 ? {} : { ...parseQuery(url.slice(index + 1)) };
}

/** The refresh cookie lives on the auth routes only, out of reach of scripts and other sites. */
function replyOf(res: ServerResponse, secure: boolean): RouteReply {
  const attributes = { path: '/api/v1/auth', httpOnly: true, secure, sameSite: 'Strict' } as const;
  return {
    setCookie(name, value, options = {}) {
      appendCookie(res, name, value, {
        ...attributes,
        ...(options.maxAgeSeconds !== undefined ? { maxAgeSeconds: options.maxAgeSeconds } : {}),
      });
    },
    clearCookie(name) {
      appendCookie(res, name, '', { ...attributes, maxAgeSeconds: 0 });
    },
  };
}
