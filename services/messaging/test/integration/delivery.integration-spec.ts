import { fork } from 'node:child_process';
import path from 'node:path';
import { REMINDER_STATUS } from '@pawline/contracts';
import { createTestEnv, until, type TestEnv } from '@pawline/nest-kit/testing';
import type { RunningService } from '@pawline/nest-kit';
import { NO_SENDER_ORGA, quotaReleases } from '../fixtures/delivery-test-ports.module';
import { publishJobs, seedOutbound, type SeededMessage } from '../fixtures/outbound-seed';
import { mostInWindow, TestProviderServer } from '../fixtures/test-provider-server';
import { testWorkerService } from '../fixtures/test-worker';

const root = path.resolve(__dirname, '../../../..');
const REDIS_URL = process.env['REDIS_URL'] && process.env['REDIS_URL'] !== 'off' ? process.env['REDIS_URL'] : 'redis://127.0.0.1:6379';

type Row = {
  id: string;
  status: number;
  provider_message_id: string | null;
  attempts: number;
  sms_message_id: string | null;
  last_error: string | null;
};

const eventually = (probe: () => Promise<boolean>, timeoutMs: number, what: string) => until(probe, { timeoutMs, what });

describe('messaging-worker (real Postgres, NATS and Redis; a test provider over HTTP)', () => {
  let env: TestEnv;
  let provider: TestProviderServer;
  const saved = { ...process.env };

  const settings = (values: Record<string, string>) => Object.assign(process.env, values);
  const startWorker = (): Promise<RunningService> => env.start(testWorkerService, { redisUrl: REDIS_URL });
  const rows = (messages: SeededMessage[]) =>
    env.query<Row>(
      `SELECT id, status, provider_message_id, attempts, sms_message_id, last_error FROM messaging.outbound_message WHERE id = ANY($1::uuid[])`,
      [messages.map((m) => m.id)],
    );
  const allSettled = async (messages: SeededMessage[]) => (await rows(messages)).every((row) => row.status !== REMINDER_STATUS.in_process);

  beforeEach(async () => {
    env = await createTestEnv();
    provider = await new TestProviderServer(20).start();
    settings({
      TEST_PROVIDER_URL: provider.url,
      TEST_SENDER_CAP: '80',
      MESSAGING_PAIR_INTERVAL_MS: '6000',
      MESSAGING_CLAIM_LEASE_MS: '30000',
    });
    quotaReleases.length = 0;
  }, 30_000);

  afterEach(async () => {
    await env.dispose();
    await provider.close();
    process.env = { ...saved };
  }, 60_000);

  it('R4.12 sends every message once, records the provider id with status sent, and tells the appointment', async () => {
    await startWorker();
    const messages = [...(await seedOutbound(env, 120)), ...(await seedOutbound(env, 80))];
    await publishJobs(env, messages);
    // the same job twice (a relay that published again, a scheduler run twice): still one send
    await publishJobs(env, messages.slice(0, 30));
    await eventually(() => allSettled(messages), 30_000, 'every message sent');
    await new Promise((resolve) => setTimeout(resolve, 500));

    for (const message of messages) expect(provider.sendsOf(message.text)).toHaveLength(1);
    const recorded = await rows(messages);
    expect(recorded.every((row) => row.status === REMINDER_STATUS.sent && row.attempts === 1)).toBe(true);
    const ids = new Map(provider.log.map((send) => [send.text, send.id]));
    for (const message of messages) expect(recorded.find((row) => row.id === message.id)?.provider_message_id).toBe(ids.get(message.text));
    const events = await env.query<{ envelope: { data: { appointment_id: string; reminder_status: number } } }>(
      `SELECT envelope FROM messaging.outbox_event WHERE subject = 'evt.messaging.reminder.status-changed.v1'`,
    );
    expect(events).toHaveLength(messages.length);
    expect(events.every((e) => e.envelope.data.reminder_status === REMINDER_STATUS.sent)).toBe(true);
  }, 60_000);

  it('paces one sender at its cap across two workers, and never sends one message from both', async () => {
    settings({ TEST_SENDER_CAP: '20' });
    await startWorker();
    await startWorker();
    const messages = await seedOutbound(env, 70);
    const started = Date.now();
    await publishJobs(env, messages);
    await eventually(() => allSettled(messages), 30_000, 'every message sent');
    const sends = provider.log.filter((send) => send.channel === 'whatsapp');
    expect(sends).toHaveLength(70);
    expect(new Set(sends.map((send) => send.text)).size).toBe(70);
    // 70 at 20/s take about 3.5 s: paced, not sent at once
    expect(mostInWindow(sends.map((send) => send.at))).toBeLessThanOrEqual(20);
    expect(Date.now() - started).toBeGreaterThan(3_000);
  }, 60_000);

  it('keeps the pair rate: messages to one recipient are spaced by the pair interval', async () => {
    settings({ MESSAGING_PAIR_INTERVAL_MS: '700' });
    await startWorker();
    const messages = await seedOutbound(env, 3, { to: () => '393409999999' });
    await publishJobs(env, messages);
    await eventually(() => allSettled(messages), 20_000, 'every message sent');
    const times = provider.log.map((send) => send.at).sort((a, b) => a - b);
    expect(times).toHaveLength(3);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(650);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(650);
  }, 30_000);

  it('retries a passing failure with backoff, and gives up after the last attempt into a visible dead letter, its allowance given back', async () => {
    settings({ MESSAGING_SEND_MAX_ATTEMPTS: '2' });
    const worker = await startWorker();
    const [recovers, doomed] = await seedOutbound(env, 2);
    if (!recovers || !doomed) throw new Error('seed');
    provider.failNext(recovers.text, 'transient');
    provider.failNext(doomed.text, 'transient', 'transient');
    await publishJobs(env, [recovers, doomed]);
    await eventually(() => allSettled([recovers, doomed]), 20_000, 'both settled');

    const [a, b] = [recovers, doomed].map((m) => env.query<Row>(`SELECT * FROM messaging.outbound_message WHERE id = $1`, [m.id]));
    const [recovered] = await a;
    const [gaveUp] = await b;
    expect(recovered).toMatchObject({ status: REMINDER_STATUS.sent, attempts: 2 });
    expect(gaveUp).toMatchObject({ status: REMINDER_STATUS.undelivered, attempts: 2, provider_message_id: null });
    expect(gaveUp?.last_error).toContain('gave up after 2 attempts');
    const dead = await env.query<{ durable: string; error: string }>(`SELECT durable, error FROM messaging.dead_letter`);
    expect(dead).toEqual([expect.objectContaining({ durable: 'messaging-send' })]);
    expect(quotaReleases).toEqual([{ orgaId: doomed.orgaId, count: 1 }]);
    const metrics = (await (await fetch(`${worker.httpUrl}/metrics`)).json()) as Record<string, number>;
    expect(metrics).toMatchObject({ accepted: 1, undelivered: 1, deadLettered: 1, deadLettersStored: 1 });
    const health = (await (await fetch(`${worker.httpUrl}/health`)).json()) as { deadLetters: number };
    expect(health.deadLetters).toBe(1);
  }, 30_000);

  it("R4.12 fails an undeliverable message with an SMS in its place ('WhatsApp failed, SMS will be sent'), a rejected one with its reason", async () => {
    await startWorker();
    const [undeliverable, rejected] = await seedOutbound(env, 2);
    const [noSender] = await seedOutbound(env, 1, { orgaId: NO_SENDER_ORGA });
    if (!undeliverable || !rejected || !noSender) throw new Error('seed');
    provider.failNext(undeliverable.text, 'undeliverable');
    provider.failNext(rejected.text, 'rejected');
    await publishJobs(env, [undeliverable, rejected, noSender]);
    await eventually(() => allSettled([undeliverable, rejected, noSender]), 20_000, 'all settled');

    const byId = new Map((await rows([undeliverable, rejected, noSender])).map((row) => [row.id, row]));
    const sms = provider.sendsOf(undeliverable.text, 'sms');
    expect(sms).toHaveLength(1);
    expect(byId.get(undeliverable.id)).toMatchObject({ status: REMINDER_STATUS.failed, sms_message_id: sms[0]?.id });
    expect(byId.get(rejected.id)).toMatchObject({ status: REMINDER_STATUS.failed, sms_message_id: null });
    expect(byId.get(rejected.id)?.last_error).toContain('rejected');
    expect(byId.get(noSender.id)?.last_error).toBe('no WhatsApp sender for this organization');
    // the SMS took the reminder's place; the other two went nowhere and give their allowance back
    expect(quotaReleases.map((r) => r.orgaId).sort()).toEqual([rejected.orgaId, NO_SENDER_ORGA].sort());
  }, 30_000);

  it('R4.12 sends the SMS of a message WhatsApp failed after accepting it, once however often the job comes', async () => {
    await startWorker();
    const [late, notFailed] = await seedOutbound(env, 2);
    if (!late || !notFailed) throw new Error('seed');
    await publishJobs(env, [late, notFailed]);
    await eventually(() => allSettled([late, notFailed]), 20_000, 'both sent');
    // the webhook's 'failed' (DeliveryStatusHandlers) moved it to failed and queued its SMS: three times here
    await env.query(`UPDATE messaging.outbound_message SET status = $2 WHERE id = $1`, [late.id, REMINDER_STATUS.failed]);
    await publishJobs(env, [late, late, late, notFailed], { smsFallback: true });
    await eventually(async () => provider.sendsOf(late.text, 'sms').length > 0, 20_000, 'the SMS');
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const sms = provider.sendsOf(late.text, 'sms');
    expect(sms).toHaveLength(1);
    const byId = new Map((await rows([late, notFailed])).map((row) => [row.id, row]));
    expect(byId.get(late.id)).toMatchObject({ status: REMINDER_STATUS.failed, sms_message_id: sms[0]?.id });
    // a message that did not fail gets no SMS from a stray job
    expect(provider.sendsOf(notFailed.text, 'sms')).toHaveLength(0);
    expect(byId.get(notFailed.id)).toMatchObject({ status: REMINDER_STATUS.sent, sms_message_id: null });
  }, 40_000);

  it('sends twice only what was in flight when a worker died between the provider answer and the record', async () => {
    settings({ MESSAGING_CLAIM_LEASE_MS: '1500', MESSAGING_ACK_WAIT_MS: '3000' });
    const child = fork(path.join(__dirname, '../fixtures/worker-fixture-main.ts'), [], {
      execArgv: ['-r', path.join(root, 'tools/swc/register.cjs')],
      env: { ...process.env, ...env.processEnv, REDIS_URL, PAWLINE_FAULT: 'exit-after-provider-send' },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const exited = new Promise<string | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      void exited.then((how) => reject(new Error(`worker exited before it was ready (${String(how)})`)));
    });
    const messages = await seedOutbound(env, 60);
    await publishJobs(env, messages);
    expect(await exited).toBe('SIGKILL');
    // requests the child wrote just before it died may still be read by the provider
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sentBeforeKill = new Set(provider.log.map((send) => send.text));
    expect(sentBeforeKill.size).toBeGreaterThan(0);
    expect((await rows(messages)).every((row) => row.provider_message_id === null)).toBe(true);

    await startWorker();
    await eventually(() => allSettled(messages), 30_000, 'every message sent after the restart');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const twice = messages.filter((m) => provider.sendsOf(m.text).length === 2).map((m) => m.text);
    // exactly the sends the provider had taken when the worker died; every other message once
    expect(new Set(twice)).toEqual(sentBeforeKill);
    expect(messages.every((m) => provider.sendsOf(m.text).length === (sentBeforeKill.has(m.text) ? 2 : 1))).toBe(true);
    expect((await rows(messages)).every((row) => row.status === REMINDER_STATUS.sent)).toBe(true);
  }, 60_000);
});
