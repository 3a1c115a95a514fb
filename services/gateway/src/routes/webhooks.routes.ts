import {
  createWebhookEndpointRpc,
  deleteWebhookEndpointRpc,
  listWebhookDeliveriesRpc,
  listWebhookEndpointsRpc,
  pingWebhookEndpointRpc,
  redeliverWebhookRpc,
  rotateWebhookSecretRpc,
  updateWebhookEndpointRpc,
  webhooksHttpRoutes as http,
} from '@pawline/contracts';
import { orgaParam, pathParam, rpcRoute, type ApiRoute, type RouteContext } from '../http/route-definition';

// webhooks (issue 33): paths and bodies are declared in libs/contracts/src/http/webhooks.routes.ts. Only
// organization administrators; the gateway checks it, the service checks it again.

const admin = { orga: 'orga_admin' } as const;
const endpointRef = (ctx: RouteContext) => ({ orga_id: orgaParam(ctx), endpoint_id: pathParam(ctx, 'webhook') });

export const webhooksRoutes: ApiRoute[] = [
  rpcRoute(http.listWebhookEndpoints, { access: admin, rpc: listWebhookEndpointsRpc, input: (ctx) => ({ orga_id: orgaParam(ctx) }) }),
  rpcRoute(http.createWebhookEndpoint, {
    access: admin,
    rpc: createWebhookEndpointRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), ...ctx.body }),
  }),
  rpcRoute(http.updateWebhookEndpoint, {
    access: admin,
    rpc: updateWebhookEndpointRpc,
    input: (ctx) => ({ ...endpointRef(ctx), ...ctx.body }),
  }),
  rpcRoute(http.deleteWebhookEndpoint, { access: admin, rpc: deleteWebhookEndpointRpc, input: endpointRef }),
  rpcRoute(http.rotateWebhookSecret, { access: admin, rpc: rotateWebhookSecretRpc, input: endpointRef }),
  rpcRoute(http.pingWebhookEndpoint, { access: admin, rpc: pingWebhookEndpointRpc, input: endpointRef }),
  rpcRoute(http.listWebhookDeliveries, {
    access: admin,
    rpc: listWebhookDeliveriesRpc,
    input: (ctx) => ({
      ...endpointRef(ctx),
      ...(ctx.query.before ? { before: ctx.query.before } : {}),
      ...(ctx.query.limit ? { limit: ctx.query.limit } : {}),
    }),
  }),
  rpcRoute(http.redeliverWebhook, {
    access: admin,
    rpc: redeliverWebhookRpc,
    input: (ctx) => ({ ...endpointRef(ctx), delivery_id: pathParam(ctx, 'delivery') }),
  }),
];
