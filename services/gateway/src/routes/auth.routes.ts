import { z } from 'zod';
import {
  loginRpc,
  logoutAllRpc,
  logoutRpc,
  refreshSessionRpc,
  registerUserRpc,
  verifyEmailRpc,
  type RpcResponse,
} from '@pawline/contracts';
import { ApiError } from '../http/api-error';
import { rpcRoute, type ApiRoute, type RouteContext, type RouteReply } from '../http/route-definition';
import { RATE_LIMITS } from '../rate-limit/rate-limiter';

/** The refresh token lives only in this cookie (httpOnly, SameSite=Strict, Path=/api/v1/auth). */
export const REFRESH_COOKIE = 'pawline_refresh';
/** The browser keeps the cookie this long; identity decides whether the token inside is still good. */
const REFRESH_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 3600;

export const accessTokenSchema = z.object({ access_token: z.string(), expires_at: z.string() });

/** Sets the refresh cookie and answers only the access token: the refresh token never reaches scripts. */
export function handOutTokens(tokens: RpcResponse<typeof loginRpc>, reply: RouteReply): z.infer<typeof accessTokenSchema> {
  reply.setCookie(REFRESH_COOKIE, tokens.refresh_token, { maxAgeSeconds: REFRESH_COOKIE_MAX_AGE_SECONDS });
  return { access_token: tokens.access_token, expires_at: tokens.expires_at };
}

function refreshCookie(ctx: RouteContext): string {
  const token = ctx.cookies[REFRESH_COOKIE];
  if (!token) throw new ApiError('session_expired');
  return token;
}

const loginBody = loginRpc.request.omit({ device_id: true });

export const authRoutes: ApiRoute[] = [
  rpcRoute({
    method: 'post',
    path: '/api/v1/auth/register',
    summary: 'Register a user with a new organization and its first store; sends the e-mail validation mail',
    tag: 'auth',
    access: 'public',
    status: 201,
    rpc: registerUserRpc,
    body: registerUserRpc.request,
    rateLimit: { rule: RATE_LIMITS.register, key: (ctx) => ctx.ip },
    input: (ctx) => ctx.body as z.infer<typeof registerUserRpc.request>,
  }),
  rpcRoute({
    method: 'post',
    path: '/api/v1/auth/verify-email',
    summary: 'Confirm an e-mail address with the token of the validation mail',
    tag: 'auth',
    access: 'public',
    rpc: verifyEmailRpc,
    body: verifyEmailRpc.request,
    input: (ctx) => ctx.body as z.infer<typeof verifyEmailRpc.request>,
  }),
  rpcRoute({
    method: 'post',
    path: '/api/v1/auth/login',
    summary: 'Sign in; answers the access token and sets the refresh cookie',
    tag: 'auth',
    access: 'public',
    rpc: loginRpc,
    body: loginBody,
    responseSchema: accessTokenSchema,
    rateLimit: {
      rule: RATE_LIMITS.login,
      key: (ctx) => `${ctx.ip}|${(ctx.body as z.infer<typeof loginBody>).username.toLowerCase()}`,
    },
    input: (ctx) => {
      const body = ctx.body as z.infer<typeof loginBody>;
      const device = ctx.deviceId;
      return device ? { ...body, device_id: device } : body;
    },
    output: (tokens, reply) => handOutTokens(tokens, reply),
  }),
  rpcRoute({
    method: 'post',
    path: '/api/v1/auth/refresh',
    summary: 'Rotate the refresh cookie and get a new access token; a replayed token ends the whole session',
    tag: 'auth',
    access: 'public',
    rpc: refreshSessionRpc,
    responseSchema: accessTokenSchema,
    input: (ctx) => ({ refresh_token: refreshCookie(ctx) }),
    output: (tokens, reply) => handOutTokens(tokens, reply),
  }),
  rpcRoute({
    method: 'post',
    path: '/api/v1/auth/logout',
    summary: 'End the session of the refresh cookie',
    tag: 'auth',
    access: 'public',
    status: 204,
    rpc: logoutRpc,
    input: (ctx) => ({ refresh_token: refreshCookie(ctx) }),
    output: (_data, reply) => {
      reply.clearCookie(REFRESH_COOKIE);
      return null;
    },
  }),
  rpcRoute({
    method: 'post',
    path: '/api/v1/auth/logout-all',
    summary: 'End every session of the signed-in user (R1.14)',
    tag: 'auth',
    access: 'user',
    status: 204,
    rpc: logoutAllRpc,
    input: () => ({}),
    output: async (_data, reply, ctx) => {
      // the revocation event follows through the bus; this gateway forgets the sessions at once
      await ctx.revokeOwnSessions();
      reply.clearCookie(REFRESH_COOKIE);
      return null;
    },
  }),
];
