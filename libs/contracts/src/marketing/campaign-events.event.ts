import { z } from 'zod';
import { defineEvent } from '../core';

const uuid = z.string().uuid();
const campaignPayload = z.object({ orga_id: uuid, store_id: uuid, campaign_id: uuid });

/** R4.20 realtime (scope campaign): delete removes, anything else refetches. */
export const campaignCreatedEvent = defineEvent('evt.marketing.campaign.created.v1', campaignPayload);
export const campaignUpdatedEvent = defineEvent('evt.marketing.campaign.updated.v1', campaignPayload);
export const campaignDeletedEvent = defineEvent('evt.marketing.campaign.deleted.v1', campaignPayload);
/** R4.13 'Message added to queue' */
export const campaignQueuedEvent = defineEvent('evt.marketing.campaign.queued.v1', campaignPayload);
/** R4.13 sent on its date: the audience is fixed and handed to messaging */
export const campaignSentEvent = defineEvent(
  'evt.marketing.campaign.sent.v1',
  campaignPayload.extend({ customers: z.number().int().min(0) }),
);

/**
 * Messages of a sent campaign for messaging's work queue (not a second sender): messaging fills the
 * marketing template (type 3, its buttons) for each customer and enqueues one send job per customer, once
 * (its dedupe key is the campaign and the customer). At most 500 customers an event.
 */
export const campaignSendRequestedEvent = defineEvent(
  'evt.marketing.campaign-send.requested.v1',
  z.object({
    orga_id: uuid,
    store_id: uuid,
    campaign_id: uuid,
    template_id: uuid.nullable(),
    customer_ids: z.array(uuid).min(1).max(500),
  }),
);
