import { randomUUID } from 'node:crypto';
import {
  appointmentRangeVersionRpc,
  listAppointmentRangeRpc,
  loginRpc,
  updateAppointmentNotesRpc,
  type Appointment,
} from '@pawline/contracts';
import type { NatsRpcClient } from '@pawline/nest-kit';
import { createTestEnv, until, type TestEnv } from '@pawline/nest-kit/testing';
import type { Subscription } from '@nats-io/transport-node';
import { identityService } from '../../../identity/src/identity.service-definition';
import { schedulingService } from '../../src/scheduling.service-definition';
import { gatewayService } from '../../../gateway/src/gateway.service-definition';
import { TEST_SECRET, call, petOf, signUp, type Salon } from './scheduling-test-helpers';

jest.setTimeout(120_000);

/** Issue 34: the week answers 304 by its ETag, and the gateway keeps it until a change of the organization. */
describe('R7.05 the week through the gateway: ETag, 304 and the kept answer', () => {
  let env: TestEnv;
  let client: NatsRpcClient;
  let base = '';
  let anna: Salon;
  let jurgen: Salon;
  const tokens = { anna: '', jurgen: '' };
  const pet = randomUUID();
  let asked = 0;
  let checks = 0;
  let counting: Subscription;
  let countingChecks: Subscription;

  const get = async (token: string, path: string, etag?: string) => {
    const res = await fetch(`${base}${path}`, {
      headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
    });
    const text = await res.text();
    return { status: res.status, etag: res.headers.get('etag'), cache: res.headers.get('cache-control'), text };
  };
  const weekOf = (salon: Salon) => `/api/v1/orga/${salon.orgaId}/store/${salon.storeId}/appointments/2026/12/7/2026/12/13`;
  const itemsOf = (text: string) => (JSON.parse(text) as { items: Appointment[] }).items;

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(schedulingService);
    const gateway = await env.start(gatewayService, { httpPort: 0 });
    base = gateway.httpUrl ?? '';
    client = env.rpcClient();
    anna = await signUp(env, client, 'Anna');
    jurgen = await signUp(env, client, 'Jurgen');
    tokens.anna = (await call(client, loginRpc, { username: anna.email, password: anna.password }, null)).access_token;
    tokens.jurgen = (await call(client, loginRpc, { username: jurgen.email, password: jurgen.password }, null)).access_token;
    await petOf(env, anna, pet);
    // every week request that crosses NATS to scheduling (a plain subscriber beside scheduling's queue group)
    countingChecks = env.nats().subscribe(`${env.subjectPrefix}${appointmentRangeVersionRpc.subject}`, {
      callback: () => {
        checks += 1;
      },
    });
    counting = env.nats().subscribe(`${env.subjectPrefix}${listAppointmentRangeRpc.subject}`, {
      callback: () => {
        asked += 1;
      },
    });
  });

  afterAll(async () => {
    counting?.unsubscribe();
    countingChecks?.unsubscribe();
    await env?.dispose();
  });

  it('answers 200 with an ETag, then 304 to If-None-Match, and an unchanged week does not cross NATS again', async () => {
    const created = await fetch(`${base}/api/v1/orga/${anna.orgaId}/store/${anna.storeId}/appointment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.anna}`, 'content-type': 'application/json' },
      body: JSON.stringify({ appointment: { date: '2026-12-08', hour: 10, min: 0, duration: 45, pet_ids: [pet] } }),
    });
    expect(created.status).toBe(201);
    const first = await get(tokens.anna, weekOf(anna));
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^"[A-Za-z0-9_-]+\.all"$/);
    expect(first.cache).toBe('private, no-cache');
    expect(itemsOf(first.text)).toHaveLength(1);
    await env.nats().flush();
    const before = asked;
    const again = await get(tokens.anna, weekOf(anna), first.etag ?? '');
    expect([again.status, again.text, again.etag]).toEqual([304, '', first.etag]);
    const plain = await get(tokens.anna, weekOf(anna));
    expect([plain.status, plain.text]).toEqual([200, first.text]);
    await env.nats().flush();
    expect(asked - before).toBe(0);
  });

  it('a write through the gateway changes the ETag at once; a write elsewhere once its event arrives', async () => {
    const first = await get(tokens.anna, weekOf(anna));
    const id = itemsOf(first.text)[0]?.id ?? '';
    const patched = await fetch(`${base}/api/v1/orga/${anna.orgaId}/store/${anna.storeId}/appointment/${id}/notes`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${tokens.anna}`, 'content-type': 'application/json' },
      body: JSON.stringify({ notes: 'through the gateway' }),
    });
    expect(patched.status).toBeLessThan(300);
    const afterOwn = await get(tokens.anna, weekOf(anna), first.etag ?? '');
    expect(afterOwn.status).toBe(200);
    expect(afterOwn.etag).not.toBe(first.etag);
    expect(itemsOf(afterOwn.text)[0]?.notes).toBe('through the gateway');

    // straight to scheduling (another gateway, a booking, a reminder status): the event drops the kept week
    await call(
      client,
      updateAppointmentNotesRpc,
      { orga_id: anna.orgaId, store_id: anna.storeId, appointment_id: id, notes: 'elsewhere' },
      anna.auth,
    );
    const seen = await until(
      async () => {
        const res = await get(tokens.anna, weekOf(anna), afterOwn.etag ?? '');
        return res.status === 200 && res;
      },
      { what: 'the week changed by a write made elsewhere' },
    );
    expect(seen.etag).not.toBe(afterOwn.etag);
    expect(itemsOf(seen.text)[0]?.notes).toBe('elsewhere');
  });

  it('after a change of another week, a kept week is checked by its version: the answer does not cross NATS again', async () => {
    const other = `/api/v1/orga/${anna.orgaId}/store/${anna.storeId}/appointments/2026/12/14/2026/12/20`;
    const kept = await get(tokens.anna, other);
    expect(kept.status).toBe(200);
    const id = itemsOf((await get(tokens.anna, weekOf(anna))).text)[0]?.id ?? '';
    const patched = await fetch(`${base}/api/v1/orga/${anna.orgaId}/store/${anna.storeId}/appointment/${id}/notes`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${tokens.anna}`, 'content-type': 'application/json' },
      body: JSON.stringify({ notes: 'another week' }),
    });
    expect(patched.status).toBeLessThan(300);
    await env.nats().flush();
    const [answersBefore, checksBefore] = [asked, checks];
    const again = await get(tokens.anna, other, kept.etag ?? '');
    expect([again.status, again.etag]).toEqual([304, kept.etag]);
    await env.nats().flush();
    expect([asked - answersBefore, checks - checksBefore]).toEqual([0, 1]);
    // the changed week itself is read again
    expect(itemsOf((await get(tokens.anna, weekOf(anna))).text)[0]?.notes).toBe('another week');
  });

  it('another organization never gets a kept answer: refused on the URL, its own week on its own', async () => {
    const kept = await get(tokens.anna, weekOf(anna));
    expect(kept.status).toBe(200);
    const other = await get(tokens.jurgen, weekOf(anna), kept.etag ?? '');
    expect(other.status).toBeGreaterThanOrEqual(403);
    expect(other.status).toBeLessThan(500);
    expect(other.etag).toBeNull();
    expect(other.text).not.toContain(itemsOf(kept.text)[0]?.id ?? 'none');
    const own = await get(tokens.jurgen, weekOf(jurgen), kept.etag ?? '');
    expect(own.status).toBe(200);
    expect(itemsOf(own.text)).toEqual([]);
    expect(own.etag).not.toBe(kept.etag);
  });

  it('reads sent in parallel with a write: the first read after the write settles shows it', async () => {
    const id = itemsOf((await get(tokens.anna, weekOf(anna))).text)[0]?.id ?? '';
    for (const round of [1, 2, 3]) {
      const notes = `parallel ${round}`;
      const write = fetch(`${base}/api/v1/orga/${anna.orgaId}/store/${anna.storeId}/appointment/${id}/notes`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${tokens.anna}`, 'content-type': 'application/json' },
        body: JSON.stringify({ notes }),
      });
      const reads = Array.from({ length: 8 }, () => get(tokens.anna, weekOf(anna)));
      const [written] = await Promise.all([write, ...reads]);
      expect(written.status).toBeLessThan(300);
      expect(itemsOf((await get(tokens.anna, weekOf(anna))).text)[0]?.notes).toBe(notes);
    }
  });
});
