import { getOrgaRpc, getStoreRpc, listOrgasRpc, listStoresRpc } from '@pawline/contracts';
import { orgaParam, rpcRoute, storeParam, type ApiRoute } from '../http/route-definition';

export const orgaRoutes: ApiRoute[] = [
  rpcRoute({
    method: 'get',
    path: '/api/v1/orga',
    summary: 'Organizations of the signed-in user (R7.01)',
    tag: 'orga',
    access: 'user',
    rpc: listOrgasRpc,
    input: () => ({}),
  }),
  rpcRoute({
    method: 'get',
    path: '/api/v1/orga/:orga',
    summary: 'An organization with its stores and users (R7.01)',
    tag: 'orga',
    access: { orga: 'member' },
    rpc: getOrgaRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx) }),
  }),
  rpcRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/store',
    summary: 'Stores of the organization the user reaches (R7.01, R6.04)',
    tag: 'orga',
    access: { orga: 'member' },
    rpc: listStoresRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx) }),
  }),
  rpcRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/store/:store',
    summary: 'One store (R7.01); store read access',
    tag: 'orga',
    access: { orga: 'store_read' },
    rpc: getStoreRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx) }),
  }),
];
