import { analyticsHttpRoutes as http, getCustomerStatisticsRpc, getOrgaStatisticsRpc, getSalonStatisticsRpc } from '@pawline/contracts';
import { orgaParam, rpcRoute, storeParam, type ApiRoute } from '../http/route-definition';

// analytics: statistics (R1.12); paths and queries are declared in libs/contracts/src/http/analytics.routes.ts.
// The gateway checks the access rule (R2.02: store administrators, organization administrators), the service
// checks it again and the plan (R1.20).

export const analyticsRoutes: ApiRoute[] = [
  rpcRoute(http.getSalonStatistics, {
    access: { orga: 'store_admin' },
    rpc: getSalonStatisticsRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx), ...ctx.query }),
  }),
  rpcRoute(http.getCustomerStatistics, {
    access: { orga: 'store_admin' },
    rpc: getCustomerStatisticsRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx), ...ctx.query }),
  }),
  rpcRoute(http.getOrgaStatistics, {
    access: { orga: 'orga_admin' },
    rpc: getOrgaStatisticsRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), ...ctx.query }),
  }),
];
