import { apiQueryFilter, type AnswerOf, type ApiQueryFilter, type BodyOf } from '@pawline/api-client';

// The wire shapes of marketing, derived from the route declarations (libs/contracts/src/http/marketing.routes.ts);
// the pages read and write them with useApiQuery, useApiPages and useApiMutation.
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

/** spec §3 template type 3 (marketing) the organization may send: its own approved ones (none: the built-in one). */
export function marketingTemplates(answer: AnswerOf<'listMessageTemplates'>): MessageTemplate[] {
  return answer.v.filter((template) => template.template_type === 3 && template.status === 'approved' && !template.built_in);
}

/** What a campaign's write changes on screen: the store's list, the organization's, the campaign and its customers. */
export function campaignWrites(orga: string, store: string, campaign?: string): ApiQueryFilter[] {
  const lists = [apiQueryFilter('listStoreCampaigns', { orga, store }), apiQueryFilter('listCampaigns', { orga })];
  if (!campaign) return lists;
  return [...lists, apiQueryFilter('getCampaign', { orga, campaign }), apiQueryFilter('listCampaignCustomers', { orga, campaign })];
}
