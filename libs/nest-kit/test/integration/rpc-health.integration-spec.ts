import { trace } from '@opentelemetry/api';
import { healthRpc } from '@pawline/contracts';
import { DataSource } from 'typeorm';
import { RpcError, type RunningService } from '../../src';
import { createTestEnv, type TestEnv } from '../../src/testing';
import { crashNoteRpc, createNoteRpc, getNoteRpc } from '../fixtures/fixture.contracts';
import { fixtureService } from '../fixtures/fixture.service-definition';

const call = { auth: null, lang: 'en' };

describe('nest-kit RPC and health (real Postgres and NATS)', () => {
  let env: TestEnv;
  let service: RunningService;

  beforeAll(async () => {
    env = await createTestEnv();
    service = await env.start(fixtureService);
  }, 60_000);

  afterAll(async () => {
    await env?.dispose();
  }, 60_000);

  it('answers a valid call and strips the reply to the response schema', async () => {
    const reply = await env.rpcClient().call(createNoteRpc, { text: 'hello', tags: [] }, call);
    expect(reply).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(reply).not.toHaveProperty('secret');
    const note = await env.rpcClient().call(getNoteRpc, { id: reply.id }, call);
    expect(note).toEqual({ id: reply.id, text: 'hello', readAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  });

  it('returns validation_failed (400) with fields path → message for invalid data', async () => {
    const failure = await env
      .rpcClient()
      .call(createNoteRpc, { text: '', tags: ['ok', 'x'] }, call)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(RpcError);
    const rpcError = failure as RpcError;
    expect(rpcError.code).toBe('validation_failed');
    expect(rpcError.status).toBe(400);
    expect(Object.keys(rpcError.fields ?? {}).sort()).toEqual(['tags.1', 'text']);
  });

  it('passes an RpcError thrown by a handler to the caller with its code, status and params', async () => {
    const id = '3f0c6a52-9a1e-4d5b-8f7e-2b9a6c1d0e4f';
    await expect(env.rpcClient().call(getNoteRpc, { id }, call)).rejects.toMatchObject({ code: 'not_found', status: 404, params: { id } });
  });

  it('answers internal (500) for an unexpected exception without leaking its message', async () => {
    const failure = await env
      .rpcClient()
      .call(crashNoteRpc, {}, call)
      .then(
        () => null,
        (error: unknown) => error as RpcError,
      );
    expect(failure?.code).toBe('internal');
    expect(failure?.status).toBe(500);
    expect(JSON.stringify(failure?.toFailure())).not.toContain('hunter2');
  });

  it('reports service_unavailable when nobody answers the subject', async () => {
    const failure = await env
      .rpcClient()
      .call(healthRpc('nobody'), {}, { ...call, timeoutMs: 500 })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect((failure as RpcError).code).toBe('service_unavailable');
  });

  it("carries the caller's trace through the NATS headers into the handler and its outbox row", async () => {
    const traceId = await trace.getTracer('test').startActiveSpan('caller', async (span) => {
      await env.rpcClient().call(createNoteRpc, { text: 'traced', tags: [] }, call);
      span.end();
      return span.spanContext().traceId;
    });
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    const rows = await env.query<{ traceparent: string }>(
      `SELECT headers->>'traceparent' AS traceparent FROM fixture.outbox_event WHERE envelope->'data'->>'text' = 'traced'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.traceparent).toContain(traceId);
  });

  it('answers GET /health with postgres and nats up', async () => {
    const res = await fetch(`${service.httpUrl}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'up', service: 'fixture', checks: { postgres: 'up', nats: 'up' }, deadLetters: 0 });
  });

  it('answers rpc.<service>.health over NATS with the same report', async () => {
    const report = await env.rpcClient().call(healthRpc('fixture'), {}, call);
    expect(report).toEqual({ status: 'up', service: 'fixture', checks: { postgres: 'up', nats: 'up' }, deadLetters: 0 });
  });

  it('creates the service schema with the kit tables and one migrations table', async () => {
    const tables = await env.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'fixture' ORDER BY table_name`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(['dead_letter', 'migrations', 'note', 'note_copy', 'outbox_event', 'processed_event']);
    const migrations = await env.query<{ name: string }>(`SELECT name FROM fixture.migrations ORDER BY id`);
    expect(migrations.map((m) => m.name)).toEqual(['KitTables1000000000000', 'FixtureInit1732240000000']);
  });

  // last: it breaks the service's database connection
  it('reports degraded with 503 and postgres down when the database is unreachable', async () => {
    await service.app.get(DataSource).destroy();
    const res = await fetch(`${service.httpUrl}/health`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'degraded', checks: { postgres: 'down', nats: 'up' } });
  });
});
