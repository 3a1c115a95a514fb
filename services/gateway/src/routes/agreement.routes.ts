import {
  acceptPublicAgreementRpc,
  agreementHttpRoutes as http,
  createAgreementLinkRpc,
  getCustomerAgreementRpc,
  getCustomerRpc,
  getPublicAgreementRpc,
  getStoreAgreementRpc,
  publishStoreAgreementRpc,
} from '@pawline/contracts';
import {
  multiRpcRoute,
  orgaParam,
  pathParam,
  rpcRoute,
  storeParam,
  type ApiRoute,
  type BoundRpc,
  type RouteContext,
  type RouteRateLimit,
} from '../http/route-definition';
import { RATE_LIMITS } from '../rate-limit/rate-limiter';

// Issue 31 store agreements, kept by booking; paths in libs/contracts/src/http/agreement.routes.ts. A customer's
// state and link name a crm customer: crm is asked first with the caller's rights, so another store's or another
// organization's customer is not_found as on its own page (booking knows customers by id only).

const storeScope = (ctx: RouteContext) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx) });

async function visibleCustomer(ctx: RouteContext, rpc: BoundRpc): Promise<string> {
  const customer_id = pathParam(ctx, 'customer');
  await rpc.call(getCustomerRpc, { ...storeScope(ctx), customer_id });
  return customer_id;
}

// the public page is read and accepted by one customer, a few times: the widget's limits fit it
const perAddress = (rule: (typeof RATE_LIMITS)[keyof typeof RATE_LIMITS]): RouteRateLimit => ({ rule, key: (ctx) => ctx.ip });

export const agreementRoutes: ApiRoute[] = [
  rpcRoute(http.getStoreAgreement, { access: { orga: 'store_read' }, rpc: getStoreAgreementRpc, input: storeScope }),
  rpcRoute(http.publishStoreAgreement, {
    access: { orga: 'store_admin' },
    rpc: publishStoreAgreementRpc,
    input: (ctx) => ({ ...storeScope(ctx), ...ctx.body }),
  }),
  multiRpcRoute(http.getCustomerAgreement, {
    access: { orga: 'store_read' },
    run: async (ctx, rpc) => rpc.call(getCustomerAgreementRpc, { ...storeScope(ctx), customer_id: await visibleCustomer(ctx, rpc) }),
  }),
  multiRpcRoute(http.createAgreementLink, {
    access: { orga: 'store_write' },
    run: async (ctx, rpc) => rpc.call(createAgreementLinkRpc, { ...storeScope(ctx), customer_id: await visibleCustomer(ctx, rpc) }),
  }),
  rpcRoute(http.getPublicAgreement, {
    access: 'public',
    rateLimit: [perAddress(RATE_LIMITS.bookingRead)],
    rpc: getPublicAgreementRpc,
    input: (ctx) => ({ token: pathParam(ctx, 'token'), lang: ctx.lang }),
  }),
  rpcRoute(http.acceptPublicAgreement, {
    access: 'public',
    rateLimit: [perAddress(RATE_LIMITS.bookingWrite)],
    rpc: acceptPublicAgreementRpc,
    input: (ctx) => ({ token: pathParam(ctx, 'token'), name: ctx.body.name, ip_address: ctx.ip || null }),
  }),
];
