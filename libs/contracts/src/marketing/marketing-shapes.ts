import { z } from 'zod';

const uuid = z.string().uuid();

/** R9.05 spec §9: campaigns 50 a page, campaign customers 200 a page. */
export const CAMPAIGN_PAGE_SIZE = 50;
export const CAMPAIGN_CUSTOMER_PAGE_SIZE = 200;

/** R4.13 spec §4: Draft, then queued ('Message added to queue'), then sent on its date. */
export const CAMPAIGN_STATES = ['draft', 'queued', 'sent'] as const;
export const campaignStateSchema = z.enum(CAMPAIGN_STATES);
export type CampaignState = z.infer<typeof campaignStateSchema>;

/**
 * R1.07 the audience filters (spec §1): each null or empty filter lets everyone through; only customers
 * with marketing consent are ever in the audience.
 * - months_absent: no visit in the last N months (a customer never seen counts as absent)
 * - recent_visits: at least N visits in the last 12 months
 * - min_visits: at least N visits in all
 * - max_declines: at most N appointments declined by the customer (status 2)
 * - excluded_tag_ids: none of these tags
 * - cities: lives in one of these cities (case and spaces ignored)
 */
export const audienceFiltersSchema = z.strictObject({
  months_absent: z.number().int().min(1).max(120).nullable().default(null),
  recent_visits: z.number().int().min(1).max(500).nullable().default(null),
  min_visits: z.number().int().min(1).max(10_000).nullable().default(null),
  max_declines: z.number().int().min(0).max(10_000).nullable().default(null),
  excluded_tag_ids: z.array(uuid).max(100).default([]),
  cities: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
});
export type AudienceFilters = z.infer<typeof audienceFiltersSchema>;

/** R3.11 spec §3 Campaign: id, time, orga_id, store_id, result, tags, cities, name, send date, draft state (and its summary, §1). */
export const campaignSchema = z.object({
  id: uuid,
  orga_id: uuid,
  store_id: uuid,
  name: z.string(),
  summary: z.string(),
  /** the send date; null: now (as soon as it is queued) */
  send_at: z.string().nullable(),
  state: campaignStateSchema,
  draft: z.boolean(),
  /** an approved marketing template (type 3) of the organization; null: the built-in one in its language */
  template_id: z.string().nullable(),
  filters: audienceFiltersSchema,
  /** paging key: the last change */
  time: z.string(),
  queued_at: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** The result of a sent campaign (spec §3 result): how many customers and how far their messages went. */
export const campaignResultSchema = z.object({
  campaign_id: uuid,
  customers: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
  confirmed: z.number().int(),
});
export type CampaignResult = z.infer<typeof campaignResultSchema>;

/** R3.11 spec §3 Campaign customers: customer_id, actual_message_status, opener_messages_confirmed. */
export const campaignCustomerSchema = z.object({
  customer_id: uuid,
  first_name: z.string(),
  last_name: z.string(),
  /** REMINDER_STATUS of messaging; null before messaging took the message */
  actual_message_status: z.number().int().nullable(),
  /** the customer answered 'read' on the message's buttons */
  opener_messages_confirmed: z.boolean(),
});
export type CampaignCustomer = z.infer<typeof campaignCustomerSchema>;

/** The editable fields of a campaign (create and update of a draft). */
export const campaignFieldsSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  summary: z.string().trim().max(1000).default(''),
  send_at: z.string().datetime({ offset: true }).nullable().default(null),
  template_id: uuid.nullable().default(null),
  filters: audienceFiltersSchema.default({
    months_absent: null,
    recent_visits: null,
    min_visits: null,
    max_declines: null,
    excluded_tag_ids: [],
    cities: [],
  }),
});
export type CampaignFields = z.infer<typeof campaignFieldsSchema>;
