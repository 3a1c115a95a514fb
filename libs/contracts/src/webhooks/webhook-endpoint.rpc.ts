import { z } from 'zod';
import { defineRpc } from '../core';
import {
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookEndpointFieldsSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookEventListSchema,
  webhookUrlSchema,
} from './webhooks-shapes';
import { WEBHOOK_DESCRIPTION_MAX } from '../constants/webhooks';

/**
 * Outgoing webhooks (issue 33, organization administrators): endpoints that receive the organization's
 * events signed with their secret, and the log of each endpoint's deliveries.
 */
const orgaId = z.string().uuid();
const endpointRef = { orga_id: orgaId, endpoint_id: z.string().uuid() };

export const listWebhookEndpointsRpc = defineRpc(
  'rpc.webhooks.endpoint.list',
  z.strictObject({ orga_id: orgaId }),
  z.object({ endpoints: z.array(webhookEndpointSchema) }),
);

/** The secret is answered this once; the service keeps it sealed. */
export const createWebhookEndpointRpc = defineRpc(
  'rpc.webhooks.endpoint.create',
  z.strictObject({ orga_id: orgaId, ...webhookEndpointFieldsSchema }),
  webhookEndpointWithSecretSchema,
);

/** Changes what is given; `enabled: true` switches a disabled endpoint on again (its waiting deliveries go). */
export const updateWebhookEndpointRpc = defineRpc(
  'rpc.webhooks.endpoint.update',
  z.strictObject({
    ...endpointRef,
    url: webhookUrlSchema.optional(),
    description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).optional(),
    events: webhookEventListSchema.optional(),
    enabled: z.boolean().optional(),
  }),
  webhookEndpointSchema,
);

/** The endpoint and its delivery log are gone; nothing more is sent to it. */
export const deleteWebhookEndpointRpc = defineRpc(
  'rpc.webhooks.endpoint.delete',
  z.strictObject(endpointRef),
  z.object({ id: z.string().uuid() }),
);

/** A new secret at once: the next delivery is signed with it (answered this once). */
export const rotateWebhookSecretRpc = defineRpc(
  'rpc.webhooks.endpoint.rotate',
  z.strictObject(endpointRef),
  webhookEndpointWithSecretSchema,
);

/** Sends a `ping` event now, to see that the endpoint answers and checks the signature. */
export const pingWebhookEndpointRpc = defineRpc('rpc.webhooks.endpoint.ping', z.strictObject(endpointRef), webhookDeliverySchema);

/** The endpoint's deliveries, newest first, a page at a time (`before`: the previous page's next_before;
 * WEBHOOK_DELIVERY_PAGE_SIZE unless `limit` says otherwise). */
export const listWebhookDeliveriesRpc = defineRpc(
  'rpc.webhooks.delivery.list',
  z.strictObject({
    ...endpointRef,
    /** the id of the last delivery of the previous page */
    before: z.string().uuid().optional(),
    limit: z.number().int().min(1).max(200).optional(),
  }),
  webhookDeliveryPageSchema,
);

/** Sends a delivery again now, with the same event id and body, signed anew; its three days start again. */
export const redeliverWebhookRpc = defineRpc(
  'rpc.webhooks.delivery.redeliver',
  z.strictObject({ ...endpointRef, delivery_id: z.string().uuid() }),
  webhookDeliverySchema,
);
