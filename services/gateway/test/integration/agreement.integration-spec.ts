import { until } from '@pawline/nest-kit/testing';
import { bookingService } from '../../../booking/src/booking.service-definition';
import { crmService } from '../../../crm/src/crm.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { Browser, gatewayStackFor, newOwner, REDIS_URL, type Owner } from './gateway-test-helpers';

jest.setTimeout(180_000);

type Salon = Owner & { store: string };
type CustomerAgreement = { state: string; current_version: number | null; acceptances: Record<string, unknown>[] };

/**
 * Issue 31 store agreements through the gateway over real identity, crm and booking: published by version, a
 * customer accepts through the signed link with the name typed (time and address kept), a new version asks again,
 * and nobody reaches another organization's customer or forges a link.
 */
describe('R1.08 store agreements of online booking through the gateway (real NATS, Postgres, Redis)', () => {
  const stack = gatewayStackFor([identityService, crmService, bookingService], {
    env: { TRUSTED_PROXIES: '127.0.0.1, ::1', PAWLINE_SERVICES: 'crm,identity,booking' },
    redisUrl: REDIS_URL,
  });
  let anna: Salon;
  let bruno: Salon;
  let customer = '';

  const storePath = (salon: Salon, rest: string) => `/api/v1/orga/${salon.orgaId}/store/${salon.store}${rest}`;
  const as = (salon: Salon, method: string, path: string, body?: unknown, lang = 'en') =>
    salon.browser.request(method, path, {
      token: salon.token,
      headers: { 'accept-language': lang },
      ...(body !== undefined ? { body } : {}),
    });

  async function salon(): Promise<Salon> {
    const owner = await newOwner(stack.base());
    const listed = await owner.browser.request('GET', `/api/v1/orga/${owner.orgaId}/store`, { token: owner.token });
    return { ...owner, store: (listed.body as { id: string }[])[0]!.id };
  }

  beforeAll(async () => {
    [anna, bruno] = await Promise.all([salon(), salon()]);
    const made = await as(anna, 'POST', storePath(anna, '/customer'), { first_name: 'Maria', last_name: 'Rossi', fon: '+39 333 1234567' });
    customer = (made.body as { customer: { id: string } }).customer.id;
    // booking learns the store from identity's events (its directory)
    await until(async () => (await as(anna, 'GET', storePath(anna, '/booking/admin/setup'))).status === 200, {
      what: "booking's copy of the store",
    });
  });

  it('refuses an agreement without any text, in the caller language', async () => {
    const empty = await as(anna, 'POST', storePath(anna, '/booking/admin/agreement'), { texts: { en: '  ' } }, 'de');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'validation_failed', message: 'Einige Felder sind ungültig.' });
    expect((await as(anna, 'GET', storePath(anna, '/booking/admin/agreement'))).body).toBeNull();
    const link = await as(anna, 'POST', storePath(anna, `/customer/${customer}/agreement/link`));
    expect(link).toMatchObject({ status: 400, body: { fields: { agreement: 'validation.agreementNone' } } });
  });

  it('keeps who accepted which version when, and asks again after a new version', async () => {
    const published = await Promise.all([
      as(anna, 'POST', storePath(anna, '/booking/admin/agreement'), {
        texts: { en: 'Pets must be vaccinated.', it: 'Gli animali devono essere vaccinati.' },
      }),
      as(anna, 'POST', storePath(anna, '/booking/admin/agreement'), { texts: { en: 'Pets must be vaccinated and flea-free.' } }),
    ]);
    // two publishes at once take two versions, never the same one
    expect(published.map((p) => (p.body as { version: number }).version).sort()).toEqual([1, 2]);
    const current = (await as(anna, 'GET', storePath(anna, '/booking/admin/agreement'))).body as {
      version: number;
      texts: Record<string, string>;
    };
    expect(current.version).toBe(2);

    expect((await as(anna, 'GET', storePath(anna, `/customer/${customer}/agreement`))).body).toEqual({
      state: 'missing',
      current_version: 2,
      acceptances: [],
    });
    const link = (await as(anna, 'POST', storePath(anna, `/customer/${customer}/agreement/link`))).body as {
      token: string;
      version: number;
    };
    expect(link.version).toBe(2);

    const customerBrowser = new Browser(stack.base(), { 'x-forwarded-for': '203.0.113.7', 'accept-language': 'it' });
    const page = await customerBrowser.request('GET', `/api/v1/public/agreement/${link.token}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ version: 2, accepted: false });
    // the customer's language (Accept-Language: it) when the version has it, else English
    expect((page.body as { text: string }).text).toBe(current.texts['it'] ?? current.texts['en']);

    const noName = await customerBrowser.request('POST', `/api/v1/public/agreement/${link.token}`, { body: { name: ' ' } });
    expect(noName).toMatchObject({ status: 400, body: { fields: { name: 'validation.agreementName' } } });
    const twice = await Promise.all([
      customerBrowser.request('POST', `/api/v1/public/agreement/${link.token}`, { body: { name: 'Maria  Rossi' } }),
      customerBrowser.request('POST', `/api/v1/public/agreement/${link.token}`, { body: { name: 'Maria Rossi' } }),
    ]);
    expect(twice.map((t) => t.status)).toEqual([201, 201]);
    const state = (await as(anna, 'GET', storePath(anna, `/customer/${customer}/agreement`))).body as CustomerAgreement;
    expect(state).toMatchObject({ state: 'accepted', current_version: 2 });
    // one acceptance for the two clicks: the name typed, when, from which address, how
    expect(state.acceptances).toEqual([
      { version: 2, name: 'Maria Rossi', accepted_at: expect.any(String), ip_address: '203.0.113.7', via: 'link' },
    ]);
    expect((await customerBrowser.request('GET', `/api/v1/public/agreement/${link.token}`)).body).toMatchObject({ accepted: true });

    await as(anna, 'POST', storePath(anna, '/booking/admin/agreement'), { texts: { en: 'Version three.' } });
    expect((await as(anna, 'GET', storePath(anna, `/customer/${customer}/agreement`))).body).toMatchObject({
      state: 'outdated',
      current_version: 3,
    });
  });

  it("never reaches another organization's customer, nor a forged link", async () => {
    expect((await as(bruno, 'GET', storePath(anna, `/customer/${customer}/agreement`))).status).toBe(403);
    expect((await as(bruno, 'GET', storePath(bruno, `/customer/${customer}/agreement`))).status).toBe(404);
    expect((await as(bruno, 'POST', storePath(bruno, `/customer/${customer}/agreement/link`))).status).toBe(404);
    expect((await as(bruno, 'POST', storePath(anna, '/booking/admin/agreement'), { texts: { en: 'Mine now' } })).status).toBe(403);
    const link = (await as(anna, 'POST', storePath(anna, `/customer/${customer}/agreement/link`))).body as { token: string };
    const forged = `${link.token.slice(0, -43)}${'A'.repeat(43)}`;
    const refused = await new Browser(stack.base()).request('GET', `/api/v1/public/agreement/${forged}`);
    expect(refused.status).toBe(404);
  });
});
