import {
  campaignFieldsSchema,
  countAudienceRpc,
  createCampaignRpc,
  deleteCampaignRpc,
  getCampaignRpc,
  listCampaignCustomersRpc,
  listCampaignsRpc,
  queueCampaignRpc,
  updateCampaignRpc,
} from '../marketing';
import { z } from 'zod';
import { defineRoute, type PathParameter } from '../core/http-route';

// marketing (issue 15): campaigns of a store, their audience and their customers (spec §1, §3, §4, §7 Marketing).
// The three GET paths are spec §7's exactly: .../marketing[/store/{store}]/{last time or 0}/{last id or none},
// .../marketing/{id} and .../marketing/{id}/customers. The gateway binds these
// (services/gateway/src/routes/marketing.routes.ts); the browser calls them through API_ROUTES of libs/api-client.

const MARKETING = '/api/v1/orga/:orga/marketing';
const STORE = `${MARKETING}/store/:store`;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ISO_TIME = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2})';
const cursorParams: Record<string, PathParameter> = {
  last_time: { pattern: new RegExp(`^(0|${ISO_TIME})$`), description: "The last campaign's time (ISO 8601), or 0" },
  last_id: { pattern: new RegExp(`^(none|${UUID})$`, 'i'), description: "The last campaign's id, or none" },
};

export const marketingHttpRoutes = {
  // before the organization's list: /marketing/{id}/customers has as many segments as /marketing/{time}/{id}
  listCampaignCustomers: defineRoute({
    method: 'get',
    path: `${MARKETING}/:campaign/customers`,
    summary: "A campaign's customers with their message status and opener confirmation, 200 a page after ?last_id (R3.11, R7.08, R9.05)",
    tag: 'marketing',
    query: z.strictObject({ last_id: z.string().uuid().optional() }),
    response: listCampaignCustomersRpc.response,
  }),
  listCampaigns: defineRoute({
    method: 'get',
    path: `${MARKETING}/:last_time/:last_id`,
    summary: "The organization's campaigns (organization administrators), newest change first, 50 a page (R7.08, R9.05)",
    tag: 'marketing',
    params: cursorParams,
    response: listCampaignsRpc.response,
  }),
  listStoreCampaigns: defineRoute({
    method: 'get',
    path: `${STORE}/:last_time/:last_id`,
    summary: "A store's campaigns (store administrators), newest change first, 50 a page (R7.08, R9.05)",
    tag: 'marketing',
    params: cursorParams,
    response: listCampaignsRpc.response,
  }),
  getCampaign: defineRoute({
    method: 'get',
    path: `${MARKETING}/:campaign`,
    summary: 'One campaign: setting, result, tags, cities (administrators of its store) (R7.08)',
    tag: 'marketing',
    response: getCampaignRpc.response,
  }),
  countCampaignAudience: defineRoute({
    method: 'post',
    path: `${STORE}/audience/count`,
    summary: 'How many customers with marketing consent the filters reach now (R1.07)',
    tag: 'marketing',
    body: countAudienceRpc.request.pick({ filters: true }),
    response: countAudienceRpc.response,
  }),
  createCampaign: defineRoute({
    method: 'post',
    path: STORE,
    summary: 'A new draft campaign of the store: name, send date or now, summary, audience filters (R1.07, R4.13)',
    tag: 'marketing',
    status: 201,
    body: campaignFieldsSchema,
    response: createCampaignRpc.response,
  }),
  updateCampaign: defineRoute({
    method: 'put',
    path: `${STORE}/:campaign`,
    summary: 'Change a draft campaign (queued or sent: 409)',
    tag: 'marketing',
    body: campaignFieldsSchema,
    response: updateCampaignRpc.response,
  }),
  deleteCampaign: defineRoute({
    method: 'delete',
    path: `${STORE}/:campaign`,
    summary: 'Delete a campaign',
    tag: 'marketing',
    response: deleteCampaignRpc.response,
  }),
  queueCampaign: defineRoute({
    method: 'post',
    path: `${STORE}/:campaign/queue`,
    summary: "Draft → queued ('Message added to queue'); sent on its send date, or now (R4.13)",
    tag: 'marketing',
    response: queueCampaignRpc.response,
  }),
} as const;
