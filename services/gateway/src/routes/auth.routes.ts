import {
  authHttpRoutes,
  loginRpc,
  logoutAllRpc,
  logoutRpc,
  refreshSessionRpc,
  registerUserRpc,
  resendVerificationRpc,
  undoEmailChangeRpc,
  verifyEmailCodeRpc,
  verifyEmailRpc,
} from '@pawline/contracts';
import type { AccessToken, EmailVerified, RpcResponse } from '@pawline/contracts';
import { ApiError } from '../http/api-error';
import { rpcRoute, type ApiRoute, type RouteContext, type RouteReply } from '../http/route-definition';
import { RATE_LIMITS } from '../rate-limit/rate-limiter';

/** The refresh token lives only in this cookie (httpOnly, SameSite=Strict, Path=/api/v1/auth). */
export const REFRESH_COOKIE = 'pawline_refresh';
/** The browser keeps the cookie this long; identity decides whether the token inside is still good. */
const REFRESH_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** Sets the refresh cookie and answers only the access token: the refresh token never reaches scripts. */
export function handOutTokens(tokens: RpcResponse<typeof loginRpc>, reply: RouteReply): AccessToken {
  reply.setCookie(REFRESH_COOKIE, tokens.refresh_token, { maxAgeSeconds: REFRESH_COOKIE_MAX_AGE_SECONDS });
  return { access_token: tokens.access_token, expires_at: tokens.expires_at };
}

/** Issue 29: a confirmed registration address signs in like a login; a confirmed changed address does not. */
function verifiedReply(answer: { session?: RpcResponse<typeof loginRpc> | undefined }, reply: RouteReply): EmailVerified {
  if (!answer.session) return { verified: true, access_token: null, expires_at: null };
  return { verified: true, ...handOutTokens(answer.session, reply) };
}

function refreshCookie(ctx: Pick<RouteContext, 'cookies'>): string {
  const token = ctx.cookies[REFRESH_COOKIE];
  if (!token) throw new ApiError('session_expired');
  return token;
}

const http = authHttpRoutes;

export const authRoutes: ApiRoute[] = [
  rpcRoute(http.register, {
    access: 'public',
    rpc: registerUserRpc,
    rateLimit: { rule: RATE_LIMITS.register, key: (ctx) => ctx.ip },
    input: (ctx) => ctx.body,
  }),
  rpcRoute(http.verifyEmail, {
    access: 'public',
    sameOriginOnly: true,
    rpc: verifyEmailRpc,
    input: (ctx) => (ctx.deviceId ? { ...ctx.body, device_id: ctx.deviceId } : ctx.body),
    output: (answer, reply) => verifiedReply(answer, reply),
  }),
  rpcRoute(http.verifyEmailCode, {
    access: 'public',
    sameOriginOnly: true,
    rpc: verifyEmailCodeRpc,
    // identity counts five tries per code; this keeps one address from trying codes of many accounts
    rateLimit: { rule: RATE_LIMITS.verificationCode, key: (ctx) => ctx.ip },
    input: (ctx) => (ctx.deviceId ? { ...ctx.body, device_id: ctx.deviceId } : ctx.body),
    output: (answer, reply) => verifiedReply(answer, reply),
  }),
  rpcRoute(http.resendVerification, {
    access: 'public',
    sameOriginOnly: true,
    rpc: resendVerificationRpc,
    rateLimit: { rule: RATE_LIMITS.verificationMail, key: (ctx) => ctx.ip },
    input: (ctx) => ctx.body,
  }),
  rpcRoute(http.undoEmailChange, {
    access: 'public',
    rpc: undoEmailChangeRpc,
    input: (ctx) => ctx.body,
  }),
  rpcRoute(http.login, {
    access: 'public',
    sameOriginOnly: true,
    rpc: loginRpc,
    rateLimit: { rule: RATE_LIMITS.login, key: (ctx) => `${ctx.ip}|${ctx.body.username.toLowerCase()}` },
    // per account, whatever the address: rotating addresses does not buy more guesses
    loginBackoff: (ctx) => ctx.body.username,
    input: (ctx) => (ctx.deviceId ? { ...ctx.body, device_id: ctx.deviceId } : ctx.body),
    output: (tokens, reply) => handOutTokens(tokens, reply),
  }),
  rpcRoute(http.refresh, {
    access: 'public',
    sameOriginOnly: true,
    rpc: refreshSessionRpc,
    input: (ctx) => ({ refresh_token: refreshCookie(ctx) }),
    output: (tokens, reply) => handOutTokens(tokens, reply),
  }),
  rpcRoute(http.logout, {
    access: 'public',
    sameOriginOnly: true,
    rpc: logoutRpc,
    input: (ctx) => ({ refresh_token: refreshCookie(ctx) }),
    output: (_data, reply) => {
      reply.clearCookie(REFRESH_COOKIE);
      return null;
    },
  }),
  rpcRoute(http.logoutAll, {
    access: 'user',
    rpc: logoutAllRpc,
    input: () => ({}),
    output: async (_data, reply, ctx) => {
      // this gateway refuses the caller's session at once; identity's event names the others
      await ctx.revokeOwnSessions();
      reply.clearCookie(REFRESH_COOKIE);
      return null;
    },
  }),
];
