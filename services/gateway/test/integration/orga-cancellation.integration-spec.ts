import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { crmService } from '../../../crm/src/crm.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { schedulingService } from '../../../scheduling/src/scheduling.service-definition';
import { gatewayService } from '../../src/gateway.service-definition';
import { GATEWAY_TEST_SECRET, REDIS_URL, newOwner, waitFor, type Owner } from './gateway-test-helpers';

jest.setTimeout(120_000);

/** Tables of the kit itself, which keep event bookkeeping rather than an organization's data. */
const KIT_TABLES = ['outbox_event', 'processed_event', 'dead_letter', 'migrations'];
const SERVICE_SCHEMAS = ['identity', 'crm', 'scheduling'];

describe('cancelling an organization through the gateway (identity, crm, scheduling over real NATS and Postgres)', () => {
  let env: TestEnv;
  let base: string;
  let filesDir: string;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = GATEWAY_TEST_SECRET;
    process.env['MAIL_TRANSPORT'] = 'sandbox';
    // the tests' browsers reach the gateway on loopback and name their own addresses, as a proxy would
    process.env['TRUSTED_PROXIES'] = '127.0.0.1, ::1';
    process.env['PAWLINE_SERVICES'] = 'identity,crm,scheduling';
    filesDir = mkdtempSync(join(tmpdir(), 'cancel-files-'));
    process.env['CRM_FILES_DIR'] = filesDir;
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(crmService);
    await env.start(schedulingService);
    base = (await env.start(gatewayService, { httpPort: 0, redisUrl: REDIS_URL })).httpUrl ?? '';
  });

  afterAll(async () => {
    await env?.dispose();
    rmSync(filesDir, { recursive: true, force: true });
    process.env = savedEnv;
  });

  /** Rows that name the organization, in every table of every service schema that has an orga_id column. */
  async function rowsOf(orgaId: string): Promise<Record<string, number>> {
    const tables = await env.query<{ table_schema: string; table_name: string }>(
      `SELECT table_schema, table_name FROM information_schema.columns
        WHERE column_name = 'orga_id' AND table_schema = ANY($1) AND NOT (table_name = ANY($2))`,
      [SERVICE_SCHEMAS, KIT_TABLES],
    );
    const counts: Record<string, number> = {};
    for (const { table_schema: schema, table_name: table } of tables) {
      const [row] = await env.query<{ n: string }>(`SELECT count(*) AS n FROM "${schema}"."${table}" WHERE orga_id = $1`, [orgaId]);
      counts[`${schema}.${table}`] = Number(row?.n ?? 0);
    }
    const [organization] = await env.query<{ n: string }>(`SELECT count(*) AS n FROM identity.organization WHERE id = $1`, [orgaId]);
    counts['identity.organization'] = Number(organization?.n ?? 0);
    return counts;
  }

  async function fillTheBook(owner: Owner): Promise<void> {
    const as = { token: owner.token };
    const stores = await owner.browser.request('GET', `/api/v1/orga/${owner.orgaId}/store`, as);
    const storeId = (stores.body as { id: string }[])[0]?.id ?? '';
    const store = `/api/v1/orga/${owner.orgaId}/store/${storeId}`;
    const tag = await owner.browser.request('POST', `/api/v1/orga/${owner.orgaId}/tag`, {
      ...as,
      body: { kind: 'pet', name: 'Nervoso', icon: 3 },
    });
    expect(tag.status).toBe(201);
    const customer = await owner.browser.request('POST', `${store}/customer`, {
      ...as,
      body: { first_name: 'Marta', last_name: 'Bianchi', fon: '+39 333 1234567' },
    });
    expect(customer.status).toBe(201);
    const customerId = (customer.body as { customer: { id: string } }).customer.id;
    const pet = await owner.browser.request('POST', `${store}/pet`, {
      ...as,
      body: { customer_id: customerId, name: 'Nuvola', pet_type: 2, tags: [{ tag_id: (tag.body as { id: string }).id, tag_order: 0 }] },
    });
    expect(pet.status).toBe(201);
    const petId = (pet.body as { pet: { id: string } }).pet.id;
    const treatment = await owner.browser.request('POST', `/api/v1/orga/${owner.orgaId}/treatment`, {
      ...as,
      body: { name: 'Bagno', default_duration: 60 },
    });
    expect(treatment.status).toBe(201);
    const appointment = await owner.browser.request('POST', `${store}/appointment`, {
      ...as,
      body: {
        appointment: {
          date: '2026-12-03',
          hour: 10,
          min: 0,
          duration: 60,
          pet_ids: [petId],
          treatment_ids: [(treatment.body as { id: string }).id],
        },
      },
    });
    expect(appointment.status).toBe(201);
  }

  it('R1.17 deletes its stores, customers, pets, appointments and users from every schema, and nothing of another organization', async () => {
    const owner = await newOwner(base);
    const neighbour = await newOwner(base);
    await fillTheBook(owner);
    await fillTheBook(neighbour);
    const before = await rowsOf(owner.orgaId);
    for (const table of ['identity.store', 'crm.customer', 'crm.pet', 'crm.tag', 'scheduling.appointment', 'scheduling.treatment']) {
      expect(before[table]).toBeGreaterThan(0);
    }
    const neighbourBefore = await rowsOf(neighbour.orgaId);

    const cancelled = await owner.browser.request('POST', `/api/v1/orga/${owner.orgaId}/cancel`, {
      token: owner.token,
      body: { confirm_name: owner.orgaName },
    });
    expect(cancelled.status).toBe(200);

    // identity deletes at once; crm and scheduling follow evt.identity.orga.cancelled.v1
    const after = await waitFor(async () => {
      const counts = await rowsOf(owner.orgaId);
      return Object.values(counts).every((n) => n === 0) ? counts : undefined;
    }, 15_000);
    expect(Object.keys(after)).toEqual(expect.arrayContaining(['crm.customer', 'crm.pet', 'scheduling.appointment', 'identity.store']));
    const [users] = await env.query<{ n: string }>(`SELECT count(*) AS n FROM identity.person_user WHERE id = $1`, [owner.userId]);
    expect(Number(users?.n)).toBe(0);
    expect(await rowsOf(neighbour.orgaId)).toEqual(neighbourBefore);
  });
});
