import { API_ROUTES, apiQueryKey, createRemoteHttp, fakeGatewayFetch, type ApiClient } from '@pawline/api-client';
import { QueryClient } from '@tanstack/react-query';
import { customerListQuery, customerWrites, nextAfterLast, petListQuery, petWrites, tagWrites } from './crm-api';

const api = { deviceId: 'dev-1', freshAccessToken: async () => 'tok-1', refresh: async () => null } as unknown as ApiClient;

describe('crm wire helpers', () => {
  it('R7.07 R6.08 R1.11 a list query reads a store list or the shared list, with search, sort, tags and last id', async () => {
    const sent = fakeGatewayFetch(() => ({ body: { items: [], page_size: 50 } }));
    const http = createRemoteHttp({ api, language: 'it' });
    await http.request(API_ROUTES.listCustomers, {
      params: { orga: 'o1', store: 's1' },
      query: customerListQuery({ q: ' Fido ', sort: 'name_desc', tag_ids: ['t1', 't2'], last_id: 'c9', limit: 50 }),
    });
    await http.request(API_ROUTES.listSharedPets, { params: { orga: 'o1' }, query: petListQuery({ q: 'Fi', last_id: null }) });
    expect(sent.map((request) => request.path)).toEqual(['/api/v1/orga/o1/store/s1/customers', '/api/v1/orga/o1/shared/pets']);
    expect(customerListQuery({ q: ' Fido ', sort: 'name_desc', tag_ids: ['t1', 't2'], last_id: 'c9', limit: 50 })).toEqual({
      q: 'Fido',
      sort: 'name_desc',
      tag_ids: 't1,t2',
      last_id: 'c9',
      limit: 50,
    });
    // nothing empty goes on the wire, so the first page of an unfiltered list has one key
    expect(customerListQuery({ q: '  ', tag_ids: [], last_id: null })).toEqual({
      q: undefined,
      sort: undefined,
      tag_ids: undefined,
      last_id: undefined,
      limit: undefined,
    });
    expect(apiQueryKey('listCustomers', { params: { orga: 'o1', store: 's1' }, query: customerListQuery({ q: ' ' }) })).toEqual(
      apiQueryKey('listCustomers', { params: { orga: 'o1', store: 's1' } }),
    );
  });

  it('R4.22 a list goes on after the last row of a full page and ends with a short one', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `r${i}` }));
    expect(nextAfterLast(rows(50))).toBe('r49');
    expect(nextAfterLast(rows(49))).toBeNull();
    expect(nextAfterLast([])).toBeNull();
  });

  it('a write refetches what shows it: a customer its lists, the pet lists naming it and its page; a tag every tagged list', async () => {
    const cached = {
      customers: apiQueryKey('listCustomers', { params: { orga: 'o1', store: 's1' } }),
      pets: apiQueryKey('listPets', { params: { orga: 'o1', store: 's2' }, query: { customer_id: 'c1' } }),
      c1: apiQueryKey('getCustomer', { params: { orga: 'o1', store: 's1', id: 'c1' } }),
      c2: apiQueryKey('getCustomer', { params: { orga: 'o1', store: 's1', id: 'c2' } }),
      p1: apiQueryKey('getPet', { params: { orga: 'o1', store: 's1', id: 'p1' } }),
      tags: apiQueryKey('listTags', { params: { orga: 'o1' }, query: { kind: 'pet' } }),
      otherOrga: apiQueryKey('listCustomers', { params: { orga: 'o2', store: 's9' } }),
    };
    const invalidated = async (filters: ReturnType<typeof tagWrites>) => {
      const client = new QueryClient();
      for (const key of Object.values(cached)) client.setQueryData(key, 1);
      await Promise.all(filters.map((queryKey) => client.invalidateQueries({ queryKey })));
      return Object.entries(cached)
        .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
        .map(([name]) => name)
        .sort();
    };
    expect(await invalidated(customerWrites('o1', 's1', 'c1'))).toEqual(['c1', 'customers', 'pets']);
    expect(await invalidated(customerWrites('o1', 's1'))).toEqual(['customers', 'pets']);
    expect(await invalidated(petWrites('o1', 'p1'))).toEqual(['customers', 'p1', 'pets']);
    expect(await invalidated(tagWrites('o1'))).toEqual(['c1', 'c2', 'customers', 'p1', 'pets', 'tags']);
  });
});
