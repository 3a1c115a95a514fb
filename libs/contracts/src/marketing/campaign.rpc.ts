import { z } from 'zod';
import { defineRpc } from '../core';
import { campaignCustomerSchema, campaignFieldsSchema, campaignResultSchema, campaignSchema } from './marketing-shapes';

const uuid = z.string().uuid();
const cursor = { last_time: z.string().datetime({ offset: true }).nullable(), last_id: uuid.nullable() };

/**
 * R7.08 the campaigns of a store (store_id) or of the organization (store_id null, organization administrators),
 * newest change first, 50 a page after the last time and id; v: settings, results, tags, cities (spec §7).
 */
export const listCampaignsRpc = defineRpc(
  'rpc.marketing.campaign.list',
  z.strictObject({ orga_id: uuid, store_id: uuid.nullable(), ...cursor }),
  z.object({
    v: z.object({
      settings: z.array(campaignSchema),
      results: z.array(campaignResultSchema),
      tags: z.array(z.object({ campaign_id: uuid, tag_id: uuid })),
      cities: z.array(z.object({ campaign_id: uuid, city: z.string() })),
    }),
  }),
);

/** R7.08 one campaign; v: setting, result, tags, cities. */
export const getCampaignRpc = defineRpc(
  'rpc.marketing.campaign.get',
  z.strictObject({ orga_id: uuid, store_id: uuid.nullable(), campaign_id: uuid }),
  z.object({
    v: z.object({
      setting: campaignSchema,
      result: campaignResultSchema,
      tags: z.array(uuid),
      cities: z.array(z.string()),
    }),
  }),
);

/** R7.08 a campaign's customers with their message status, 200 a page after the last customer id. */
export const listCampaignCustomersRpc = defineRpc(
  'rpc.marketing.campaign.customers',
  z.strictObject({ orga_id: uuid, store_id: uuid.nullable(), campaign_id: uuid, last_id: uuid.nullable() }),
  z.object({ v: z.array(campaignCustomerSchema) }),
);

/** A new draft campaign of the store (store administrators). */
export const createCampaignRpc = defineRpc(
  'rpc.marketing.campaign.create',
  campaignFieldsSchema.extend({ orga_id: uuid, store_id: uuid }),
  campaignSchema,
);

/** Changes a draft (a queued or sent campaign: conflict). */
export const updateCampaignRpc = defineRpc(
  'rpc.marketing.campaign.update',
  campaignFieldsSchema.extend({ orga_id: uuid, store_id: uuid, campaign_id: uuid }),
  campaignSchema,
);

/** Deletes a campaign (any state; messages already with messaging go on). */
export const deleteCampaignRpc = defineRpc(
  'rpc.marketing.campaign.delete',
  z.strictObject({ orga_id: uuid, store_id: uuid, campaign_id: uuid }),
  z.object({ campaign_id: uuid }),
);

/** R4.13 Draft → queued ('Message added to queue'); sent by the scheduler on its send date (now when it has none). */
export const queueCampaignRpc = defineRpc(
  'rpc.marketing.campaign.queue',
  z.strictObject({ orga_id: uuid, store_id: uuid, campaign_id: uuid }),
  campaignSchema,
);

/** R1.07 how many customers of the store the filters reach now (the form counts while the filters change). */
export const countAudienceRpc = defineRpc(
  'rpc.marketing.audience.count',
  z.strictObject({ orga_id: uuid, store_id: uuid, filters: campaignFieldsSchema.shape.filters }),
  z.object({ count: z.number().int() }),
);
