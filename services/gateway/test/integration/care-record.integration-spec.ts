import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningService } from '@pawline/nest-kit';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { crmService } from '../../../crm/src/crm.service-definition';
import { pdfOf } from '../../../crm/test/integration/crm-test-helpers';
import { identityService } from '../../../identity/src/identity.service-definition';
import { gatewayService } from '../../src/gateway.service-definition';
import { GATEWAY_TEST_SECRET, REDIS_URL, newOwner, type Owner } from './gateway-test-helpers';
import { PNG } from './tenant-isolation-world';

jest.setTimeout(120_000);

type Vaccination = {
  id: string;
  vaccine: string;
  given_on: string;
  valid_until: string;
  proof: { id: string; mime: string; kind: string } | null;
  verified_by: string | null;
  verified_at: string | null;
};
type Salon = Owner & { storeId: string };

// Issue 31 a pet's vaccinations through the gateway over real NATS, Postgres and Redis (ADR 0062).
describe('issue 31 vaccinations and a store requirement through the gateway', () => {
  let env: TestEnv;
  let gateway: RunningService;
  let base: string;
  let filesDir: string;
  let anna: Salon;
  let bruno: Salon;
  let petId = '';
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = GATEWAY_TEST_SECRET;
    process.env['MAIL_TRANSPORT'] = 'sandbox';
    process.env['TRUSTED_PROXIES'] = '127.0.0.1, ::1';
    process.env['PAWLINE_SERVICES'] = 'identity,crm';
    filesDir = mkdtempSync(join(tmpdir(), 'gateway-care-'));
    process.env['CRM_FILES_DIR'] = filesDir;
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(crmService);
    gateway = await env.start(gatewayService, { httpPort: 0, redisUrl: REDIS_URL });
    base = gateway.httpUrl ?? '';
    [anna, bruno] = await Promise.all([salon(), salon()]);
    const customer = await anna.browser.request('POST', at(anna, '/customer'), { token: anna.token, body: { first_name: 'Giulia' } });
    const customerId = (customer.body as { customer: { id: string } }).customer.id;
    const pet = await anna.browser.request('POST', at(anna, '/pet'), {
      token: anna.token,
      body: { customer_id: customerId, name: 'Fido', pet_type: 1 },
    });
    petId = (pet.body as { pet: { id: string } }).pet.id;
  });

  afterAll(async () => {
    await env?.dispose();
    process.env = savedEnv;
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  });

  async function salon(): Promise<Salon> {
    const owner = await newOwner(base);
    const stores = await owner.browser.request('GET', `/api/v1/orga/${owner.orgaId}/store`, { token: owner.token });
    return { ...owner, storeId: (stores.body as { id: string }[])[0]?.id ?? '' };
  }

  const at = (s: Salon, rest: string) => `/api/v1/orga/${s.orgaId}/store/${s.storeId}${rest}`;
  const json = (s: Salon, method: string, rest: string, body?: unknown, headers?: Record<string, string>) =>
    s.browser.request(method, at(s, rest), { token: s.token, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) });

  async function putProof(s: Salon, vaccinationId: string, bytes: Buffer, type: string, name: string) {
    const response = await fetch(`${base}${at(s, `/pet/${petId}/vaccination/${vaccinationId}/proof`)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${s.token}`, 'content-type': type, 'x-file-name': encodeURIComponent(name) },
      body: new Uint8Array(bytes),
    });
    return { status: response.status, body: (await response.json()) as { id: string; kind: string; mime: string; code?: string } };
  }

  async function cardOf(s: Salon) {
    const cards = await json(s, 'GET', `/pets/cards?ids=${petId}`);
    expect(cards.status).toBe(200);
    return (cards.body as { items: { vaccinations?: { vaccine: string; valid_until: string }[] }[] }).items[0];
  }

  async function create(vaccine = 'rabies', given_on = '2026-03-01', valid_until = '2027-03-01'): Promise<Vaccination> {
    const created = await json(anna, 'POST', `/pet/${petId}/vaccination`, { vaccine, given_on, valid_until });
    expect(created.status).toBe(201);
    return created.body as Vaccination;
  }

  it('records a vaccination unverified; the card counts it only once staff verified it beside its proof', async () => {
    const rabies = await create();
    expect(rabies).toMatchObject({ vaccine: 'rabies', given_on: '2026-03-01', valid_until: '2027-03-01', proof: null, verified_by: null });
    expect((await cardOf(anna))?.vaccinations).toEqual([]);

    // no proof yet: nothing to verify against
    const early = await json(anna, 'POST', `/pet/${petId}/vaccination/${rabies.id}/verify`, {
      given_on: '2026-03-01',
      valid_until: '2027-03-01',
    });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ code: 'validation_failed', fields: { proof: 'validation.vaccinationProofMissing' } });

    const proof = await putProof(anna, rabies.id, PNG, 'image/png', 'libretto.png');
    expect(proof.status).toBe(200);
    expect(proof.body).toMatchObject({ kind: 'vaccination_proof', mime: 'image/png' });
    const download = await fetch(`${base}${at(anna, `/pet/${petId}/vaccination/${rabies.id}/proof`)}`, {
      headers: { authorization: `Bearer ${anna.token}` },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);

    // staff read a later end date on the photo than was typed
    const verified = await json(anna, 'POST', `/pet/${petId}/vaccination/${rabies.id}/verify`, {
      given_on: '2026-03-01',
      valid_until: '2029-03-01',
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ valid_until: '2029-03-01', verified_by: anna.userId, proof: { id: proof.body.id } });
    expect((verified.body as Vaccination).verified_at).not.toBeNull();
    expect((await cardOf(anna))?.vaccinations).toEqual([{ vaccine: 'rabies', valid_until: '2029-03-01' }]);

    // a new proof (the vet's PDF) replaces the photo and makes the dates unchecked again
    const pdf = await putProof(anna, rabies.id, pdfOf(2000), 'application/pdf', 'certificato.pdf');
    expect(pdf.status).toBe(200);
    const list = await json(anna, 'GET', `/pet/${petId}/vaccinations`);
    const [again] = (list.body as { items: Vaccination[] }).items;
    expect(again).toMatchObject({
      id: rabies.id,
      verified_by: null,
      verified_at: null,
      proof: { id: pdf.body.id, mime: 'application/pdf' },
    });
    expect((await cardOf(anna))?.vaccinations).toEqual([]);
    const files = await env.query<{ n: string }>(`SELECT count(*) AS n FROM crm.stored_file WHERE owner_id = $1`, [rabies.id]);
    expect(Number(files[0]?.n)).toBe(1);
  });

  it('refuses an end before the start and an unknown vaccine, in the caller language', async () => {
    const backwards = await json(
      anna,
      'POST',
      `/pet/${petId}/vaccination`,
      { vaccine: 'kennel_cough', given_on: '2027-01-10', valid_until: '2027-01-09' },
      { 'accept-language': 'it' },
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ code: 'validation_failed', fields: { valid_until: 'validation.validUntilBeforeGivenOn' } });
    expect((backwards.body as { message: string }).message).not.toMatch(/invalid|failed/i);
    const unknown = await json(anna, 'POST', `/pet/${petId}/vaccination`, {
      vaccine: 'flu',
      given_on: '2027-01-01',
      valid_until: '2028-01-01',
    });
    expect(unknown.status).toBe(400);
    expect(Object.keys((unknown.body as { fields: Record<string, string> }).fields)).toEqual(['vaccine']);
    const other = await json(anna, 'POST', `/pet/${petId}/vaccination`, {
      vaccine: 'other:Lyme disease',
      given_on: '2027-01-01',
      valid_until: '2028-01-01',
    });
    expect(other.status).toBe(201);
  });

  it('keeps one proof when two are sent at once', async () => {
    const lepto = await create('leptospirosis');
    const answers = await Promise.all([
      putProof(anna, lepto.id, PNG, 'image/png', 'one.png'),
      putProof(anna, lepto.id, pdfOf(1500), 'application/pdf', 'two.pdf'),
    ]);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    const files = await env.query<{ n: string }>(`SELECT count(*) AS n FROM crm.stored_file WHERE owner_id = $1`, [lepto.id]);
    expect(Number(files[0]?.n)).toBe(1);
  });

  it('changing the dates makes a vaccination unverified; deleting it removes its proof', async () => {
    const cough = await create('kennel_cough', '2026-06-01', '2027-06-01');
    await putProof(anna, cough.id, PNG, 'image/png', 'cough.png');
    const verified = await json(anna, 'POST', `/pet/${petId}/vaccination/${cough.id}/verify`, {
      given_on: '2026-06-01',
      valid_until: '2027-06-01',
    });
    expect(verified.status).toBe(200);
    const changed = await json(anna, 'PUT', `/pet/${petId}/vaccination/${cough.id}`, {
      vaccine: 'kennel_cough',
      given_on: '2026-06-01',
      valid_until: '2027-12-01',
    });
    expect(changed.body).toMatchObject({ valid_until: '2027-12-01', verified_by: null, verified_at: null });
    const deleted = await json(anna, 'DELETE', `/pet/${petId}/vaccination/${cough.id}`);
    expect(deleted.body).toEqual({ deleted: true, vaccination_id: cough.id });
    const files = await env.query<{ n: string }>(`SELECT count(*) AS n FROM crm.stored_file WHERE owner_id = $1`, [cough.id]);
    expect(Number(files[0]?.n)).toBe(0);
    expect((await json(anna, 'GET', `/pet/${petId}/vaccination/${cough.id}/proof`)).status).toBe(404);
  });

  it('another organization reaches neither the vaccinations nor the proof, even naming its own store', async () => {
    const rabies = (await json(anna, 'GET', `/pet/${petId}/vaccinations`)).body as { items: Vaccination[] };
    const id = rabies.items[0]?.id ?? '';
    for (const path of [`/pet/${petId}/vaccinations`, `/pet/${petId}/vaccination/${id}/proof`]) {
      expect([403, 404]).toContain((await json(bruno, 'GET', path)).status);
    }
    const verify = await json(bruno, 'POST', `/pet/${petId}/vaccination/${id}/verify`, {
      given_on: '2026-03-01',
      valid_until: '2030-01-01',
    });
    expect([403, 404]).toContain(verify.status);
    const after = await env.query<{ valid_until: string }>(
      `SELECT to_char(valid_until, 'YYYY-MM-DD') AS valid_until FROM crm.pet_vaccination WHERE id = $1`,
      [id],
    );
    expect(after[0]?.valid_until).not.toBe('2030-01-01');
  });

  it('keeps a store requirement, the same vaccine of a kind of pet once, with defaults before it is saved', async () => {
    expect((await json(anna, 'GET', '/care_settings')).body).toEqual({
      store_id: anna.storeId,
      requirements: [],
      expiring_days: 30,
      booking_mode: 'warn',
    });
    const treatment = '9b2f7a52-6a8e-4c6f-9d5a-2b8e0c1d4f11';
    const saved = await json(anna, 'PUT', '/care_settings', {
      requirements: [
        { pet_type: 1, vaccine: 'rabies', treatment_ids: [] },
        { pet_type: 0, vaccine: 'rabies', treatment_ids: [treatment] },
        { pet_type: 0, vaccine: 'kennel_cough', treatment_ids: [treatment] },
      ],
      expiring_days: 14,
      booking_mode: 'refuse',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      store_id: anna.storeId,
      requirements: [
        { pet_type: 1, vaccine: 'rabies', treatment_ids: [] },
        { pet_type: 0, vaccine: 'kennel_cough', treatment_ids: [treatment] },
      ],
      expiring_days: 14,
      booking_mode: 'refuse',
    });
    expect((await json(bruno, 'GET', '/care_settings')).body).toMatchObject({ requirements: [] });
  });
});
