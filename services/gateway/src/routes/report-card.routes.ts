import { getReportCardRpc, lastReportCardRpc, reportCardHttpRoutes as http, saveReportCardRpc } from '@pawline/contracts';
import { orgaParam, pathParam, rpcRoute, storeParam, type ApiRoute, type RouteContext } from '../http/route-definition';

// Issue 31 report cards, kept by scheduling on the pet's history; paths in libs/contracts/src/http/report-card.routes.ts.

const cardScope = (ctx: RouteContext) => ({
  orga_id: orgaParam(ctx),
  store_id: storeParam(ctx),
  appointment_id: pathParam(ctx, 'appointment'),
  pet_id: pathParam(ctx, 'pet'),
});

export const reportCardRoutes: ApiRoute[] = [
  rpcRoute(http.saveReportCard, {
    access: { orga: 'store_write' },
    rpc: saveReportCardRpc,
    input: (ctx) => ({ ...cardScope(ctx), ...ctx.body }),
  }),
  rpcRoute(http.getReportCard, { access: { orga: 'store_read' }, rpc: getReportCardRpc, input: cardScope }),
  rpcRoute(http.lastReportCard, {
    access: { orga: 'store_read' },
    rpc: lastReportCardRpc,
    input: (ctx) => {
      const before = pathParam(ctx, 'before');
      return {
        orga_id: orgaParam(ctx),
        store_id: storeParam(ctx),
        pet_id: pathParam(ctx, 'pet'),
        before_appointment_id: before === 'none' ? null : before,
      };
    },
  }),
];
