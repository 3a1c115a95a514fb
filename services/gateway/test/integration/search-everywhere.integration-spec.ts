import { crmService } from '../../../crm/src/crm.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { schedulingService } from '../../../scheduling/src/scheduling.service-definition';
import { gatewayStackFor, newOwner, REDIS_URL, waitFor, type Owner } from './gateway-test-helpers';

jest.setTimeout(120_000);

type Found = {
  customers: { id: string; first_name: string; last_name: string; fon: string | null; pet_names: string[]; phone_match: string | null }[];
  pets: { id: string; name: string; customer_id: string; owner_first_name: string; owner_last_name: string }[];
  appointments: {
    id: string;
    date: string;
    pet_names: string[];
    customer_id: string;
    customer_first_name: string;
    customer_last_name: string;
  }[];
};
type Salon = Owner & { stores: string[] };

/** A day `days` from today (UTC), as the calendar's YYYY-MM-DD. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Issue 29 the command palette's one search (GET .../search?q=) through the gateway over real identity, crm and
 * scheduling: customers by name, phone or pet name (the appointment dialog's rule), pets with their owner, and the
 * pets' upcoming appointments, in the caller's store only (R6.08) and never another organization's.
 */
describe('GET .../search through the gateway (identity, crm, scheduling over real NATS, Postgres, Redis)', () => {
  const stack = gatewayStackFor([identityService, crmService, schedulingService], {
    env: { TRUSTED_PROXIES: '127.0.0.1, ::1', PAWLINE_SERVICES: 'crm,identity,scheduling' },
    redisUrl: REDIS_URL,
  });
  let anna: Salon;
  let bruno: Salon;
  const ids = { maria: '', fido: '', ugo: '', luna: '', visit: '' };

  const storePath = (salon: Salon, store: string, rest: string) => `/api/v1/orga/${salon.orgaId}/store/${store}${rest}`;
  const search = (salon: Salon, store: string, q: string, lang = 'en') =>
    salon.browser.request('GET', storePath(salon, store, `/search?q=${encodeURIComponent(q)}`), {
      token: salon.token,
      headers: { 'accept-language': lang },
    });
  const found = async (salon: Salon, store: string, q: string): Promise<Found> => {
    const reply = await search(salon, store, q);
    expect({ q, status: reply.status }).toEqual({ q, status: 200 });
    return reply.body as Found;
  };

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

  async function customerWithPet(owner: Salon, store: string, customer: Record<string, string>, name: string) {
    const made = await ok(owner, 'POST', storePath(owner, store, '/customer'), customer);
    const customerId = (made['customer'] as { id: string }).id;
    const pet = await ok(owner, 'POST', storePath(owner, store, '/pet'), { customer_id: customerId, name, pet_type: 1 });
    return [customerId, (pet['pet'] as { id: string }).id] as const;
  }

  async function book(owner: Salon, store: string, petId: string, date: string, hour: number) {
    const made = await ok(owner, 'POST', storePath(owner, store, '/appointment'), {
      appointment: { date, hour, min: 0, duration: 60, pet_ids: [petId], treatment_ids: [] },
    });
    return (made['items'] as { id: string }[])[0]?.id ?? '';
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
    [ids.maria, ids.fido] = await customerWithPet(
      anna,
      main,
      { first_name: 'Maria', last_name: 'Hall', fon: '+39 333 1234567' },
      'Fidolino',
    );
    [ids.ugo, ids.luna] = await customerWithPet(anna, main, { first_name: 'Ugo', last_name: 'Hall' }, 'Luna');
    await customerWithPet(anna, other, { first_name: 'Carla', last_name: 'Verdi' }, 'Fidolina');
    await customerWithPet(bruno, bruno.stores[0] ?? '', { first_name: 'Bruno', last_name: 'Hall' }, 'Fidone');
    ids.visit = await book(anna, main, ids.fido, dayFromNow(9), 10);
    await book(anna, main, ids.fido, dayFromNow(3), 9);
    await book(anna, main, ids.luna, dayFromNow(2), 9);
  });

  it('R7.07 a pet name finds the pet with its owner, the owner, and the pet’s upcoming appointments soonest first', async () => {
    const [main] = anna.stores as [string];
    const body = await found(anna, main, 'fidol');
    expect(body.pets).toEqual([
      { id: ids.fido, name: 'Fidolino', customer_id: ids.maria, owner_first_name: 'Maria', owner_last_name: 'Hall' },
    ]);
    expect(body.customers.map((c) => [c.id, c.pet_names, c.phone_match])).toEqual([[ids.maria, ['Fidolino'], null]]);
    expect(body.appointments.map((a) => [a.date, a.pet_names, a.customer_first_name, a.customer_last_name])).toEqual([
      [dayFromNow(3), ['Fidolino'], 'Maria', 'Hall'],
      [dayFromNow(9), ['Fidolino'], 'Maria', 'Hall'],
    ]);
    expect(body.appointments[1]?.id).toBe(ids.visit);
  });

  it('a surname finds both Halls with their pets, and their appointments; a phone term names the number it found', async () => {
    const [main] = anna.stores as [string];
    const halls = await found(anna, main, 'hall');
    expect(halls.customers.map((c) => `${c.first_name} ${c.pet_names.join(',')}`).sort()).toEqual(['Maria Fidolino', 'Ugo Luna']);
    expect(halls.pets).toEqual([]);
    expect(halls.appointments.map((a) => a.pet_names[0])).toEqual(['Luna', 'Fidolino', 'Fidolino']);
    const byPhone = await found(anna, main, '333 12');
    expect(byPhone.customers.map((c) => [c.id, c.phone_match])).toEqual([[ids.maria, '+39 333 1234567']]);
    expect(await found(anna, main, 'nobody-here')).toEqual({ customers: [], pets: [], appointments: [] });
  });

  it("R6.08 without share_pets a store finds only its own; with it the organization's", async () => {
    const [main] = anna.stores as [string];
    expect((await found(anna, main, 'fidol')).pets.map((p) => p.name)).toEqual(['Fidolino']);
    await ok(anna, 'PUT', `/api/v1/orga/${anna.orgaId}/settings`, { share_pets: true });
    const shared = await waitFor(async () => {
      const pets = (await found(anna, main, 'fidol')).pets;
      return pets.length === 2 ? pets : undefined;
    });
    expect(shared.map((p) => `${p.name} ${p.owner_first_name}`)).toEqual(['Fidolina Carla', 'Fidolino Maria']);
  });

  it("R6.02 another organization's owner is refused on its path and finds none of its customers from their own store", async () => {
    const [main] = anna.stores as [string];
    const foreign = await bruno.browser.request('GET', storePath(anna, main, '/search?q=hall'), { token: bruno.token });
    expect(foreign.status).toBe(403);
    const own = await found(bruno, bruno.stores[0] ?? '', 'hall');
    expect(own.customers.map((c) => c.first_name)).toEqual(['Bruno']);
    expect(JSON.stringify(own)).not.toMatch(/Maria|Ugo|Fidolino/);
  });

  it('refuses a missing, one-letter or too long term with a 400 in the caller’s language', async () => {
    const [main] = anna.stores as [string];
    for (const query of ['', '?q=', '?q=f', '?q=%20f%20', `?q=${'x'.repeat(101)}`]) {
      const reply = await anna.browser.request('GET', storePath(anna, main, `/search${query}`), {
        token: anna.token,
        headers: { 'accept-language': 'it' },
      });
      expect({ query: query.slice(0, 12), status: reply.status }).toEqual({ query: query.slice(0, 12), status: 400 });
      expect(JSON.stringify(reply.body)).not.toMatch(/zod|ZodError|invalid_type|Expected|Too small|Too big/);
    }
  });
});
