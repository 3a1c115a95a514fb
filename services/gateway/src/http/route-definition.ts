import type { z } from 'zod';
import type {
  AuthContext,
  HttpRoute,
  MessageLanguage,
  ParsedRouteBody,
  ParsedRouteQuery,
  PathParameter,
  RpcContract,
  RpcRequest,
  RouteParams,
  RpcResponse,
} from '@pawline/contracts';
import type { AccessNeed } from '@pawline/nest-kit';
import type { RateLimitRule } from '../rate-limit/rate-limiter';
import type { RpcCaller } from './rpc-caller';

export type { HttpMethod, PathParameter } from '@pawline/contracts';

/** The spec §6 guards a route of `:orga` can ask for (the kit's access rules, shared with the services). */
export type OrgaAccess = AccessNeed;

/**
 * Who may call a route: anyone, any signed-in user, or a member passing a spec §6 guard of `:orga`.
 * `whileInactive`: the route stays open while the organization's trial has expired or its Premium
 * lapsed (reading the organization, the plan and subscription, subscribing and paying); every other
 * route of `:orga` then answers 402 subscription_inactive (R4.09, R6.07, docs/adr/0030).
 */
export type RouteAccess = 'public' | 'user' | { orga: OrgaAccess; whileInactive?: true };

export type CookieOptions = { maxAgeSeconds?: number };

/** What a route sees of the HTTP request. */
export type RouteContext = {
  params: Record<string, string>;
  query: unknown;
  body: unknown;
  auth: AuthContext | null;
  /** X-Device-Id: the browser's random id, carried into events so it can skip its own (R4.16). */
  deviceId: string | null;
  lang: MessageLanguage;
  ip: string;
  cookies: Record<string, string>;
  /** Forgets every session of the caller at once on this gateway (and its peers through Redis). */
  revokeOwnSessions(): Promise<void>;
};

/**
 * A path parameter the router has already checked (as a UUID, or against the route's pattern).
 * In a bound route the name must be one of its path's parameters.
 */
export function pathParam<P extends object>(ctx: { params: P }, name: keyof P & string): string {
  return (ctx.params as Record<string, string>)[name] ?? '';
}

export const orgaParam = (ctx: RouteContext): string => pathParam(ctx, 'orga');
export const storeParam = (ctx: RouteContext): string => pathParam(ctx, 'store');

/** A rate limit of a route: the rule and whose counter a request hits (the caller's address, a store…). */
export type RouteRateLimit<C = RouteContext> = { rule: RateLimitRule; key(ctx: C): string };

/**
 * Cross-origin access for the sites a record names (the salon's own site for its booking widget):
 * the router answers the CORS preflight of the route's path and adds Access-Control-Allow-Origin,
 * the exact origin, when the request's Origin is one `origins` lists; any other site gets no CORS
 * headers and, for anything but a read, a 403 with `refused`'s text. Requests of the product's own
 * origin, and those without an Origin, pass as on every route.
 */
export type CrossOrigin = {
  /** The key of the origin list in the path (the store public id), or null when the path has no valid one. */
  key(params: Record<string, string>): string | null;
  /** The origins allowed for the key (none for an unknown key); the router keeps them CROSS_ORIGIN_CACHE_MS. */
  origins(key: string, rpc: RpcCaller): Promise<readonly string[]>;
  /** The refusal's text in the caller's language. */
  refused(lang: MessageLanguage): string;
};

/** An answer besides the success a route documents (OpenAPI): the booking request's 409 with fresh slots. */
export type DocumentedAnswer = { status: number; description: string; schema: z.ZodType };

/** What a route may do to the HTTP answer besides its body. */
export type RouteReply = {
  setCookie(name: string, value: string, options?: CookieOptions): void;
  clearCookie(name: string): void;
};

/**
 * What every route of the table shows: its HTTP declaration from libs/contracts/src/http (method,
 * path, parameters, query, body and answer schemas, copied onto the route so the router, the
 * OpenAPI document and the tenant matrix read them directly) and the gateway's own access rule
 * and rate limit.
 */
type RouteBase = {
  /** How long the service may take, when one call does several services' work (the kit's default: 10 s). */
  timeoutMs?: number;
  /** The declaration the browser's client calls (libs/api-client takes its types from it). */
  http: HttpRoute;
  method: HttpRoute['method'];
  /** Express path, always under /api/v1 (`/api/v1/orga/:orga`). */
  path: string;
  summary: string;
  /** OpenAPI tag */
  tag: string;
  access: RouteAccess;
  /** Success status; 204 answers without a body. Default 200. */
  status?: number;
  /** Strict schema of the JSON body; a route without one accepts no body fields. */
  body?: z.ZodType;
  /** Strict schema of the query string. */
  query?: z.ZodType;
  /**
   * Path parameters that are not ids, such as spec §7's date parts and paging cursors, with
   * the pattern they must match; every other path parameter must be a UUID.
   */
  params?: Readonly<Record<string, PathParameter>>;
  /** Schema of the JSON answer (OpenAPI); absent for 204 and downloads. */
  responseSchema?: z.ZodType;
  /** Every one is counted; the first one over its limit answers 429. */
  rateLimits?: readonly RouteRateLimit[];
  crossOrigin?: CrossOrigin;
  answers?: readonly DocumentedAnswer[];
  /** Answered only to requests from this machine (isLocalRequest); anyone else gets not_found. */
  localOnly?: boolean;
  /** A browser request from another site is refused (refuseCrossSite): the routes that set or read the refresh cookie. */
  sameOriginOnly?: boolean;
  /** The username whose failed logins hold it back (RateLimiter.loginHeldBack): the login route. */
  loginBackoff?(ctx: RouteContext): string;
  /**
   * The calendar's week (issue 34): answered with its ETag (304 when the browser has it) and kept by
   * the gateway process (WeekAnswers) until its organization changes. The RPC's answer must start
   * with its version (weekAnswerText of libs/contracts); `versionRpc` answers `{ version }` for the same input.
   */
  keptWeek?: { versionRpc: RpcContract };
};

/** A route's context with its path parameters, query and body typed by its declaration (the router checked and parsed them). */
export type BoundContext<H extends HttpRoute> = Omit<RouteContext, 'params' | 'query' | 'body'> & {
  params: RouteParams<H>;
  query: ParsedRouteQuery<H>;
  body: ParsedRouteBody<H>;
};

/** The gateway's side of a route: who may call it and how often. */
type Binding<H extends HttpRoute> = {
  access: RouteAccess;
  rateLimit?: RouteRateLimit<BoundContext<H>> | readonly RouteRateLimit<BoundContext<H>>[];
  localOnly?: boolean;
  sameOriginOnly?: boolean;
  loginBackoff?(ctx: BoundContext<H>): string;
  crossOrigin?: CrossOrigin;
  answers?: readonly DocumentedAnswer[];
  timeoutMs?: number;
  keptWeek?: { versionRpc: RpcContract };
};

function rateLimitsOf<H extends HttpRoute>(binding: Binding<H>): readonly RouteRateLimit[] {
  const limits = binding.rateLimit;
  if (!limits) return [];
  // the router parsed the path, query and body by the route's declaration before it counts
  return (Array.isArray(limits) ? limits : [limits]) as readonly RouteRateLimit[];
}

function base<H extends HttpRoute>(http: H, binding: Binding<H>): RouteBase {
  return {
    http,
    method: http.method,
    path: http.path,
    summary: http.summary,
    tag: http.tag,
    access: binding.access,
    ...(http.status !== undefined ? { status: http.status } : {}),
    ...(http.body ? { body: http.body } : {}),
    ...(http.query ? { query: http.query } : {}),
    ...(http.params ? { params: http.params } : {}),
    ...(http.response ? { responseSchema: http.response } : {}),
    ...(binding.rateLimit ? { rateLimits: rateLimitsOf(binding) } : {}),
    ...(binding.crossOrigin ? { crossOrigin: binding.crossOrigin } : {}),
    ...(binding.answers ? { answers: binding.answers } : {}),
    ...(binding.localOnly ? { localOnly: true } : {}),
    ...(binding.sameOriginOnly ? { sameOriginOnly: true } : {}),
    ...(binding.loginBackoff ? { loginBackoff: binding.loginBackoff } : {}),
    ...(binding.timeoutMs ? { timeoutMs: binding.timeoutMs } : {}),
    ...(binding.keptWeek ? { keptWeek: binding.keptWeek } : {}),
  };
}

/** A route answered by one RPC of a service. */
export type RpcRoute<C extends RpcContract = RpcContract> = RouteBase & {
  rpc: C;
  input(ctx: RouteContext): RpcRequest<C>;
  /** Shapes the HTTP answer from the RPC answer (default: the answer itself). */
  output?(data: RpcResponse<C>, reply: RouteReply, ctx: RouteContext): unknown;
};

/** A route the gateway answers itself (health). */
export type HandlerRoute = RouteBase & {
  handle(ctx: RouteContext): Promise<unknown>;
};

export type ApiRoute = RpcRoute | HandlerRoute | FileRoute | MultiRpcRoute | WebhookRoute;

/**
 * Binds a declared route to one RPC: `input` maps the typed path, query and body to the RPC's
 * request. Without `output` the RPC's answer is passed on unread, so the declaration must name the
 * contract's own response schema; that is checked here, when the table is built.
 */
export function rpcRoute<H extends HttpRoute, C extends RpcContract>(
  http: H,
  binding: Binding<H> & {
    rpc: C;
    input(ctx: BoundContext<H>): RpcRequest<C>;
    output?(data: RpcResponse<C>, reply: RouteReply, ctx: BoundContext<H>): unknown;
  },
): ApiRoute {
  if (http.transfer) throw new Error(`${http.method} ${http.path} is a ${http.transfer} route: bind it with its own helper`);
  const answers = (http.status ?? 200) !== 204;
  if (answers && !binding.output && http.response !== binding.rpc.response) {
    throw new Error(`${http.method} ${http.path} passes ${binding.rpc.subject}'s answer on: declare response: that contract's response`);
  }
  if (answers && !http.response) throw new Error(`${http.method} ${http.path} answers JSON: declare its response schema`);
  const route: RpcRoute<C> = {
    ...base(http, binding),
    rpc: binding.rpc,
    input: binding.input,
    ...(binding.output ? { output: binding.output } : {}),
  };
  return route;
}

/** Binds a declared route the gateway answers itself. */
export function handlerRoute<H extends HttpRoute>(
  http: H,
  binding: Binding<H> & { handle(ctx: BoundContext<H>): Promise<unknown> },
): ApiRoute {
  return { ...base(http, binding), handle: binding.handle };
}

export function isRpcRoute(route: ApiRoute): route is RpcRoute {
  return 'rpc' in route;
}

/** The caller's RPCs for a route that needs several of them (auth and language bound). */
export type BoundRpc = {
  call<C extends RpcContract>(contract: C, data: RpcRequest<C>): Promise<RpcResponse<C>>;
};

/** The raw body of a file upload (R7.10): bytes as sent, the Content-Type and `X-File-Name`. */
export type UploadedFile = {
  bytes: Buffer;
  contentType: string;
  fileName: string;
  /** Bytes the caller sent; larger than `bytes.length` when the body went over the cap and was cut. */
  size: number;
  /** The body went over `maxBytes` + FILE_BODY_SLACK: `bytes` holds only its beginning. */
  oversize: boolean;
};

/** Bytes going back to the caller with their stored type and name. */
export type FileDownload = {
  contentType: string;
  fileName: string;
  size: number;
  /** The bytes in order (one RPC per part). */
  parts: AsyncIterable<Buffer>;
};

/** A route taking a raw file body and answering JSON (the stored file's record). */
export type FileUploadRoute = RouteBase & {
  upload: FileUpload;
};

export type FileUpload = {
  /** The kind's limit (libs/domain UPLOAD_LIMITS): the body is read up to this plus FILE_BODY_SLACK. */
  maxBytes: number;
  /** Accepted Content-Types (OpenAPI); the service checks the real type by content. */
  mediaTypes: readonly string[];
  send(ctx: RouteContext, file: UploadedFile, rpc: BoundRpc): Promise<unknown>;
};

/** A route answering the bytes of a stored file (Content-Type and Content-Disposition of the file). */
export type FileDownloadRoute = RouteBase & {
  download(ctx: RouteContext, rpc: BoundRpc): Promise<FileDownload>;
};

export type FileRoute = FileUploadRoute | FileDownloadRoute;

/** A JSON route answered by several RPCs of the caller (DELETE .../privacy_file: find the file, then delete it). */
export type MultiRpcRoute = RouteBase & {
  run(ctx: RouteContext, rpc: BoundRpc): Promise<unknown>;
};

export function isMultiRpcRoute(route: ApiRoute): route is MultiRpcRoute {
  return 'run' in route;
}

/** Binds a declared JSON route answered by several RPCs. */
export function multiRpcRoute<H extends HttpRoute>(
  http: H,
  binding: Binding<H> & { run(ctx: BoundContext<H>, rpc: BoundRpc): Promise<unknown> },
): ApiRoute {
  if (!http.response) throw new Error(`${http.method} ${http.path} answers JSON: declare its response schema`);
  return { ...base(http, binding), run: binding.run };
}

export function isFileUploadRoute(route: ApiRoute | FileRoute): route is FileUploadRoute {
  return 'upload' in route;
}

export function isFileDownloadRoute(route: ApiRoute | FileRoute): route is FileDownloadRoute {
  return 'download' in route;
}

/** Binds a declared upload route (`transfer: 'upload'`): the raw body goes to `send`. */
export function fileUploadRoute<H extends HttpRoute & { transfer: 'upload' }>(
  http: H,
  binding: Binding<H> & {
    upload: Omit<FileUpload, 'send'> & { send(ctx: BoundContext<H>, file: UploadedFile, rpc: BoundRpc): Promise<unknown> };
  },
): ApiRoute {
  return { ...base(http, binding), upload: binding.upload };
}

/** Binds a declared download route (`transfer: 'download'`). */
export function fileDownloadRoute<H extends HttpRoute & { transfer: 'download' }>(
  http: H,
  binding: Binding<H> & { download(ctx: BoundContext<H>, rpc: BoundRpc): Promise<FileDownload> },
): ApiRoute {
  return { ...base(http, binding), download: binding.download };
}

/** An Express path parameter (`:store`, `:y2`). */
export const PATH_PARAMETER = /:([a-z_][a-z0-9_]*)/g;

/** Path parameters of a route, in order (`/orga/:orga/store/:store` → orga, store). */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(PATH_PARAMETER)].map((match) => match[1] ?? '');
}

/** A provider's call as it came: the raw body (undefined for GET) and its headers. */
export type WebhookRequest = { bytes: Buffer | undefined; headers: Record<string, string | string[] | undefined> };

/** A webhook's text answer (Meta reads only the status, and the challenge on GET). */
export type WebhookAnswer = { status: number; text: string };

/**
 * A provider's webhook (`transfer: 'webhook'`): public, its body read raw up to `maxBytes` and passed
 * on unread, since the provider's signature covers those exact bytes; the answer is plain text.
 */
export type WebhookRoute = RouteBase & {
  webhook: { maxBytes: number; answer(ctx: RouteContext, request: WebhookRequest, rpc: BoundRpc): Promise<WebhookAnswer> };
};

export function isWebhookRoute(route: ApiRoute): route is WebhookRoute {
  return 'webhook' in route;
}

/** Binds a declared webhook route. */
export function webhookRoute<H extends HttpRoute & { transfer: 'webhook' }>(
  http: H,
  binding: Binding<H> & {
    webhook: { maxBytes: number; answer(ctx: BoundContext<H>, request: WebhookRequest, rpc: BoundRpc): Promise<WebhookAnswer> };
  },
): ApiRoute {
  if (binding.access !== 'public') throw new Error(`${http.method} ${http.path}: a webhook is public, its signature is its credential`);
  return { ...base(http, binding), webhook: binding.webhook };
}
