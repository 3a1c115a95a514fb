import type { z } from 'zod';
import type { AuthContext, MessageLanguage, RpcContract, RpcRequest, RpcResponse } from '@pawline/contracts';
import type { AccessNeed } from '@pawline/nest-kit';
import type { RateLimitRule } from '../rate-limit/rate-limiter';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The spec §6 guards a route of `:orga` can ask for (the kit's access rules, shared with the services). */
export type OrgaAccess = AccessNeed;

/** Who may call a route: anyone, any signed-in user, or a member passing a spec §6 guard of `:orga`. */
export type RouteAccess = 'public' | 'user' | { orga: OrgaAccess };

export type PathParameter = { pattern: RegExp; description: string };

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

/** A path parameter the router has already checked (as a UUID, or against the route's pattern). */
export function pathParam(ctx: RouteContext, name: string): string {
  return ctx.params[name] ?? '';
}

export const orgaParam = (ctx: RouteContext): string => pathParam(ctx, 'orga');
export const storeParam = (ctx: RouteContext): string => pathParam(ctx, 'store');

/** What a route may do to the HTTP answer besides its body. */
export type RouteReply = {
  setCookie(name: string, value: string, options?: CookieOptions): void;
  clearCookie(name: string): void;
};

type RouteBase = {
  method: HttpMethod;
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
  params?: Record<string, PathParameter>;
  rateLimit?: { rule: RateLimitRule; key(ctx: RouteContext): string };
};

/** A route answered by one RPC of a service. */
export type RpcRoute<C extends RpcContract = RpcContract> = RouteBase & {
  rpc: C;
  input(ctx: RouteContext): RpcRequest<C>;
  /** Shapes the HTTP answer from the RPC answer (default: the answer itself). */
  output?(data: RpcResponse<C>, reply: RouteReply, ctx: RouteContext): unknown;
  /** Schema of the HTTP answer when `output` changes it (OpenAPI). */
  responseSchema?: z.ZodType;
};

/** A route the gateway answers itself (health). */
export type HandlerRoute = RouteBase & {
  handle(ctx: RouteContext): Promise<unknown>;
  responseSchema: z.ZodType;
};

export type ApiRoute = RpcRoute | HandlerRoute | FileRoute | MultiRpcRoute;

/** Keeps the contract's types while writing a route, then widens it for the table. */
export function rpcRoute<C extends RpcContract>(route: RpcRoute<C>): ApiRoute {
  return route;
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
  upload: {
    /** The kind's limit (libs/domain UPLOAD_LIMITS): the body is read up to this plus FILE_BODY_SLACK. */
    maxBytes: number;
    /** Accepted Content-Types (OpenAPI); the service checks the real type by content. */
    mediaTypes: readonly string[];
    send(ctx: RouteContext, file: UploadedFile, rpc: BoundRpc): Promise<unknown>;
  };
  responseSchema: z.ZodType;
};

/** A route answering the bytes of a stored file (Content-Type and Content-Disposition of the file). */
export type FileDownloadRoute = RouteBase & {
  download(ctx: RouteContext, rpc: BoundRpc): Promise<FileDownload>;
};

export type FileRoute = FileUploadRoute | FileDownloadRoute;

/** A JSON route answered by several RPCs of the caller (DELETE .../privacy_file: find the file, then delete it). */
export type MultiRpcRoute = RouteBase & {
  run(ctx: RouteContext, rpc: BoundRpc): Promise<unknown>;
  responseSchema: z.ZodType;
};

export function isMultiRpcRoute(route: ApiRoute): route is MultiRpcRoute {
  return 'run' in route;
}

/** Widens a several-RPC route for the table. */
export function multiRpcRoute(route: MultiRpcRoute): ApiRoute {
  return route;
}

export function isFileUploadRoute(route: ApiRoute | FileRoute): route is FileUploadRoute {
  return 'upload' in route;
}

export function isFileDownloadRoute(route: ApiRoute | FileRoute): route is FileDownloadRoute {
  return 'download' in route;
}

/** Widens a file route for the table. */
export function fileRoute(route: FileRoute): ApiRoute {
  return route;
}

/** Path parameters of a route, in order (`/orga/:orga/store/:store` → orga, store). */
/** An Express path parameter (`:store`, `:y2`). */
export const PATH_PARAMETER = /:([a-z_][a-z0-9_]*)/g;

export function pathParameters(path: string): string[] {
  return [...path.matchAll(PATH_PARAMETER)].map((match) => match[1] ?? '');
}
