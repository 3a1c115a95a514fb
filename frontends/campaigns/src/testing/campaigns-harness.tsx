import { ChakraProvider } from '@chakra-ui/react';
import {
  fakeGatewayFetch,
  fakeShell,
  organizationOf,
  organizationUserOf,
  personUserOf,
  storeOf,
  type ApiClient,
  type RealtimeMessage,
  type ShellBridge,
} from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AudienceFilters, Campaign, CampaignCustomer, CampaignFields, CustomerTag, MessageTemplate } from '../api/campaigns-api';
import { CampaignsRoutes } from '../routes';

// What the campaigns screens' tests share: ids, an in-memory marketing gateway behind fetch (the declared routes of
// libs/contracts/src/http/marketing.routes.ts), and the remote mounted where the shell mounts it.

export const ORGA = '22222222-2222-4222-8222-222222222222';
export const STORE = '33333333-3333-4333-8333-333333333333';
export const BASE = `/${ORGA}/store/${STORE}/marketing`;
export const TAG_BITES = '44444444-4444-4444-8444-444444444444';

const uuid = (prefix: string, i: number) => `${prefix}-0000-4000-8000-${String(i).padStart(12, '0')}`;

export const NO_FILTERS: AudienceFilters = {
  months_absent: null,
  recent_visits: null,
  min_visits: null,
  max_declines: null,
  excluded_tag_ids: [],
  cities: [],
};

export function campaignRow(i: number, extra: Partial<Campaign> = {}): Campaign {
  return {
    id: uuid('c0000000', i),
    orga_id: ORGA,
    store_id: STORE,
    name: `Campaign ${i}`,
    summary: '',
    send_at: null,
    state: 'draft',
    draft: true,
    template_id: null,
    filters: { ...NO_FILTERS },
    time: new Date(Date.UTC(2026, 10, 24, 10) - i * 60_000).toISOString(),
    queued_at: null,
    sent_at: null,
    ...extra,
  };
}

export function customerRow(i: number, extra: Partial<CampaignCustomer> = {}): CampaignCustomer {
  return {
    customer_id: uuid('d0000000', i),
    first_name: 'Marta',
    last_name: `Bianchi ${i}`,
    actual_message_status: null,
    opener_messages_confirmed: false,
    ...extra,
  };
}

/** A canned failure for the next call of a method and path pattern. */
export type Failure = { method: string; path: RegExp; status: number; body: unknown; times?: number };

/** The marketing service as the gateway answers it, in memory. */
export class FakeMarketingGateway {
  campaigns: Campaign[] = [];
  customers = new Map<string, CampaignCustomer[]>();
  tags: CustomerTag[] = [{ id: TAG_BITES, orga_id: ORGA, kind: 'customer', name: 'Bites', icon: 3, emoji: null, tag_order: 0 }];
  templates: MessageTemplate[] = [];
  /** the audience count by the filters it was asked for */
  audience: (filters: AudienceFilters) => number = (filters) => 10 - (filters.months_absent ?? 0) - filters.excluded_tag_ids.length * 2;
  failures: Failure[] = [];
  hang: RegExp | null = null;
  private nextId = 500;

  answer(method: string, path: string, body: unknown, url: URL): { status?: number; body: unknown } | Promise<never> {
    if (this.hang?.test(path)) return new Promise<never>(() => undefined);
    const failure = this.failures.find((f) => f.method === method && f.path.test(path));
    if (failure) {
      if (failure.times === undefined || --failure.times <= 0) this.failures = this.failures.filter((f) => f !== failure);
      return { status: failure.status, body: failure.body };
    }
    const marketing = `/api/v1/orga/${ORGA}/marketing`;
    const store = `${marketing}/store/${STORE}`;
    const notFound = { status: 404, body: { code: 'not_found', message: 'Not found' } };
    const find = (id: string | undefined) => this.campaigns.find((c) => c.id === id);
    let m: RegExpExecArray | null;
    if (path === `/api/v1/orga/${ORGA}/tags`) return { body: this.tags };
    if (path === `/api/v1/orga/${ORGA}/msg/templates`) return { body: { v: this.templates } };
    if (method === 'POST' && path === `${store}/audience/count`)
      return { body: { count: this.audience((body as { filters: AudienceFilters }).filters) } };
    if (method === 'GET' && (m = new RegExp(`^${store}/([^/]+)/([^/]+)$`).exec(path))) {
      const [time, last] = [m[1], m[2]];
      const sorted = [...this.campaigns].sort((a, b) => (a.time === b.time ? (a.id < b.id ? 1 : -1) : a.time < b.time ? 1 : -1));
      const after = time === '0' ? sorted : sorted.filter((c) => c.time < (time ?? '') || (c.time === time && c.id < (last ?? '')));
      const settings = after.slice(0, 50);
      return {
        body: {
          v: {
            settings,
            results: settings.map((c) => this.result(c.id)),
            tags: [],
            cities: [],
          },
        },
      };
    }
    if (method === 'POST' && path === store) {
      const fields = body as CampaignFields;
      const campaign = campaignRow(this.nextId++, {
        name: fields.name,
        summary: fields.summary ?? '',
        send_at: fields.send_at ?? null,
        template_id: fields.template_id ?? null,
        filters: { ...NO_FILTERS, ...(fields.filters as Partial<AudienceFilters>) },
        time: new Date().toISOString(),
      });
      this.campaigns.push(campaign);
      return { status: 201, body: campaign };
    }
    if ((m = new RegExp(`^${store}/([^/]+)(/queue)?$`).exec(path))) {
      const campaign = find(m[1]);
      if (!campaign) return notFound;
      if (method === 'DELETE') {
        this.campaigns = this.campaigns.filter((c) => c !== campaign);
        return { body: { campaign_id: campaign.id } };
      }
      if (campaign.state !== 'draft') return { status: 409, body: { code: 'conflict', message: 'Conflict' } };
      if (method === 'POST' && m[2]) Object.assign(campaign, { state: 'queued', draft: false, queued_at: new Date().toISOString() });
      if (method === 'PUT') {
        const fields = body as CampaignFields;
        Object.assign(campaign, {
          name: fields.name,
          summary: fields.summary,
          send_at: fields.send_at,
          filters: { ...NO_FILTERS, ...fields.filters },
        });
      }
      return { body: campaign };
    }
    if (method === 'GET' && (m = new RegExp(`^${marketing}/([^/]+)/customers$`).exec(path))) {
      const last = url.searchParams.get('last_id');
      const rows = (this.customers.get(m[1] ?? '') ?? []).filter((row) => !last || row.customer_id > last);
      return { body: { v: rows.slice(0, 200) } };
    }
    if (method === 'GET' && (m = new RegExp(`^${marketing}/([^/]+)$`).exec(path))) {
      const campaign = find(m[1]);
      if (!campaign) return notFound;
      return {
        body: {
          v: {
            setting: campaign,
            result: this.result(campaign.id),
            tags: campaign.filters.excluded_tag_ids,
            cities: campaign.filters.cities,
          },
        },
      };
    }
    return notFound;
  }

  private result(campaignId: string) {
    const rows = this.customers.get(campaignId) ?? [];
    const at = (min: number) =>
      rows.filter((r) => r.actual_message_status !== null && r.actual_message_status >= min && r.actual_message_status <= 4).length;
    return {
      campaign_id: campaignId,
      customers: rows.length,
      sent: at(1),
      delivered: at(2),
      read: at(3),
      failed: rows.filter((r) => r.actual_message_status === 5 || r.actual_message_status === 6).length,
      confirmed: rows.filter((r) => r.opener_messages_confirmed).length,
    };
  }
}

export function mountCampaigns({
  path,
  gateway = new FakeMarketingGateway(),
  language = 'en',
}: {
  path: string;
  gateway?: FakeMarketingGateway;
  language?: ShellBridge['language'];
}) {
  const requests = fakeGatewayFetch(({ method, path: p, body }, url) => gateway.answer(method, p, body, url));
  // a fresh QueryClient per mount, and the realtime feed applying the invalidation table to it, as the shell does
  const { Shell, realtime, client } = fakeShell();
  const user = personUserOf({ id: 'u1', email: 'ada@example.com', language, orga_id: ORGA, created_at: '2026-11-01T00:00:00Z' });
  const bridge: ShellBridge = {
    api: {
      deviceId: 'dev',
      freshAccessToken: jest.fn().mockResolvedValue('tok'),
      refresh: jest.fn().mockResolvedValue(null),
    } as unknown as ApiClient,
    user,
    language,
    notify: jest.fn(),
    reloadUser: jest.fn(),
    changeLanguage: jest.fn(),
    signedOut: jest.fn(),
    appVersion: '11.4.6',
    orga: organizationOf({
      id: ORGA,
      tier: 0,
      stores: [storeOf({ id: STORE, orga_id: ORGA, name: 'Main' })],
      users: [
        organizationUserOf({
          user_id: 'u1',
          orga_id: ORGA,
          first_name: 'Ada',
          last_name: 'Rossi',
          orga_rank: 1,
          employee_status: 1,
          active: true,
        }),
      ],
    }),
    subscribe: realtime.subscribe,
  };
  const router = createMemoryRouter([{ path: '/:orgaId/store/:storeId/marketing/*', element: <CampaignsRoutes {...bridge} /> }], {
    initialEntries: [path],
  });
  render(
    <Shell>
      <ChakraProvider value={pawlineSystem}>
        <RouterProvider router={router} />
      </ChakraProvider>
    </Shell>,
  );
  const emit = (m: Partial<RealtimeMessage>) =>
    act(() =>
      realtime.send({ scope: 'campaign', channel: ORGA, store_id: STORE, data: null, event: 'updated', user: null, device: null, ...m }),
    );
  return { bridge, router, requests, emit, gateway, client };
}
