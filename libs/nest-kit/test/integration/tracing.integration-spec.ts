import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { trace } from '@opentelemetry/api';
import { healthRpc } from '@pawline/contracts';
import { initTracing } from '../../src';
import { createTestEnv, until, type TestEnv } from '../../src/testing';
import { createNoteRpc } from '../fixtures/fixture.contracts';

const root = path.resolve(__dirname, '../../../..');
const call = { auth: null, lang: 'en', timeoutMs: 2000 };

type ExportedTraces = {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { spans: { traceId: string; name: string }[] }[];
  }[];
};

const serviceOf = (resource: ExportedTraces['resourceSpans'][number]) =>
  resource.resource.attributes.find((attribute) => attribute.key === 'service.name')?.value.stringValue ?? '?';

describe('tracing: OTLP export with NATS propagation and pg spans (child process, real Postgres and NATS)', () => {
  let env: TestEnv;
  let collector: Server;
  const exported: string[] = [];

  beforeAll(async () => {
    initTracing({ serviceName: 'test', otlpEndpoint: null });
    env = await createTestEnv();
    collector = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        if (req.url === '/v1/traces') exported.push(body);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  }, 30_000);

  afterAll(async () => {
    await new Promise((resolve) => collector?.close(resolve));
    await env?.dispose();
  }, 60_000);

  it('exports the RPC server span, the consumer span of its event and the pg queries under the caller\'s trace id, as service "fixture"', async () => {
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    const child = spawn(
      process.execPath,
      ['-r', path.join(root, 'tools/swc/register.cjs'), path.join(__dirname, '../fixtures/fixture-run.ts')],
      {
        env: { ...process.env, ...env.processEnv, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_BSP_SCHEDULE_DELAY: '100' },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const client = env.rpcClient();
      await until(
        async () =>
          client.call(healthRpc('fixture'), {}, call).then(
            () => true,
            () => false,
          ),
        { timeoutMs: 30_000, what: 'the service to answer' },
      );
      const traceId = await trace.getTracer('test').startActiveSpan('caller', async (span) => {
        await client.call(createNoteRpc, { text: 'traced end to end', tags: [] }, call);
        span.end();
        return span.spanContext().traceId;
      });
      const spanNames = () =>
        exported.flatMap((body) =>
          (JSON.parse(body) as ExportedTraces).resourceSpans.flatMap((resource) =>
            resource.scopeSpans.flatMap((scope) =>
              scope.spans.filter((span) => span.traceId === traceId).map((span) => `${serviceOf(resource)}:${span.name}`),
            ),
          ),
        );
      await until(
        async () =>
          spanNames().includes('fixture:rpc rpc.fixture.note.create') &&
          spanNames().includes('fixture:evt evt.fixture.note.created.v1') &&
          spanNames().some((name) => name.startsWith('fixture:pg.query:INSERT')),
        { timeoutMs: 20_000, what: 'the server, consumer and pg spans of the call to be exported' },
      );
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 60_000);
});
