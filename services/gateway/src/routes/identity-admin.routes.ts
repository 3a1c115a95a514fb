import { z } from 'zod';
import {
  autologinLinkRpc,
  autologinRpc,
  cancelOrgaRpc,
  changeEmailRpc,
  createMemberRpc,
  createStoreRpc,
  deactivateMemberRpc,
  deleteStoreRpc,
  getMemberRpc,
  listMembersRpc,
  rateAppRpc,
  reactivateMemberRpc,
  requestPasswordResetRpc,
  resetPasswordRpc,
  updateMemberRpc,
  updateOrgaRpc,
  updateOrgaSettingsRpc,
  updateStoreRpc,
} from '@pawline/contracts';
import { orgaParam, pathParam, rpcRoute, storeParam, type ApiRoute } from '../http/route-definition';
import { RATE_LIMITS } from '../rate-limit/rate-limiter';
import { accessTokenSchema, handOutTokens } from './auth.routes';

/** Same lifetime as the login's refresh cookie (auth.routes.ts); identity decides whether the token inside is good. */

// bodies are the contracts' request schemas without the ids the path carries
const orgaBody = updateOrgaRpc.request.omit({ orga_id: true });
const settingsBody = updateOrgaSettingsRpc.request.omit({ orga_id: true });
const storeCreateBody = createStoreRpc.request.omit({ orga_id: true });
const storeUpdateBody = updateStoreRpc.request.omit({ orga_id: true, store_id: true });
const memberCreateBody = createMemberRpc.request.omit({ orga_id: true });
const memberUpdateBody = updateMemberRpc.request.omit({ orga_id: true, user_id: true });
const cancelBody = cancelOrgaRpc.request.omit({ orga_id: true });
const autologinBody = autologinRpc.request.omit({ device_id: true });

/**
 * Account features, organization data and settings, stores and team (issue 3). Organization
 * writes need an organization administrator (spec §6, R2.02); identity checks again, and also
 * that only the owner cancels the organization or touches an owner.
 */
export const identityAdminRoutes: ApiRoute[] = [
  rpcRoute({
    method: 'post',
    path: '/api/v1/auth/password-reset',
    summary: 'Mail a password reset link; answers the same whether or not the address exists (R1.13)',
    tag: 'auth',
    access: 'public',
    rpc: requestPasswordResetRpc,
    body: requestPasswordResetRpc.request,
    rateLimit: { rule: RATE_LIMITS.passwordReset, key: (ctx) => ctx.ip },
    input: (ctx) => ctx.body as z.infer<typeof requestPasswordResetRpc.request>,
  }),
  rpcRoute({
    method: 'post',
    path: '/api/v1/auth/password-reset/confirm',
    summary: 'Set a new password with the single-use token of the reset mail; every session ends (R1.13)',
    tag: 'auth',
    access: 'public',
    rpc: resetPasswordRpc,
    body: resetPasswordRpc.request,
    rateLimit: { rule: RATE_LIMITS.passwordReset, key: (ctx) => ctx.ip },
    input: (ctx) => ctx.body as z.infer<typeof resetPasswordRpc.request>,
  }),
  rpcRoute({
    method: 'post',
    path: '/api/v1/auth/autologin',
    summary: 'Sign in with the decoded u and p of an auto-login link (R2.04); sets the refresh cookie like login',
    tag: 'auth',
    access: 'public',
    rpc: autologinRpc,
    body: autologinBody,
    responseSchema: accessTokenSchema,
    rateLimit: { rule: RATE_LIMITS.login, key: (ctx) => `${ctx.ip}|${(ctx.body as z.infer<typeof autologinBody>).u.toLowerCase()}` },
    input: (ctx) => {
      const body = ctx.body as z.infer<typeof autologinBody>;
      return ctx.deviceId ? { ...body, device_id: ctx.deviceId } : body;
    },
    output: (tokens, reply) => handOutTokens(tokens, reply),
  }),
  rpcRoute({
    method: 'get',
    path: '/api/v1/user/autologin-link',
    summary: 'The /autologin?u=&p= link of the QR code: one-time token, 10 minutes, never the password (R1.15)',
    tag: 'user',
    access: 'user',
    rpc: autologinLinkRpc,
    input: () => ({}),
  }),
  rpcRoute({
    method: 'post',
    path: '/api/v1/user/email',
    summary: 'Change the e-mail address: the new one is mailed a link and takes effect once verified (R1.14)',
    tag: 'user',
    access: 'user',
    rpc: changeEmailRpc,
    body: changeEmailRpc.request,
    input: (ctx) => ctx.body as z.infer<typeof changeEmailRpc.request>,
  }),
  rpcRoute({
    method: 'put',
    path: '/api/v1/user/rating',
    summary: 'Rating prompt answer: 1–5 stars, or -1 for No Thanks; moves last_rating_time (R7.02, R4.07)',
    tag: 'user',
    access: 'user',
    rpc: rateAppRpc,
    body: rateAppRpc.request,
    input: (ctx) => ctx.body as z.infer<typeof rateAppRpc.request>,
  }),
  rpcRoute({
    method: 'put',
    path: '/api/v1/orga/:orga',
    summary: 'Update organization data (R3.02); organization administrators',
    tag: 'orga',
    access: { orga: 'orga_admin' },
    rpc: updateOrgaRpc,
    body: orgaBody,
    input: (ctx) => ({ ...(ctx.body as z.infer<typeof orgaBody>), orga_id: orgaParam(ctx) }),
  }),
  rpcRoute({
    method: 'put',
    path: '/api/v1/orga/:orga/settings',
    summary: 'Minimum ranks, share_pets and the administrator notification (sanitized) (R2.02, R3.02)',
    tag: 'orga',
    access: { orga: 'orga_admin' },
    rpc: updateOrgaSettingsRpc,
    body: settingsBody,
    input: (ctx) => ({ ...(ctx.body as z.infer<typeof settingsBody>), orga_id: orgaParam(ctx) }),
  }),
  rpcRoute({
    method: 'post',
    path: '/api/v1/orga/:orga/cancel',
    summary: 'Cancel the organization: the owner repeats its name; everything of it is deleted (R1.17)',
    tag: 'orga',
    access: { orga: 'orga_admin' },
    rpc: cancelOrgaRpc,
    body: cancelBody,
    input: (ctx) => ({ ...(ctx.body as z.infer<typeof cancelBody>), orga_id: orgaParam(ctx) }),
  }),
  rpcRoute({
    method: 'post',
    path: '/api/v1/orga/:orga/store',
    summary: 'Create a store (R3.04); organization administrators',
    tag: 'orga',
    access: { orga: 'orga_admin' },
    status: 201,
    rpc: createStoreRpc,
    body: storeCreateBody,
    input: (ctx) => ({ ...(ctx.body as z.infer<typeof storeCreateBody>), orga_id: orgaParam(ctx) }),
  }),
  rpcRoute({
    method: 'put',
    path: '/api/v1/orga/:orga/store/:store',
    summary: 'Update a store (R3.04); organization administrators',
    tag: 'orga',
    access: { orga: 'orga_admin' },
    rpc: updateStoreRpc,
    body: storeUpdateBody,
    input: (ctx) => ({ ...(ctx.body as z.infer<typeof storeUpdateBody>), orga_id: orgaParam(ctx), store_id: storeParam(ctx) }),
  }),
  rpcRoute({
    method: 'delete',
    path: '/api/v1/orga/:orga/store/:store',
    summary: 'Delete a store; the last store stays (409); organization administrators',
    tag: 'orga',
    access: { orga: 'orga_admin' },
    status: 204,
    rpc: deleteStoreRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx) }),
  }),
  rpcRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/users',
    summary: 'The team with contact data (R3.03); organization administrators',
    tag: 'orga',
    access: { orga: 'orga_admin' },
    rpc: listMembersRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx) }),
  }),
  rpcRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/users/:user',
    summary: 'One team member by person user id; organization administrators',
    tag: 'orga',
    access: { orga: 'orga_admin' },
    rpc: getMemberRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), user_id: pathParam(ctx, 'user') }),
  }),
  rpcRoute({
    method: 'post',
    path: '/api/v1/orga/:orga/users',
    summary: 'Create a team member: generated username (R5.17), first password answered once, rank and store overrides (R3.03)',
    tag: 'orga',
    access: { orga: 'orga_admin' },
    status: 201,
    rpc: createMemberRpc,
    body: memberCreateBody,
    input: (ctx) => ({ ...(ctx.body as z.infer<typeof memberCreateBody>), orga_id: orgaParam(ctx) }),
  }),
  rpcRoute({
    method: 'put',
    path: '/api/v1/orga/:orga/users/:user',
    summary: 'Update a team member; only the owner makes or changes an owner, nobody grants a rank above their own (R6.02)',
    tag: 'orga',
    access: { orga: 'orga_admin' },
    rpc: updateMemberRpc,
    body: memberUpdateBody,
    input: (ctx) => ({ ...(ctx.body as z.infer<typeof memberUpdateBody>), orga_id: orgaParam(ctx), user_id: pathParam(ctx, 'user') }),
  }),
  rpcRoute({
    method: 'post',
    path: '/api/v1/orga/:orga/users/:user/deactivate',
    summary: 'Deactivate a team member: no sign-in, live sessions end at once (R3.03)',
    tag: 'orga',
    access: { orga: 'orga_admin' },
    rpc: deactivateMemberRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), user_id: pathParam(ctx, 'user') }),
  }),
  rpcRoute({
    method: 'post',
    path: '/api/v1/orga/:orga/users/:user/reactivate',
    summary: 'Reactivate a team member (R3.03)',
    tag: 'orga',
    access: { orga: 'orga_admin' },
    rpc: reactivateMemberRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), user_id: pathParam(ctx, 'user') }),
  }),
];
