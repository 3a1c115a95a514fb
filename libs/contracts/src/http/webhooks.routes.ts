import { z } from 'zod';
import {
  createWebhookEndpointRpc,
  deleteWebhookEndpointRpc,
  listWebhookDeliveriesRpc,
  listWebhookEndpointsRpc,
  pingWebhookEndpointRpc,
  redeliverWebhookRpc,
  rotateWebhookSecretRpc,
  updateWebhookEndpointRpc,
} from '../webhooks';
import { defineRoute } from '../core/http-route';

// webhooks (issue 33): an organization's outgoing webhook endpoints and their delivery logs, for its
// administrators. The gateway binds these (services/gateway/src/routes/webhooks.routes.ts).

const endpointBody = createWebhookEndpointRpc.request.omit({ orga_id: true });
const endpointChangeBody = updateWebhookEndpointRpc.request.omit({ orga_id: true, endpoint_id: true });

export const webhookDeliveryQuerySchema = z.strictObject({
  before: z.string().uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

const admins = '; organization administrators';

export const webhooksHttpRoutes = {
  listWebhookEndpoints: defineRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/webhook',
    summary: `The organization's webhook endpoints (issue 33)${admins}`,
    tag: 'webhooks',
    response: listWebhookEndpointsRpc.response,
  }),
  createWebhookEndpoint: defineRoute({
    method: 'post',
    path: '/api/v1/orga/:orga/webhook',
    summary: `Register a webhook endpoint: an https URL and the events it wants. The signing secret is answered this once${admins}`,
    tag: 'webhooks',
    status: 201,
    body: endpointBody,
    response: createWebhookEndpointRpc.response,
  }),
  updateWebhookEndpoint: defineRoute({
    method: 'patch',
    path: '/api/v1/orga/:orga/webhook/:webhook',
    summary: `Change a webhook endpoint's URL, description or events, or switch it off and on${admins}`,
    tag: 'webhooks',
    body: endpointChangeBody,
    response: updateWebhookEndpointRpc.response,
  }),
  deleteWebhookEndpoint: defineRoute({
    method: 'delete',
    path: '/api/v1/orga/:orga/webhook/:webhook',
    summary: `Delete a webhook endpoint and its delivery log${admins}`,
    tag: 'webhooks',
    response: deleteWebhookEndpointRpc.response,
  }),
  rotateWebhookSecret: defineRoute({
    method: 'post',
    path: '/api/v1/orga/:orga/webhook/:webhook/secret',
    summary: `A new signing secret for the endpoint, used from the next delivery on and answered this once${admins}`,
    tag: 'webhooks',
    response: rotateWebhookSecretRpc.response,
  }),
  pingWebhookEndpoint: defineRoute({
    method: 'post',
    path: '/api/v1/orga/:orga/webhook/:webhook/ping',
    summary: `Send a signed test event (ping) to the endpoint now${admins}`,
    tag: 'webhooks',
    status: 201,
    response: pingWebhookEndpointRpc.response,
  }),
  listWebhookDeliveries: defineRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/webhook/:webhook/deliveries',
    summary: `The endpoint's deliveries, newest first, a page at a time: status, answer code, attempts, times${admins}`,
    tag: 'webhooks',
    query: webhookDeliveryQuerySchema,
    response: listWebhookDeliveriesRpc.response,
  }),
  redeliverWebhook: defineRoute({
    method: 'post',
    path: '/api/v1/orga/:orga/webhook/:webhook/delivery/:delivery/redeliver',
    summary: `Send a delivery again now (same event id and body, signed anew)${admins}`,
    tag: 'webhooks',
    response: redeliverWebhookRpc.response,
  }),
} as const;
