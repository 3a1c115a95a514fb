import { QueryClient } from '@tanstack/react-query';
import { apiPagesKey, apiQueryFilter, apiQueryKey } from './api-query-key';

const ORGA = 'o1';

describe('apiQueryKey', () => {
  it('is the route name, its path parameters and its query', () => {
    expect(apiQueryKey('getCampaign', { params: { orga: ORGA, campaign: 'c1' } })).toEqual([
      'getCampaign',
      { orga: ORGA, campaign: 'c1' },
      {},
    ]);
    expect(apiQueryKey('getUser')).toEqual(['getUser', {}, {}]);
    expect(apiQueryKey('getSalonStatistics', { params: { orga: ORGA, store: 's1' }, query: { period: '7d', bucket: 'day' } })).toEqual([
      'getSalonStatistics',
      { orga: ORGA, store: 's1' },
      { period: '7d', bucket: 'day' },
    ]);
  });

  it('leaves out what the URL leaves out, so two inputs of one request share one key', () => {
    const bare = apiQueryKey('listCampaignCustomers', { params: { orga: ORGA, campaign: 'c1' } });
    const unset = apiQueryKey('listCampaignCustomers', { params: { orga: ORGA, campaign: 'c1' }, query: { last_id: undefined } });
    expect(unset).toEqual(bare);
    const client = new QueryClient();
    client.setQueryData(bare, 1);
    // react-query hashes keys with sorted object keys: the order of parameters does not matter
    expect(client.getQueryData(['listCampaignCustomers', { campaign: 'c1', orga: ORGA }, {}])).toBe(1);
  });

  it('marks the key of a list read page by page, so it never meets the same route read once', () => {
    const params = { orga: ORGA, store: 's1', last_time: '0', last_id: 'none' };
    expect(apiPagesKey('listStoreCampaigns', { params })).toEqual(['listStoreCampaigns', params, {}, 'pages']);
  });

  it('checks the input against the route declaration (ADR 0009)', () => {
    // @ts-expect-error the campaign route's parameter is `campaign`, not `id`
    apiQueryKey('getCampaign', { params: { orga: ORGA, id: 'c1' } });
    // @ts-expect-error a route with path parameters needs them
    apiQueryKey('getCampaign');
    // @ts-expect-error a filter names only the route's own parameters
    apiQueryFilter('getCampaign', { store: 's1' });
    // @ts-expect-error no such route
    apiQueryKey('getCampaigns');
    expect(apiQueryFilter('getCampaign', { campaign: 'c1' })).toEqual(['getCampaign', { campaign: 'c1' }]);
  });
});

describe('apiQueryFilter', () => {
  it('matches every query of the route whose parameters include the given ones, and leaves out unset ones', () => {
    const client = new QueryClient();
    const milano = apiQueryKey('listStoreCampaigns', { params: { orga: ORGA, store: 'milano', last_time: '0', last_id: 'none' } });
    const torino = apiQueryKey('listStoreCampaigns', { params: { orga: ORGA, store: 'torino', last_time: '0', last_id: 'none' } });
    client.setQueryData(milano, 1);
    client.setQueryData(torino, 2);
    const found = (filter: ReturnType<typeof apiQueryFilter>) => client.getQueryCache().findAll({ queryKey: filter }).length;
    expect(found(apiQueryFilter('listStoreCampaigns', { orga: ORGA, store: 'milano' }))).toBe(1);
    expect(found(apiQueryFilter('listStoreCampaigns', { orga: ORGA, store: undefined }))).toBe(2);
    expect(found(apiQueryFilter('listStoreCampaigns'))).toBe(2);
    expect(found(apiQueryFilter('listStoreCampaigns', { orga: 'other' }))).toBe(0);
  });
});
