import {
  getOrgaRpc,
  getStoreRpc,
  listExternalServicesRpc,
  listOrgasRpc,
  listStoresRpc,
  listTagsRpc,
  listTreatmentsRpc,
  orgaHttpRoutes as http,
  type OrganizationView,
} from '@pawline/contracts';
import { multiRpcRoute, orgaParam, rpcRoute, storeParam, type ApiRoute } from '../http/route-definition';

/**
 * A list of another service, or null while that service does not answer: the organization is what the shell
 * starts from, so scheduling or crm being down must not keep the whole app from loading. Refusals still fail.
 */
async function orNullWhenDown<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'service_unavailable') return null;
    throw error;
  }
}

export const orgaRoutes: ApiRoute[] = [
  rpcRoute(http.listOrgas, { access: 'user', rpc: listOrgasRpc, input: () => ({}) }),
  // spec §7: the organization with its treatments, tags and external services; each service owns its
  // list and checks the member itself, the four calls go out together
  // open while the organization is inactive: the shell reads its tier and dates to show the block (ADR 0030)
  multiRpcRoute(http.getOrga, {
    access: { orga: 'member', whileInactive: true },
    run: async (ctx, rpc): Promise<OrganizationView> => {
      const orga_id = orgaParam(ctx);
      const [orga, treatments, tags, external_services] = await Promise.all([
        rpc.call(getOrgaRpc, { orga_id }),
        orNullWhenDown(rpc.call(listTreatmentsRpc, { orga_id, include_archived: true })),
        orNullWhenDown(rpc.call(listTagsRpc, { orga_id })),
        orNullWhenDown(rpc.call(listExternalServicesRpc, { orga_id })),
      ]);
      return { ...orga, treatments, tags, external_services };
    },
  }),
  rpcRoute(http.listStores, { access: { orga: 'member' }, rpc: listStoresRpc, input: (ctx) => ({ orga_id: orgaParam(ctx) }) }),
  rpcRoute(http.getStore, {
    access: { orga: 'store_read' },
    rpc: getStoreRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx) }),
  }),
];
