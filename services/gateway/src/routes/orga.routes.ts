import { getOrgaRpc, getStoreRpc, listOrgasRpc, listStoresRpc, orgaHttpRoutes as http } from '@pawline/contracts';
import { orgaParam, rpcRoute, storeParam, type ApiRoute } from '../http/route-definition';

export const orgaRoutes: ApiRoute[] = [
  rpcRoute(http.listOrgas, { access: 'user', rpc: listOrgasRpc, input: () => ({}) }),
  rpcRoute(http.getOrga, { access: { orga: 'member' }, rpc: getOrgaRpc, input: (ctx) => ({ orga_id: orgaParam(ctx) }) }),
  rpcRoute(http.listStores, { access: { orga: 'member' }, rpc: listStoresRpc, input: (ctx) => ({ orga_id: orgaParam(ctx) }) }),
  rpcRoute(http.getStore, {
    access: { orga: 'store_read' },
    rpc: getStoreRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx) }),
  }),
];
