import { apiKeyReaches, type ApiKeyReach } from './api-key-scope';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const S1 = '33333333-3333-4333-8333-333333333333';
const S2 = '44444444-4444-4444-8444-444444444444';
const key = (scopes: string[], storeIds: string[] | null = null): ApiKeyReach => ({ orga_id: A, scopes, store_ids: storeIds });
const get = (tag: string) => ({ method: 'get', tag });
const post = (tag: string) => ({ method: 'post', tag });

describe("an API key's reach (issue 33)", () => {
  it('a read key reads its areas and never writes', () => {
    const reader = key(['calendar:read', 'customers:read']);
    expect(apiKeyReaches(reader, get('scheduling'), A, S1)).toBe(true);
    expect(apiKeyReaches(reader, get('crm'), A, S1)).toBe(true);
    for (const method of ['post', 'put', 'patch', 'delete'])
      expect(apiKeyReaches(reader, { method, tag: 'scheduling' }, A, S1)).toBe(false);
  });

  it('a write key reads and writes its area only', () => {
    const calendar = key(['calendar:write']);
    expect(apiKeyReaches(calendar, get('scheduling'), A, S1)).toBe(true);
    expect(apiKeyReaches(calendar, post('scheduling'), A, S1)).toBe(true);
    expect(apiKeyReaches(calendar, get('crm'), A, S1)).toBe(false);
    expect(apiKeyReaches(calendar, post('messaging'), A, S1)).toBe(false);
    expect(apiKeyReaches(key(['booking:write', 'messaging:read']), post('booking'), A, S1)).toBe(true);
    expect(apiKeyReaches(key(['booking:write', 'messaging:read']), post('messaging'), A, S1)).toBe(false);
  });

  it('no key reaches the routes of people: the organization, team, keys, billing, marketing, analytics, the user', () => {
    const all = key(['calendar:write', 'customers:write', 'booking:write', 'messaging:write']);
    for (const tag of ['orga', 'auth', 'user', 'billing', 'marketing', 'analytics', 'public-booking', 'health', 'dev', 'webhooks'])
      expect(apiKeyReaches(all, get(tag), A, null)).toBe(false);
  });

  it('a key of organization A never reaches B', () => {
    expect(apiKeyReaches(key(['calendar:write']), get('scheduling'), B, S1)).toBe(false);
  });

  it('a store-limited key never reaches another store; routes of no store stay open to it', () => {
    const limited = key(['customers:write'], [S1]);
    expect(apiKeyReaches(limited, get('crm'), A, S1)).toBe(true);
    expect(apiKeyReaches(limited, get('crm'), A, S2)).toBe(false);
    expect(apiKeyReaches(limited, post('crm'), A, null)).toBe(true);
  });
});
