import { crmService } from '../../../crm/src/crm.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { schedulingService } from '../../../scheduling/src/scheduling.service-definition';
import { gatewayStackFor, newOwner, REDIS_URL, type Owner } from './gateway-test-helpers';
import { ok, teamOfTwoStores } from './membership-change-helpers';

jest.setTimeout(120_000);

type Named = { id: string; name: string };
type View = {
  id: string;
  name: string;
  stores: Named[];
  users: { user_id: string }[];
  treatments: (Named & { archive: boolean; orga_id: string })[];
  tags: (Named & { icon: number; kind: string; orga_id: string })[];
  external_services: (Named & { service_id: string; orga_id: string })[];
};

/**
 * Spec §3/§7: GET /api/v1/orga/{orga} answers the organization with its treatments (id, name,
 * archive), tags (id, name, icon) and external services, gathered by the gateway from identity,
 * scheduling and crm, each checking the member asking.
 */
describe('GET /api/v1/orga/:orga through the gateway (identity, scheduling, crm over real NATS and Postgres)', () => {
  const stack = gatewayStackFor([identityService, crmService, schedulingService], {
    env: { TRUSTED_PROXIES: '127.0.0.1, ::1', PAWLINE_SERVICES: 'crm,identity,scheduling' },
    redisUrl: REDIS_URL,
  });

  async function post<T>(owner: Owner, path: string, body: unknown, status = 201): Promise<T> {
    return ok(path, await owner.browser.request('POST', `/api/v1/orga/${owner.orgaId}${path}`, { token: owner.token, body }), status)
      .body as T;
  }

  async function viewOf(owner: Owner, orgaId = owner.orgaId): Promise<{ status: number; body: unknown }> {
    return owner.browser.request('GET', `/api/v1/orga/${orgaId}`, { token: owner.token });
  }

  it('R7.01 carries the treatments (archived ones flagged), the tags with their icons and the external services of the organization only', async () => {
    const a = await newOwner(stack.base());
    const b = await newOwner(stack.base());
    const bath = await post<Named>(a, '/treatment', { name: 'Bagno e asciugatura', default_duration: 45, default_price: 2500 });
    const stripping = await post<Named>(a, '/treatment', { name: 'Stripping', default_duration: 90 });
    ok(
      'archive',
      await a.browser.request('PATCH', `/api/v1/orga/${a.orgaId}/treatment/${stripping.id}`, { token: a.token, body: { archive: true } }),
    );
    const vip = await post<Named>(a, '/tag', { kind: 'customer', name: 'Cliente VIP', icon: 7 });
    const biter = await post<Named>(a, '/tag', { kind: 'pet', name: 'Morde', icon: 12 });
    const fiscal = await post<Named>(a, '/external_service', { service_id: 'fatture-in-cloud', name: 'Fatture in Cloud' });
    await post<Named>(b, '/treatment', { name: 'Taglio di B' });
    await post<Named>(b, '/tag', { kind: 'pet', name: 'Tag di B', icon: 3 });

    const response = await viewOf(a);
    expect(response.status).toBe(200);
    const view = response.body as View;
    expect(view.id).toBe(a.orgaId);
    expect(view.name).toBe(a.orgaName);
    expect(view.stores.length).toBeGreaterThan(0);
    expect(view.users.map((user) => user.user_id)).toContain(a.userId);
    const treatments = new Map(view.treatments.map((treatment) => [treatment.id, treatment]));
    expect(treatments.get(bath.id)).toMatchObject({ name: 'Bagno e asciugatura', archive: false });
    expect(treatments.get(stripping.id)).toMatchObject({ name: 'Stripping', archive: true });
    const tags = new Map(view.tags.map((tag) => [tag.id, tag]));
    expect(tags.get(vip.id)).toMatchObject({ name: 'Cliente VIP', icon: 7, kind: 'customer' });
    expect(tags.get(biter.id)).toMatchObject({ name: 'Morde', icon: 12, kind: 'pet' });
    expect(view.external_services).toEqual([
      { id: fiscal.id, orga_id: a.orgaId, service_id: 'fatture-in-cloud', name: 'Fatture in Cloud' },
    ]);
    // nothing of B's lists comes along
    for (const item of [...view.treatments, ...view.tags, ...view.external_services]) expect(item.orga_id).toBe(a.orgaId);
    expect(view.treatments.map((treatment) => treatment.name)).not.toContain('Taglio di B');
    expect(view.tags.map((tag) => tag.name)).not.toContain('Tag di B');
  });

  it("R6.05 answers 403 to another organization's owner, in their language, and 401 without a session", async () => {
    const a = await newOwner(stack.base());
    const b = await newOwner(stack.base());
    await post<Named>(a, '/treatment', { name: 'Bagno' });
    const refused = await b.browser.request('GET', `/api/v1/orga/${a.orgaId}`, { token: b.token, headers: { 'accept-language': 'it' } });
    const english = await b.browser.request('GET', `/api/v1/orga/${a.orgaId}`, { token: b.token, headers: { 'accept-language': 'en' } });
    expect(refused.status).toBe(403);
    expect(english.status).toBe(403);
    const italian = refused.body as { code: string; message: string };
    expect(italian.code).toBe('forbidden');
    expect(italian.message).not.toBe((english.body as { message: string }).message);
    expect(JSON.stringify(refused.body)).not.toContain('Bagno');
    expect(JSON.stringify(refused.body)).not.toContain(a.orgaName);
    const anonymous = await a.browser.request('GET', `/api/v1/orga/${a.orgaId}`);
    expect(anonymous.status).toBe(401);
  });

  it('answers an employee below the administrators the same lists, each service checking their membership', async () => {
    const team = await teamOfTwoStores(stack.base());
    const treatment = await post<Named>(team.owner, '/treatment', { name: 'Toelettatura completa' });
    const tag = await post<Named>(team.owner, '/tag', { kind: 'pet', name: 'Ansioso', icon: 4 });
    const token = await team.signIn();
    const response = await team.employee.request('GET', team.orga, { token });
    expect(response.status).toBe(200);
    const view = response.body as View;
    expect(view.treatments.map((item) => item.id)).toContain(treatment.id);
    expect(view.tags.map((item) => item.id)).toContain(tag.id);
    expect(view.external_services).toEqual([]);
  });
});
