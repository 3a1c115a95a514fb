/** @jest-environment jsdom */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { ApiClient } from '../api-client';
import { ApiError } from '../api-error';
import { fakeGatewayFetch, fakeRealtimeFeed, type FakeGatewayAnswer, type FakeGatewayRequest } from '../fake-gateway-fetch';
import { fakeShell } from '../fake-shell';
import { apiQueryFilter, apiQueryKey } from './api-query-key';
import { useApiMutation, useApiPages, useApiQuery } from './api-hooks';
import { RemoteApiProvider, type ApiFeedback } from './api-layer';
import { createTestQueryClient } from './api-query-client';

const ORGA = '11111111-1111-4111-8111-111111111111';
const STORE = '22222222-2222-4222-8222-222222222222';
const CAMPAIGN = '33333333-3333-4333-8333-333333333333';

const api = { deviceId: 'dev-1', freshAccessToken: async () => 'token', refresh: async () => null } as unknown as ApiClient;

function setup(answer: (request: FakeGatewayRequest, url: URL) => FakeGatewayAnswer | undefined, language: 'en' | 'it' = 'en') {
  const headers: Record<string, string>[] = [];
  const sent = fakeGatewayFetch(answer);
  const fetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    headers.push({ ...(init?.headers as Record<string, string>) });
    return fetch(input, init);
  };
  const shell = fakeShell();
  const feedback: ApiFeedback = { success: jest.fn(), failure: jest.fn() };
  const bridge = { api, language };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <shell.Shell>
      <RemoteApiProvider bridge={bridge} feedback={feedback}>
        {children}
      </RemoteApiProvider>
    </shell.Shell>
  );
  return { sent, headers, shell, feedback, wrapper };
}

const campaign = (name: string) => ({ v: { setting: { id: CAMPAIGN, name }, result: {}, tags: [], cities: [] } });

describe('useApiQuery', () => {
  it("reads a declared route with the shell's session and language, keyed by its name and parameters", async () => {
    const { sent, headers, shell, wrapper } = setup(() => ({ body: campaign('Autunno') }), 'it');
    const { result } = renderHook(() => useApiQuery('getCampaign', { params: { orga: ORGA, campaign: CAMPAIGN } }), { wrapper });
    expect(result.current.status).toBe('pending');
    await waitFor(() => expect(result.current.data?.v.setting.name).toBe('Autunno'));
    expect(sent).toEqual([{ method: 'GET', path: `/api/v1/orga/${ORGA}/marketing/${CAMPAIGN}`, body: undefined }]);
    expect(headers[0]).toMatchObject({ Authorization: 'Bearer token', 'Accept-Language': 'it', 'X-Device-Id': 'dev-1' });
    expect(shell.client.getQueryData(apiQueryKey('getCampaign', { params: { orga: ORGA, campaign: CAMPAIGN } }))).toEqual(
      campaign('Autunno'),
    );
  });

  it("fails with the server's ApiError (its message already in the user's language) and does not ask again after a 4xx", async () => {
    const { sent, wrapper } = setup(() => ({ status: 404, body: { code: 'not_found', message: 'Campagna non trovata' } }));
    const { result } = renderHook(() => useApiQuery('getCampaign', { params: { orga: ORGA, campaign: CAMPAIGN } }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.error).toMatchObject({ status: 404, code: 'not_found', message: 'Campagna non trovata' });
    expect(sent).toHaveLength(1);
  });

  it('asks again after a lost connection, and shows the answer once it comes', async () => {
    let attempts = 0;
    const { wrapper } = setup(() => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      return { body: campaign('Inverno') };
    });
    const { result } = renderHook(() => useApiQuery('getCampaign', { params: { orga: ORGA, campaign: CAMPAIGN } }), { wrapper });
    await waitFor(() => expect(result.current.data?.v.setting.name).toBe('Inverno'));
    expect(attempts).toBe(2);
  });

  it('is read again when the realtime table names it (the shell applies it to the shared client)', async () => {
    let name = 'Autunno';
    const { shell, wrapper } = setup(() => ({ body: campaign(name) }));
    const { result } = renderHook(() => useApiQuery('getCampaign', { params: { orga: ORGA, campaign: CAMPAIGN } }), { wrapper });
    await waitFor(() => expect(result.current.data?.v.setting.name).toBe('Autunno'));
    name = 'Autunno 2';
    act(() =>
      shell.realtime.send({
        scope: 'campaign',
        channel: ORGA,
        store_id: STORE,
        data: CAMPAIGN,
        event: 'updated',
        user: null,
        device: null,
      }),
    );
    await waitFor(() => expect(result.current.data?.v.setting.name).toBe('Autunno 2'));
  });
});

describe('useApiMutation', () => {
  it('writes, refetches what it invalidates before it is done, and says so with the success snackbar', async () => {
    const campaigns = [{ id: CAMPAIGN, name: 'Autunno' }];
    const { sent, feedback, shell, wrapper } = setup(({ method }) => {
      if (method === 'DELETE') {
        campaigns.length = 0;
        return { body: { campaign_id: CAMPAIGN } };
      }
      return { body: { v: { settings: [...campaigns], results: [], tags: [], cities: [] } } };
    });
    const { result } = renderHook(
      () => ({
        list: useApiQuery('listStoreCampaigns', { params: { orga: ORGA, store: STORE, last_time: '0', last_id: 'none' } }),
        remove: useApiMutation('deleteCampaign', {
          invalidates: [apiQueryFilter('listStoreCampaigns', { orga: ORGA, store: STORE })],
          success: 'Campaign deleted',
        }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.data?.v.settings).toHaveLength(1));
    await act(() => result.current.remove.mutateAsync({ params: { orga: ORGA, store: STORE, campaign: CAMPAIGN } }));
    // the list was read again before the write counted as done
    const listKey = apiQueryKey('listStoreCampaigns', { params: { orga: ORGA, store: STORE, last_time: '0', last_id: 'none' } });
    expect(shell.client.getQueryData<{ v: { settings: unknown[] } }>(listKey)?.v.settings).toEqual([]);
    expect(sent.map((r) => r.method)).toEqual(['GET', 'DELETE', 'GET']);
    expect(feedback.success).toHaveBeenCalledWith('Campaign deleted');
    expect(feedback.failure).not.toHaveBeenCalled();
  });

  it('reports a failure as an ApiError to the error feedback and invalidates nothing', async () => {
    const { sent, feedback, wrapper } = setup(({ method }) =>
      method === 'POST' ? { status: 409, body: { code: 'conflict', message: 'Già in coda' } } : { body: { v: [] } },
    );
    const { result } = renderHook(() => useApiMutation('queueCampaign', { invalidates: [apiQueryFilter('getCampaign')] }), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({ params: { orga: ORGA, store: STORE, campaign: CAMPAIGN } }).catch(() => undefined);
    });
    expect(feedback.failure).toHaveBeenCalledWith(expect.objectContaining({ status: 409, message: 'Già in coda' }));
    expect(feedback.success).not.toHaveBeenCalled();
    expect(sent).toHaveLength(1);
  });

  it('leaves the failure to the page when asked (a form shows it at its fields)', async () => {
    const { feedback, wrapper } = setup(() => ({
      status: 400,
      body: { code: 'invalid', message: 'Nome mancante', fields: { name: 'Required' } },
    }));
    const { result } = renderHook(() => useApiMutation('queueCampaign', { notifyFailure: false }), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({ params: { orga: ORGA, store: STORE, campaign: CAMPAIGN } }).catch(() => undefined);
    });
    await waitFor(() => expect(result.current.error?.fields).toEqual({ name: 'Required' }));
    expect(feedback.failure).not.toHaveBeenCalled();
  });
});

describe('useApiPages', () => {
  it('reads a list page by page after the last row and stops at a short page', async () => {
    const rows = Array.from({ length: 3 }, (_, i) => ({ customer_id: `c${i + 1}` }));
    const { sent, wrapper } = setup((_request, url) => {
      const after = url.searchParams.get('last_id');
      const rest = rows.filter((row) => !after || row.customer_id > after);
      return { body: { v: rest.slice(0, 2) } };
    });
    const { result } = renderHook(
      () =>
        useApiPages('listCampaignCustomers', {
          input: (last: string | null) => ({ params: { orga: ORGA, campaign: CAMPAIGN }, query: { last_id: last ?? undefined } }),
          next: (page) => (page.v.length < 2 ? null : (page.v.at(-1)?.customer_id ?? null)),
        }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.data?.pages).toHaveLength(1));
    expect(result.current.hasNextPage).toBe(true);
    await act(async () => {
      await result.current.fetchNextPage();
    });
    await waitFor(() =>
      expect(result.current.data?.pages.flatMap((page) => page.v.map((row) => row.customer_id))).toEqual(['c1', 'c2', 'c3']),
    );
    expect(result.current.hasNextPage).toBe(false);
    expect(sent).toHaveLength(2);
  });
});

describe('RemoteApiProvider', () => {
  it('under a shell without a QueryClient keeps its own and applies the realtime table over bridge.subscribe', async () => {
    let name = 'Autunno';
    fakeGatewayFetch(() => ({ body: campaign(name) }));
    const feed = fakeRealtimeFeed();
    const bridge = { api, language: 'en' as const, subscribe: feed.subscribe };
    const feedback: ApiFeedback = { success: jest.fn(), failure: jest.fn() };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <RemoteApiProvider bridge={bridge} feedback={feedback}>
        {children}
      </RemoteApiProvider>
    );
    const { result } = renderHook(() => useApiQuery('getCampaign', { params: { orga: ORGA, campaign: CAMPAIGN } }), { wrapper });
    await waitFor(() => expect(result.current.data?.v.setting.name).toBe('Autunno'));
    name = 'Natale';
    act(() => feed.send({ scope: 'campaign', channel: ORGA, store_id: null, data: CAMPAIGN, event: 'updated', user: null, device: null }));
    await waitFor(() => expect(result.current.data?.v.setting.name).toBe('Natale'), { timeout: 2000 });
  });

  it("shares the shell's QueryClient when there is one", async () => {
    fakeGatewayFetch(() => ({ body: campaign('Autunno') }));
    const client = createTestQueryClient();
    const feedback: ApiFeedback = { success: jest.fn(), failure: jest.fn() };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <RemoteApiProvider bridge={{ api, language: 'en' }} feedback={feedback}>
          {children}
        </RemoteApiProvider>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useApiQuery('getCampaign', { params: { orga: ORGA, campaign: CAMPAIGN } }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(client.getQueryCache().getAll()).toHaveLength(1);
  });
});
