import { randomUUID } from 'node:crypto';
import { crmService } from '../../../crm/src/crm.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { gatewayStackFor, newOwner, REDIS_URL, waitFor, type Owner } from './gateway-test-helpers';

jest.setTimeout(120_000);

type Card = {
  pet_id: string;
  name: string;
  pet_type: number;
  breed: string | null;
  allergies: string | null;
  customer_id: string;
  customer_first_name: string;
  customer_last_name: string;
  customer_fon: string | null;
  tags: { name: string }[];
  customer_tags: { name: string }[];
};
type Salon = Owner & { stores: string[] };

/**
 * The calendar's batch read of pet cards (GET .../pets/cards?ids=) through the gateway over the real
 * identity and crm services: one request for a week's pets, under the store and shared-pets rule of a
 * pet's own read (R6.08), never another organization's.
 */
describe('GET .../pets/cards through the gateway (real NATS, Postgres, Redis)', () => {
  const stack = gatewayStackFor([identityService, crmService], {
    env: { TRUSTED_PROXIES: '127.0.0.1, ::1', PAWLINE_SERVICES: 'crm,identity' },
    redisUrl: REDIS_URL,
  });
  let anna: Salon;
  let bruno: Salon;
  const pets = { fido: '', luna: '', rex: '' };

  const storePath = (salon: Salon, store: string, rest: string) => `/api/v1/orga/${salon.orgaId}/store/${store}${rest}`;
  const cards = (salon: Salon, store: string, ids: string[]) =>
    salon.browser.request('GET', storePath(salon, store, `/pets/cards?ids=${ids.join(',')}`), { token: salon.token });

  async function ok(salon: Salon, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    const reply = await salon.browser.request(method, path, { token: salon.token, ...(body !== undefined ? { body } : {}) });
    if (reply.status >= 300) throw new Error(`${method} ${path} answered ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body as Record<string, unknown>;
  }

  async function salon(): Promise<Salon> {
    const owner = await newOwner(stack.base());
    const listed = await owner.browser.request('GET', `/api/v1/orga/${owner.orgaId}/store`, { token: owner.token });
    return { ...owner, stores: (listed.body as { id: string }[]).map((s) => s.id) };
  }

  async function petOf(
    owner: Salon,
    store: string,
    customer: { first_name: string; last_name: string; fon?: string },
    name: string,
    extra: { allergies?: string } = {},
  ) {
    const made = await ok(owner, 'POST', storePath(owner, store, '/customer'), customer);
    const customerId = (made['customer'] as { id: string }).id;
    const pet = await ok(owner, 'POST', storePath(owner, store, '/pet'), {
      customer_id: customerId,
      name,
      pet_type: 1,
      breed: 'Boxer',
      ...extra,
    });
    return (pet['pet'] as { id: string }).id;
  }

  beforeAll(async () => {
    [anna, bruno] = await Promise.all([salon(), salon()]);
    const second = await ok(anna, 'POST', `/api/v1/orga/${anna.orgaId}/store`, {
      name: 'Filiale Due',
      country: 'IT',
      address_from_orga: true,
    });
    anna.stores.push(String(second['id']));
    const [main, other] = anna.stores as [string, string];
    pets.fido = await petOf(anna, main, { first_name: 'Maria', last_name: 'Rossi', fon: '+39 333 1234567' }, 'Fido', {
      allergies: 'Chlorhexidine shampoo',
    });
    pets.luna = await petOf(anna, main, { first_name: 'Ugo', last_name: 'Sala' }, 'Luna');
    pets.rex = await petOf(anna, other, { first_name: 'Carla', last_name: 'Verdi' }, 'Rex');
  });

  it('R6.08 answers the cards of a week in one request: pet, type, breed, allergies, owner and phone; ids it does not know are left out', async () => {
    const [main] = anna.stores as [string];
    const reply = await cards(anna, main, [pets.luna, pets.fido, pets.fido, randomUUID()]);
    expect(reply.status).toBe(200);
    const items = (reply.body as { items: Card[] }).items;
    expect(items.map((c) => c.name)).toEqual(['Fido', 'Luna']);
    expect(items[1]?.allergies).toBeNull();
    expect(items[0]).toMatchObject({
      pet_id: pets.fido,
      pet_type: 1,
      breed: 'Boxer',
      allergies: 'Chlorhexidine shampoo',
      customer_first_name: 'Maria',
      customer_last_name: 'Rossi',
      customer_fon: '+39 333 1234567',
      tags: [],
      customer_tags: [],
    });
  });

  it("R6.08 without share_pets a store sees only its own pets' cards; with it the organization's", async () => {
    const [main] = anna.stores as [string];
    const separate = await cards(anna, main, [pets.fido, pets.rex]);
    expect((separate.body as { items: Card[] }).items.map((c) => c.name)).toEqual(['Fido']);
    await ok(anna, 'PUT', `/api/v1/orga/${anna.orgaId}/settings`, { share_pets: true });
    // crm learns the setting from identity's event
    const shared = await waitFor(async () => {
      const items = ((await cards(anna, main, [pets.fido, pets.rex])).body as { items: Card[] }).items;
      return items.length === 2 ? items : undefined;
    });
    expect(shared.map((c) => c.name)).toEqual(['Fido', 'Rex']);
  });

  it("R6.02 another organization's owner is refused on its paths and sees none of its pets through their own store", async () => {
    const [main] = anna.stores as [string];
    const foreign = await bruno.browser.request('GET', storePath(anna, main, `/pets/cards?ids=${pets.fido}`), { token: bruno.token });
    expect(foreign.status).toBe(403);
    const own = await cards(bruno, bruno.stores[0] ?? '', [pets.fido, pets.luna]);
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ items: [] });
    expect(JSON.stringify(own.body)).not.toContain('Rossi');
  });

  it('refuses no ids, a malformed id and more than a page of ids with a 400 in the caller language, and nothing else', async () => {
    const [main] = anna.stores as [string];
    for (const query of ['', '?ids=', '?ids=not-a-uuid', `?ids=${Array.from({ length: 201 }, () => randomUUID()).join(',')}`]) {
      const reply = await anna.browser.request('GET', storePath(anna, main, `/pets/cards${query}`), {
        token: anna.token,
        headers: { 'accept-language': 'it' },
      });
      expect({ query: query.slice(0, 20), status: reply.status }).toEqual({ query: query.slice(0, 20), status: 400 });
      expect(JSON.stringify(reply.body)).not.toMatch(/zod|ZodError|invalid_type|Expected/);
    }
    const full = await cards(
      anna,
      main,
      Array.from({ length: 200 }, (_, i) => (i === 0 ? pets.fido : randomUUID())),
    );
    expect((full.body as { items: Card[] }).items.map((c) => c.name)).toEqual(['Fido']);
  });
});
