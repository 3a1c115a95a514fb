// One reminder's trace across processes, printed as a span tree (issue 17):
//   npm run trace-reminder        (= node -r ./tools/swc/register.cjs tools/ops/trace-reminder.ts)
// Starts a tiny OTLP/HTTP receiver (JSON, what @opentelemetry/exporter-trace-otlp-http sends) on a free port
// and the cluster of `npm start -- --cluster` (tools/launcher/cluster.cjs: three NATS nodes, each service once,
// one messaging worker, two gateways, from dist/node) exporting to it, on a scratch database of the machine's
// Postgres; the sandbox WhatsApp provider. Through the gateway's HTTP routes, as the salon would: registers,
// adds a customer with a pet, books an appointment for tomorrow, sets this minute as the reminder slot; the
// scheduler's next tick sends the reminder. Waits for it to be sent, delivered and read (the sandbox's statuses,
// published as the Cloud API's webhook is), and prints the trace that holds the worker's provider call: the
// statuses' handling continues it (the send's context kept on outbound_message), linked to the webhooks' traces.
// The salon's calendar has a socket open on each of the two gateways: each gateway's realtime delivery of the
// events (the appointment updated, the reminder's status) is a span of the trace, so the tree ends where the
// browser is told.
import { createServer, type IncomingMessage } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { createScratchDatabase } from '../bench/scratch-database';
import { REMINDER_STATUS, type AppointmentList } from '@pawline/contracts';
import { ensureDistNode, portPlan, startCluster, type Cluster } from '../launcher/cluster.cjs';
import { freePort } from '../launcher/probes.cjs';
// the gateway's HTTP helpers: a browser keeping cookies, an owner registered through HTTP
import { newOwner, waitFor } from '../../services/gateway/test/integration/gateway-test-helpers';
import { addDays, formatLocalDate, instantToLocal } from '@pawline/domain';

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes?: { key: string; value: OtlpValue }[];
  links?: { traceId: string; spanId: string }[];
};
type Span = OtlpSpan & { service: string };
type OtlpBody = {
  resourceSpans?: { resource?: { attributes?: { key: string; value: OtlpValue }[] }; scopeSpans?: { spans?: OtlpSpan[] }[] }[];
};

const KINDS = ['unspecified', 'internal', 'server', 'client', 'producer', 'consumer'];
const ROME = 'Europe/Rome';

/** An OTLP/HTTP JSON receiver keeping every span it is sent. */
async function startReceiver(): Promise<{ url: string; spans: Span[]; close(): Promise<void> }> {
  const spans: Span[] = [];
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => resolve(body));
    });
  const server = createServer((req, res) => {
    void read(req).then((text) => {
      if (req.url === '/v1/traces' && req.headers['content-type']?.includes('json')) {
        const body = JSON.parse(text) as OtlpBody;
        for (const resource of body.resourceSpans ?? []) {
          const service = resource.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '?';
          for (const scope of resource.scopeSpans ?? []) for (const span of scope.spans ?? []) spans.push({ ...span, service });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, spans, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function localNow(zone: string, shiftDays = 0): { date: string; hhmm: string } {
  const now = instantToLocal(Date.now(), zone);
  const two = (n: number) => String(n).padStart(2, '0');
  return { date: formatLocalDate(addDays(now, shiftDays)), hhmm: `${two(now.hour)}:${two(now.min)}` };
}

function attribute(span: Pick<Span, 'attributes'>, key: string): string | undefined {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  if (!value) return undefined;
  return value.stringValue ?? (value.intValue !== undefined ? String(value.intValue) : undefined);
}

/** A gateway's realtime delivery (services/gateway/src/realtime/realtime-tracing.ts): where from, to how many rooms and sockets. */
function realtimeNote(span: Pick<Span, 'attributes'>): string {
  const source = attribute(span, 'pawline.realtime.source');
  if (!source) return '';
  const scope = attribute(span, 'pawline.realtime.scope');
  const from = source === 'peer' ? 'from the other gateway' : 'from NATS';
  const to = scope
    ? `, ${scope} to ${attribute(span, 'pawline.realtime.rooms') ?? 0} room(s), ${attribute(span, 'pawline.realtime.sockets') ?? 0} socket(s)`
    : ', no realtime message';
  return `  [${from}${to}]`;
}

const ms = (span: Span) => (Number(BigInt(span.endTimeUnixNano) - BigInt(span.startTimeUnixNano)) / 1e6).toFixed(1);

/** The trace as an indented tree: service, kind, name, duration, start offset; pg spans folded into a count; links to other traces. */
export function spanTree(spans: Span[]): string {
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  const children = new Map<string, Span[]>();
  const roots: Span[] = [];
  for (const span of spans) {
    if (span.parentSpanId && byId.has(span.parentSpanId))
      children.set(span.parentSpanId, [...(children.get(span.parentSpanId) ?? []), span]);
    else roots.push(span);
  }
  const start = spans.reduce(
    (min, s) => (BigInt(s.startTimeUnixNano) < min ? BigInt(s.startTimeUnixNano) : min),
    BigInt(spans[0]?.startTimeUnixNano ?? 0),
  );
  const lines: string[] = [];
  const order = (list: Span[]) => [...list].sort((a, b) => (BigInt(a.startTimeUnixNano) < BigInt(b.startTimeUnixNano) ? -1 : 1));
  const walk = (span: Span, depth: number) => {
    const at = (Number(BigInt(span.startTimeUnixNano) - start) / 1e6).toFixed(0);
    const kids = order(children.get(span.spanId) ?? []);
    const pg = kids.filter((k) => k.name.startsWith('pg') && !children.has(k.spanId));
    const pgNote = pg.length > 0 ? `  (+${pg.length} pg queries)` : '';
    const linkNote = (span.links ?? []).map((link) => `  [link: trace ${link.traceId}]`).join('');
    lines.push(
      `${'  '.repeat(depth)}${span.service.padEnd(18)} ${KINDS[span.kind]?.padEnd(8)} ${span.name}  ${ms(span)} ms @${at} ms${pgNote}${linkNote}${realtimeNote(span)}`,
    );
    for (const kid of kids) if (!pg.includes(kid)) walk(kid, depth + 1);
  };
  for (const root of order(roots)) walk(root, 0);
  return lines.join('\n');
}

async function main(): Promise<void> {
  ensureDistNode((message) => console.log(`trace-reminder: ${message}`));
  const receiver = await startReceiver();
  const scratch = await createScratchDatabase(`pawline_trace_${process.pid}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'pawline-trace-'));
  let cluster: Cluster | null = null;
  const sockets: Socket[] = [];
  try {
    const services = ['analytics', 'billing', 'booking', 'crm', 'identity', 'marketing', 'messaging', 'scheduling'];
    const gatewayPort = await freePort();
    const plan = portPlan({ gatewayPort, base: gatewayPort + 2, services, workers: 1 });
    const base = `http://127.0.0.1:${plan.gateways[0]}`;
    cluster = await startCluster({
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: scratch.url,
        REDIS_URL: process.env['REDIS_URL'] && process.env['REDIS_URL'] !== 'off' ? process.env['REDIS_URL'] : 'redis://127.0.0.1:6379',
        PAWLINE_SUBJECT_PREFIX: `tr${process.pid}.`,
        AUTH_TOKEN_SECRET: 'trace-reminder-only-a-scratch-secret-of-32-chars',
        PUBLIC_URL: base,
        LOG_LEVEL: 'warn',
        MAIL_TRANSPORT: 'sandbox',
        MESSAGING_PROVIDER: 'sandbox',
        SMS_PROVIDER: 'sandbox',
        SANDBOX_DELIVERED_AFTER_MS: '300',
        SANDBOX_READ_AFTER_MS: '600',
        REMINDER_TICK_MS: '500',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_BSP_SCHEDULE_DELAY: '500',
        FRONTENDS_DIR: '/nonexistent-frontends',
        CRM_FILES_DIR: dir,
        MESSAGING_FILES_DIR: dir,
      },
      plan,
      dir: path.join(dir, 'nats'),
      logDir: path.join(dir, 'logs'),
      services,
      echo: false,
    });
    console.log(`trace-reminder: cluster up (gateway ${base}); a salon books an appointment for tomorrow …`);
    const owner = await newOwner(base);
    const as = { token: owner.token };
    const stores = await owner.browser.request('GET', `/api/v1/orga/${owner.orgaId}/store`, as);
    const storeId = (stores.body as { id: string }[])[0]?.id ?? '';
    const store = `/api/v1/orga/${owner.orgaId}/store/${storeId}`;
    // the salon's calendar open in two browsers, one on each gateway (they share rooms through Redis)
    let realtimeMessages = 0;
    for (const [i, port] of plan.gateways.entries()) {
      const socket = connectSocket(`http://127.0.0.1:${port}`, {
        path: '/websocket',
        auth: { token: owner.token, channel: owner.orgaId, device: `calendar-${i + 1}` },
        transports: ['websocket'],
        forceNew: true,
      });
      sockets.push(socket);
      socket.on('message', () => (realtimeMessages += 1));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    }
    await owner.browser.request('PUT', `/api/v1/orga/${owner.orgaId}/msg/settings`, { ...as, body: { appointment_reminder_enabled: 2 } });
    const suffix = String(1_000_000 + Math.floor(Math.random() * 8_000_000));
    const customer = await owner.browser.request('POST', `${store}/customer`, {
      ...as,
      body: { first_name: 'Marta', last_name: 'Bianchi', fon: `+39 333 ${suffix}`, consent_messages: true, consent_reminders: true },
    });
    const customerId = (customer.body as { customer: { id: string } }).customer.id;
    const pet = await owner.browser.request('POST', `${store}/pet`, {
      ...as,
      body: { customer_id: customerId, name: 'Nuvola', pet_type: 2 },
    });
    const treatment = await owner.browser.request('POST', `/api/v1/orga/${owner.orgaId}/treatment`, {
      ...as,
      body: { name: 'Bagno', default_duration: 60 },
    });
    const booked = await owner.browser.request('POST', `${store}/appointment`, {
      ...as,
      body: {
        appointment: {
          date: localNow(ROME, 1).date,
          hour: 10,
          min: 30,
          duration: 60,
          pet_ids: [(pet.body as { pet: { id: string } }).pet.id],
          treatment_ids: [(treatment.body as { id: string }).id],
        },
      },
    });
    const appointmentId = (booked.body as AppointmentList).items[0]?.id ?? '';
    if (!appointmentId) throw new Error(`booking answered ${booked.status}`);
    const db = new Client({ connectionString: scratch.url });
    await db.connect();
    await waitFor(async () => {
      const { rows } = await db.query(`SELECT 1 FROM "messaging".dir_appointment WHERE appointment_id = $1`, [appointmentId]);
      return rows.length > 0 ? true : undefined;
    }, 20_000);
    await owner.browser.request('PUT', `/api/v1/orga/${owner.orgaId}/msg/settings`, {
      ...as,
      body: { appointment_reminder_enabled: 1, msg_slot: localNow(ROME).hhmm },
    });
    const reminderStatus = async () => {
      const answer = await owner.browser.request('GET', `${store}/appointment/${appointmentId}`, as);
      return (answer.body as AppointmentList).items[0]?.reminder_status ?? null;
    };
    await waitFor(async () => ((await reminderStatus()) ?? 0) >= REMINDER_STATUS.read || undefined, 30_000);
    const { rows } = await db.query<{ id: string; provider_message_id: string }>(
      `SELECT id, provider_message_id FROM "messaging".outbound_message WHERE appointment_id = $1`,
      [appointmentId],
    );
    await db.end();
    console.log(
      `trace-reminder: reminder ${rows[0]?.id} sent (provider id ${rows[0]?.provider_message_id}), delivered and read; collecting spans …`,
    );
    // the processes export in batches every 500 ms (OTEL_BSP_SCHEDULE_DELAY)
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const send = receiver.spans.find((s) => s.name === 'whatsapp send' && s.attributes?.some((a) => a.value.stringValue === rows[0]?.id));
    if (!send) throw new Error(`no "whatsapp send" span for ${rows[0]?.id} among ${receiver.spans.length} spans`);
    const traceSpans = receiver.spans.filter((s) => s.traceId === send.traceId);
    const services_ = [...new Set(traceSpans.map((s) => s.service))];
    console.log(`\ntrace ${send.traceId}: ${traceSpans.length} spans in ${services_.length} processes (${services_.join(', ')})\n`);
    console.log(spanTree(traceSpans));
    const statuses = traceSpans.filter((s) => s.name.startsWith('provider status '));
    console.log(`\n${statuses.length} provider status span(s) in the send's trace: ${statuses.map((s) => s.name).join(', ')}`);
    // each webhook arrives in a trace of its own (Meta's request carries no context of ours): the status spans link to it
    for (const id of [...new Set(statuses.flatMap((s) => (s.links ?? []).map((link) => link.traceId)))]) {
      console.log(`\nwebhook trace ${id} (linked from a provider status span):\n`);
      console.log(spanTree(receiver.spans.filter((s) => s.traceId === id)));
    }
    const realtime = traceSpans.filter((s) => attribute(s, 'pawline.realtime.source') !== undefined);
    const delivered = realtime.filter((s) => Number(attribute(s, 'pawline.realtime.sockets') ?? 0) > 0);
    console.log(
      `\n${realtime.length} gateway realtime span(s) in the send's trace (${realtime.filter((s) => attribute(s, 'pawline.realtime.source') === 'peer').length} relayed by the other gateway), ` +
        `${delivered.length} with sockets; the two calendar sockets received ${realtimeMessages} realtime messages`,
    );
    if (statuses.length === 0) throw new Error('no provider status span joined the send trace');
    if (delivered.length === 0) throw new Error('no gateway realtime delivery joined the send trace');
  } finally {
    for (const socket of sockets) socket.disconnect();
    await cluster?.stop().catch(() => undefined);
    await receiver.close();
    await scratch.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
