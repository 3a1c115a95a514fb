import { API_ROUTES, createRemoteHttp, type AnswerOf, type BodyOf, type RemoteHttpOptions } from '@pawline/api-client';

// The wire shapes of marketing, derived from the route declarations (libs/contracts/src/http/marketing.routes.ts).
export type CampaignPage = AnswerOf<'listStoreCampaigns'>['v'];
export type Campaign = CampaignPage['settings'][number];
export type CampaignResult = CampaignPage['results'][number];
export type CampaignDetail = AnswerOf<'getCampaign'>['v'];
export type CampaignCustomer = AnswerOf<'listCampaignCustomers'>['v'][number];
export type CampaignFields = BodyOf<'createCampaign'>;
export type AudienceFilters = Campaign['filters'];
export type CustomerTag = AnswerOf<'listTags'>[number];
export type MessageTemplate = AnswerOf<'listMessageTemplates'>['v'][number];

/** R7.08 the list's cursor: the last campaign's time and id, 0 / none for the first page. */
export type CampaignCursor = { last_time: string; last_id: string };
export const FIRST_CAMPAIGN_PAGE: CampaignCursor = { last_time: '0', last_id: 'none' };
/** R9.05 spec §9: campaigns 50 a page, campaign customers 200. */
export const CAMPAIGN_PAGE = 50;
export const CAMPAIGN_CUSTOMER_PAGE = 200;

/** The shell's borrowed session and language: what every remote hands createRemoteHttp. */
export type CampaignsApiOptions = RemoteHttpOptions;

/** The marketing routes of the gateway (API_ROUTES) for one store, with the shell's session. */
export function createCampaignsApi(options: CampaignsApiOptions, orgaId: string, storeId: string) {
  const { request } = createRemoteHttp(options);
  const R = API_ROUTES;
  const store = { orga: orgaId, store: storeId };
  return {
    list: (cursor: CampaignCursor) => request(R.listStoreCampaigns, { params: { ...store, ...cursor } }).then((answer) => answer.v),
    get: (campaignId: string) => request(R.getCampaign, { params: { orga: orgaId, campaign: campaignId } }).then((answer) => answer.v),
    customers: (campaignId: string, lastId: string | null) =>
      request(R.listCampaignCustomers, {
        params: { orga: orgaId, campaign: campaignId },
        query: lastId ? { last_id: lastId } : {},
      }).then((answer) => answer.v),
    create: (fields: CampaignFields) => request(R.createCampaign, { params: store, body: fields }),
    update: (campaignId: string, fields: CampaignFields) =>
      request(R.updateCampaign, { params: { ...store, campaign: campaignId }, body: fields }),
    remove: (campaignId: string) => request(R.deleteCampaign, { params: { ...store, campaign: campaignId } }),
    queue: (campaignId: string) => request(R.queueCampaign, { params: { ...store, campaign: campaignId } }),
    count: (filters: AudienceFilters) =>
      request(R.countCampaignAudience, { params: store, body: { filters } }).then((answer) => answer.count),
    tags: () => request(R.listTags, { params: { orga: orgaId }, query: { kind: 'customer' } }),
    /** spec §3 template type 3 (marketing) the organization may send: its own approved ones (null: the built-in one) */
    marketingTemplates: () =>
      request(R.listMessageTemplates, { params: { orga: orgaId } }).then(({ v: list }) =>
        list.filter((template) => template.template_type === 3 && template.status === 'approved' && !template.built_in),
      ),
  };
}

export type CampaignsApi = ReturnType<typeof createCampaignsApi>;
