import { cancelOrgaRpc, createWebhooksNoteRpc, listWebhooksNotesRpc, type EventEnvelope } from '@pawline/contracts';
import type { NatsRpcClient, RunningService } from '@pawline/nest-kit';
import { call, createTestEnv, failureOf, type TestEnv } from '@pawline/nest-kit/testing';
import { gatewayService } from '../../../gateway/src/gateway.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { webhooksService } from '../../src/webhooks.service-definition';
import { TEST_SECRET, signUp, type Salon } from './webhooks-test-helpers';

jest.setTimeout(180_000);

describe('webhooks service (real Postgres and NATS)', () => {
  let env: TestEnv;
  let service: RunningService;
  let client: NatsRpcClient;
  let base = '';
  let anna: Salon;
  let jurgen: Salon;
  const published: EventEnvelope[] = [];

  const notesOf = async (orgaId: string) =>
    Number((await env.query<{ n: string }>(`SELECT count(*) AS n FROM "webhooks".note WHERE orga_id = $1`, [orgaId]))[0]?.n);

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    env = await createTestEnv();
    await env.start(identityService);
    service = await env.start(webhooksService, { httpPort: 0 });
    process.env['PAWLINE_SERVICES'] = 'identity,webhooks';
    base = (await env.start(gatewayService, { httpPort: 0 })).httpUrl ?? '';
    client = env.rpcClient();
    const events = env.nats().subscribe(`${env.subjectPrefix}evt.webhooks.>`);
    void (async () => {
      for await (const message of events) published.push(JSON.parse(message.string()) as EventEnvelope);
    })();
    anna = await signUp(client, 'Anna');
    jurgen = await signUp(client, 'Jurgen');
  });

  afterAll(async () => {
    await env.dispose();
  });

  it('answers GET /health with postgres and nats up', async () => {
    const response = await fetch(`${service.httpUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'up', service: 'webhooks', checks: { postgres: 'up', nats: 'up' } });
  });

  it('answers rpc.webhooks.health over NATS in its queue group', async () => {
    const envelope = JSON.stringify({ auth: null, lang: 'en', data: {} });
    const reply = await env.nats().request(`${env.subjectPrefix}rpc.webhooks.health`, envelope, { timeout: 5000 });
    expect(JSON.parse(reply.string())).toMatchObject({ ok: true, data: { status: 'up', service: 'webhooks', deadLetters: 0 } });
  });

  it('R2.02 lets the organization administrator add a note, lists it and publishes the created event', async () => {
    const note = await call(client, createWebhooksNoteRpc, { orga_id: anna.orgaId, text: '  Closed on Monday  ' }, anna.auth);
    expect(note).toMatchObject({ orga_id: anna.orgaId, text: 'Closed on Monday' });
    expect(await call(client, listWebhooksNotesRpc, { orga_id: anna.orgaId }, anna.auth)).toEqual([note]);
    for (let i = 0; i < 100 && !published.some((event) => JSON.stringify(event.data).includes(note.id)); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(published.find((event) => JSON.stringify(event.data).includes(note.id))).toMatchObject({
      subject: 'evt.webhooks.note.created.v1',
      orgaId: anna.orgaId,
      data: { orga_id: anna.orgaId, note_id: note.id },
    });
  });

  it('R6.05 refuses another organization and anonymous callers, and shows them no row', async () => {
    expect((await failureOf(client, listWebhooksNotesRpc, { orga_id: anna.orgaId }, jurgen.auth)).code).toBe('forbidden');
    expect((await failureOf(client, createWebhooksNoteRpc, { orga_id: anna.orgaId, text: 'x' }, jurgen.auth)).code).toBe('forbidden');
    expect((await failureOf(client, listWebhooksNotesRpc, { orga_id: anna.orgaId }, null)).code).toBe('unauthorized');
    expect((await failureOf(client, createWebhooksNoteRpc, { orga_id: anna.orgaId, text: '' }, anna.auth)).code).toBe('validation_failed');
  });

  it('answers its routes through the gateway: 201 and 200 for the administrator, 400 for an unknown field, 403 for another organization', async () => {
    const http = async (salon: Salon | null, method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}/api/v1/orga/${anna.orgaId}/webhooks/${path}`, {
        method,
        headers: {
          ...(salon ? { authorization: `Bearer ${salon.token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const created = await http(anna, 'POST', 'note', { text: 'Through the gateway' });
    expect(created).toMatchObject({ status: 201, body: { orga_id: anna.orgaId, text: 'Through the gateway' } });
    const listed = await http(anna, 'GET', 'notes');
    expect(listed.status).toBe(200);
    expect(listed.body).toContainEqual(created.body);
    expect(await http(anna, 'POST', 'note', { text: 'x', colour: 'red' })).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });
    expect((await http(jurgen, 'GET', 'notes')).status).toBe(403);
    expect((await http(jurgen, 'POST', 'note', { text: 'x' })).status).toBe(403);
    expect((await http(null, 'GET', 'notes')).status).toBe(401);
  });

  it("R1.17 purges a cancelled organization's notes and keeps the others'", async () => {
    await call(client, createWebhooksNoteRpc, { orga_id: jurgen.orgaId, text: 'Holidays in August' }, jurgen.auth);
    expect(await notesOf(jurgen.orgaId)).toBe(1);
    await call(client, cancelOrgaRpc, { orga_id: jurgen.orgaId, confirm_name: jurgen.orgaName }, jurgen.auth);
    for (let i = 0; i < 100 && (await notesOf(jurgen.orgaId)) > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await notesOf(jurgen.orgaId)).toBe(0);
    expect(await notesOf(anna.orgaId)).toBe(2);
  });
});
