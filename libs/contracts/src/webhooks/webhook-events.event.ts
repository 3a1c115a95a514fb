import { z } from 'zod';
import { defineEvent } from '../core';

const uuid = z.string().uuid();
const endpointPayload = z.object({ orga_id: uuid, endpoint_id: uuid });

/** R4.20 realtime (the settings' list refetches). */
export const webhookEndpointCreatedEvent = defineEvent('evt.webhooks.endpoint.created.v1', endpointPayload);
export const webhookEndpointUpdatedEvent = defineEvent('evt.webhooks.endpoint.updated.v1', endpointPayload);
export const webhookEndpointDeletedEvent = defineEvent('evt.webhooks.endpoint.deleted.v1', endpointPayload);
/** Every delivery failed for three days: the endpoint was switched off and its administrators are told. */
export const webhookEndpointDisabledEvent = defineEvent(
  'evt.webhooks.endpoint.disabled.v1',
  endpointPayload.extend({ url: z.string(), failing_since: z.string() }),
);
