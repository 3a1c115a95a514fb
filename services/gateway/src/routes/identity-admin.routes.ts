import {
  authHttpRoutes,
  autologinLinkRpc,
  autologinRpc,
  cancelOrgaRpc,
  createApiKeyRpc,
  listApiKeysRpc,
  revokeApiKeyRpc,
  changeEmailRpc,
  createMemberRpc,
  createStoreRpc,
  deactivateMemberRpc,
  deleteStoreRpc,
  getMemberRpc,
  listMembersRpc,
  orgaHttpRoutes,
  rateAppRpc,
  reactivateMemberRpc,
  requestPasswordResetRpc,
  resetPasswordRpc,
  updateMemberRpc,
  updateOrgaRpc,
  updateOrgaSettingsRpc,
  updateStoreRpc,
  userHttpRoutes,
} from '@pawline/contracts';
import { orgaParam, pathParam, rpcRoute, storeParam, type ApiRoute } from '../http/route-definition';
import { RATE_LIMITS } from '../rate-limit/rate-limiter';
import { handOutTokens } from './auth.routes';

const orga = orgaHttpRoutes;

/**
 * Account features, organization data and settings, stores and team (issue 3). Organization
 * writes need an organization administrator (spec §6, R2.02); identity checks again, and also
 * that only the owner cancels the organization or touches an owner.
 */
export const identityAdminRoutes: ApiRoute[] = [
  rpcRoute(authHttpRoutes.requestPasswordReset, {
    access: 'public',
    rpc: requestPasswordResetRpc,
    rateLimit: { rule: RATE_LIMITS.passwordReset, key: (ctx) => ctx.ip },
    input: (ctx) => ctx.body,
  }),
  rpcRoute(authHttpRoutes.confirmPasswordReset, {
    access: 'public',
    rpc: resetPasswordRpc,
    rateLimit: { rule: RATE_LIMITS.passwordReset, key: (ctx) => ctx.ip },
    input: (ctx) => ctx.body,
  }),
  rpcRoute(authHttpRoutes.autologin, {
    access: 'public',
    rpc: autologinRpc,
    rateLimit: { rule: RATE_LIMITS.login, key: (ctx) => `${ctx.ip}|${ctx.body.u.toLowerCase()}` },
    input: (ctx) => (ctx.deviceId ? { ...ctx.body, device_id: ctx.deviceId } : ctx.body),
    output: (tokens, reply) => handOutTokens(tokens, reply),
  }),
  rpcRoute(userHttpRoutes.getAutologinLink, { access: 'user', rpc: autologinLinkRpc, input: () => ({}) }),
  rpcRoute(userHttpRoutes.changeEmail, { access: 'user', rpc: changeEmailRpc, input: (ctx) => ctx.body }),
  rpcRoute(userHttpRoutes.rate, { access: 'user', rpc: rateAppRpc, input: (ctx) => ctx.body }),
  rpcRoute(orga.updateOrga, {
    access: { orga: 'orga_admin' },
    rpc: updateOrgaRpc,
    input: (ctx) => ({ ...ctx.body, orga_id: orgaParam(ctx) }),
  }),
  rpcRoute(orga.updateOrgaSettings, {
    access: { orga: 'orga_admin' },
    rpc: updateOrgaSettingsRpc,
    input: (ctx) => ({ ...ctx.body, orga_id: orgaParam(ctx) }),
  }),
  // an expired trial may still be cancelled instead of subscribed (R1.17, ADR 0030)
  rpcRoute(orga.cancelOrga, {
    access: { orga: 'orga_admin', whileInactive: true },
    rpc: cancelOrgaRpc,
    input: (ctx) => ({ ...ctx.body, orga_id: orgaParam(ctx) }),
  }),
  rpcRoute(orga.createStore, {
    access: { orga: 'orga_admin' },
    rpc: createStoreRpc,
    input: (ctx) => ({ ...ctx.body, orga_id: orgaParam(ctx) }),
  }),
  rpcRoute(orga.updateStore, {
    access: { orga: 'orga_admin' },
    rpc: updateStoreRpc,
    input: (ctx) => ({ ...ctx.body, orga_id: orgaParam(ctx), store_id: storeParam(ctx) }),
  }),
  rpcRoute(orga.deleteStore, {
    access: { orga: 'orga_admin' },
    rpc: deleteStoreRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx) }),
  }),
  rpcRoute(orga.listTeam, { access: { orga: 'orga_admin' }, rpc: listMembersRpc, input: (ctx) => ({ orga_id: orgaParam(ctx) }) }),
  rpcRoute(orga.getTeamMember, {
    access: { orga: 'orga_admin' },
    rpc: getMemberRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), user_id: pathParam(ctx, 'user') }),
  }),
  rpcRoute(orga.createTeamMember, {
    access: { orga: 'orga_admin' },
    rpc: createMemberRpc,
    input: (ctx) => ({ ...ctx.body, orga_id: orgaParam(ctx) }),
  }),
  rpcRoute(orga.updateTeamMember, {
    access: { orga: 'orga_admin' },
    rpc: updateMemberRpc,
    input: (ctx) => ({ ...ctx.body, orga_id: orgaParam(ctx), user_id: pathParam(ctx, 'user') }),
  }),
  rpcRoute(orga.deactivateTeamMember, {
    access: { orga: 'orga_admin' },
    rpc: deactivateMemberRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), user_id: pathParam(ctx, 'user') }),
  }),
  rpcRoute(orga.reactivateTeamMember, {
    access: { orga: 'orga_admin' },
    rpc: reactivateMemberRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), user_id: pathParam(ctx, 'user') }),
  }),
  // API keys (issue 33): organization administrators, in a session (a key never manages keys: no area of its scopes)
  rpcRoute(orga.listApiKeys, { access: { orga: 'orga_admin' }, rpc: listApiKeysRpc, input: (ctx) => ({ orga_id: orgaParam(ctx) }) }),
  rpcRoute(orga.createApiKey, {
    access: { orga: 'orga_admin' },
    rpc: createApiKeyRpc,
    input: (ctx) => ({ ...ctx.body, orga_id: orgaParam(ctx) }),
  }),
  rpcRoute(orga.revokeApiKey, {
    access: { orga: 'orga_admin' },
    rpc: revokeApiKeyRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), api_key_id: pathParam(ctx, 'api_key') }),
  }),
];
