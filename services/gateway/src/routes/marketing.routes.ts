import {
  countAudienceRpc,
  createCampaignRpc,
  deleteCampaignRpc,
  getCampaignRpc,
  listCampaignCustomersRpc,
  listCampaignsRpc,
  marketingHttpRoutes as http,
  queueCampaignRpc,
  updateCampaignRpc,
} from '@pawline/contracts';
import { orgaParam, pathParam, rpcRoute, storeParam, type ApiRoute, type RouteContext } from '../http/route-definition';

// marketing (issue 15): campaigns; paths and bodies are declared in libs/contracts/src/http/marketing.routes.ts.
// The gateway checks the access rule, the service checks it again (a campaign read by its id: the service
// checks store administration of the campaign's own store).

const storeScope = (ctx: RouteContext) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx) });
/** spec §7 cursors: `0` and `none` start at the newest */
const cursor = (ctx: RouteContext) => {
  const lastTime = pathParam(ctx, 'last_time');
  const lastId = pathParam(ctx, 'last_id');
  return { last_time: lastTime === '0' ? null : lastTime, last_id: lastId === 'none' ? null : lastId.toLowerCase() };
};

export const marketingRoutes: ApiRoute[] = [
  rpcRoute(http.listCampaignCustomers, {
    access: { orga: 'member' },
    rpc: listCampaignCustomersRpc,
    input: (ctx) => ({
      orga_id: orgaParam(ctx),
      store_id: null,
      campaign_id: pathParam(ctx, 'campaign'),
      last_id: ctx.query.last_id ?? null,
    }),
  }),
  rpcRoute(http.listCampaigns, {
    access: { orga: 'orga_admin' },
    rpc: listCampaignsRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), store_id: null, ...cursor(ctx) }),
  }),
  rpcRoute(http.listStoreCampaigns, {
    access: { orga: 'store_admin' },
    rpc: listCampaignsRpc,
    input: (ctx) => ({ ...storeScope(ctx), ...cursor(ctx) }),
  }),
  rpcRoute(http.getCampaign, {
    access: { orga: 'member' },
    rpc: getCampaignRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), store_id: null, campaign_id: pathParam(ctx, 'campaign') }),
  }),
  rpcRoute(http.countCampaignAudience, {
    access: { orga: 'store_admin' },
    rpc: countAudienceRpc,
    input: (ctx) => ({ ...storeScope(ctx), filters: ctx.body.filters }),
  }),
  rpcRoute(http.createCampaign, {
    access: { orga: 'store_admin' },
    rpc: createCampaignRpc,
    input: (ctx) => ({ ...storeScope(ctx), ...ctx.body }),
  }),
  rpcRoute(http.updateCampaign, {
    access: { orga: 'store_admin' },
    rpc: updateCampaignRpc,
    input: (ctx) => ({ ...storeScope(ctx), campaign_id: pathParam(ctx, 'campaign'), ...ctx.body }),
  }),
  rpcRoute(http.deleteCampaign, {
    access: { orga: 'store_admin' },
    rpc: deleteCampaignRpc,
    input: (ctx) => ({ ...storeScope(ctx), campaign_id: pathParam(ctx, 'campaign') }),
  }),
  rpcRoute(http.queueCampaign, {
    access: { orga: 'store_admin' },
    rpc: queueCampaignRpc,
    input: (ctx) => ({ ...storeScope(ctx), campaign_id: pathParam(ctx, 'campaign') }),
  }),
];
