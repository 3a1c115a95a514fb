import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { deadLetterListRpc, healthRpc } from '@pawline/contracts';
import { streamName } from '../../src';
import { createTestEnv, until, type TestEnv } from '../../src/testing';
import { createNoteRpc, flagNoteRpc, noteCreatedEvent, scheduleReminderRpc } from '../fixtures/fixture.contracts';
import { fixtureService } from '../fixtures/fixture.service-definition';
import { pause, startChildService, type ChildService } from './child-service';

const call = { auth: null, lang: 'en', timeoutMs: 3000 };

describe('event spine: outbox → JetStream → idempotent consumers (real Postgres and NATS, killed processes)', () => {
  let env: TestEnv;
  let children: ChildService[];

  beforeEach(async () => {
    env = await createTestEnv();
    children = [];
  }, 30_000);

  afterEach(async () => {
    await Promise.allSettled(children.map((child) => child.stop()));
    await env.dispose();
  }, 60_000);

  const child = async (fault?: string) => {
    const started = await startChildService(env.processEnv, fault);
    children.push(started);
    return started;
  };
  const count = async (sql: string, params: unknown[] = []) => Number((await env.query<{ n: string }>(sql, params))[0]?.n ?? 0);
  const copies = (noteId: string) => count(`SELECT count(*) AS n FROM fixture.note_copy WHERE note_id = $1`, [noteId]);
  const streamed = async () => {
    const jsm = await jetstreamManager(env.nats());
    const info = await jsm.streams.info(streamName(env, 'EVENTS'), { subjects_filter: '>' });
    return info.state.subjects?.[`${env.subjectPrefix}${noteCreatedEvent.subject}`] ?? 0;
  };
  const onlyNote = async () => {
    const [note] = await env.query<{ id: string }>(`SELECT id FROM fixture.note`);
    if (!note) throw new Error('the note was not committed');
    return note.id;
  };

  it('delivers an event committed just before the service was killed (kill -9 between commit and publish) exactly once after restart', async () => {
    const doomed = await child('exit-after-commit');
    await env
      .rpcClient()
      .call(createNoteRpc, { text: 'committed, then killed', tags: [] }, call)
      .catch(() => null);
    expect(await doomed.exited).toBe('SIGKILL');
    const noteId = await onlyNote();
    expect(await count(`SELECT count(*) AS n FROM fixture.outbox_event WHERE published_at IS NULL`)).toBe(1);
    expect(await streamed()).toBe(0);

    await child();
    await until(async () => (await copies(noteId)) > 0, { timeoutMs: 20_000, what: 'the consumer to apply the event' });
    await pause(1500);
    expect(await copies(noteId)).toBe(1);
    expect(await streamed()).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM fixture.outbox_event WHERE published_at IS NULL`)).toBe(0);
  }, 60_000);

  it('republishes after a kill between PubAck and marking the row; JetStream drops the duplicate and the consumer applies it once', async () => {
    const doomed = await child('exit-after-publish');
    await env
      .rpcClient()
      .call(createNoteRpc, { text: 'published, then killed', tags: [] }, call)
      .catch(() => null);
    expect(await doomed.exited).toBe('SIGKILL');
    const noteId = await onlyNote();
    expect(await count(`SELECT count(*) AS n FROM fixture.outbox_event WHERE published_at IS NULL`)).toBe(1);
    expect(await streamed()).toBe(1);

    await child();
    await until(async () => (await count(`SELECT count(*) AS n FROM fixture.outbox_event WHERE published_at IS NULL`)) === 0, {
      timeoutMs: 20_000,
      what: 'the relay to republish',
    });
    await until(async () => (await copies(noteId)) > 0, { timeoutMs: 20_000, what: 'the consumer to apply the event' });
    await pause(1500);
    expect(await streamed()).toBe(1);
    expect(await copies(noteId)).toBe(1);
  }, 60_000);

  it('redelivers an event whose handler was killed before commit and applies it once', async () => {
    const doomed = await child('exit-in-handler');
    await env
      .rpcClient()
      .call(createNoteRpc, { text: 'killed in the handler', tags: [] }, call)
      .catch(() => null);
    expect(await doomed.exited).toBe('SIGKILL');
    const noteId = await onlyNote();
    expect(await copies(noteId)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM fixture.processed_event`)).toBe(0);

    await child();
    await until(async () => (await copies(noteId)) > 0, { timeoutMs: 20_000, what: 'the redelivered event to be applied' });
    await pause(1500);
    expect(await copies(noteId)).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM fixture.processed_event WHERE durable = 'fixture-note-copy'`)).toBe(1);
  }, 60_000);

  it('skips an event delivered again after the dedupe window, through processed_event in the handler transaction', async () => {
    await env.start(fixtureService);
    const { id: noteId } = await env.rpcClient().call(createNoteRpc, { text: 'once', tags: [] }, call);
    await until(async () => (await copies(noteId)) === 1, { timeoutMs: 20_000, what: 'the first delivery' });
    const [row] = await env.query<{ envelope: unknown }>(`SELECT envelope FROM fixture.outbox_event`);
    // the same event under another Nats-Msg-Id: JetStream cannot tell, the consumer must
    await jetstream(env.nats()).publish(`${env.subjectPrefix}${noteCreatedEvent.subject}`, JSON.stringify(row?.envelope), {
      msgID: randomUUID(),
    });
    expect(await streamed()).toBe(2);
    const jsm = await jetstreamManager(env.nats());
    await until(
      async () => {
        const info = await jsm.consumers.info(streamName(env, 'EVENTS'), 'fixture-note-copy');
        return info.num_pending === 0 && info.num_ack_pending === 0 && info.delivered.stream_seq === 2;
      },
      { timeoutMs: 20_000, what: 'the duplicate to be acked' },
    );
    expect(await copies(noteId)).toBe(1);
  }, 60_000);

  it('hands a job written through the outbox to one @WorkHandler and removes it from the WORK work queue once done', async () => {
    await env.start(fixtureService);
    await env.start(fixtureService);
    const { id } = await env.rpcClient().call(scheduleReminderRpc, { text: 'bath on friday' }, call);
    await until(async () => (await copies(id)) === 1, { timeoutMs: 20_000, what: 'the job to run' });
    const jsm = await jetstreamManager(env.nats());
    await until(async () => (await jsm.streams.info(streamName(env, 'WORK'))).state.messages === 0, {
      timeoutMs: 10_000,
      what: 'the acked job to leave the queue',
    });
    await pause(500);
    expect(await copies(id)).toBe(1);
  }, 60_000);

  it('stores an event whose handler always throws in dead_letter after maxDeliver, lists it and counts it in health', async () => {
    await env.start(fixtureService);
    const client = env.rpcClient();
    await client.call(flagNoteRpc, { text: 'poison' }, call);
    await until(async () => (await client.call(deadLetterListRpc('fixture'), { limit: 10 }, call)).items.length > 0, {
      timeoutMs: 20_000,
      what: 'a dead letter',
    });
    const { items } = await client.call(deadLetterListRpc('fixture'), { durable: 'fixture-note-flag', limit: 10 }, call);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ durable: 'fixture-note-flag', subject: 'evt.fixture.note.flagged.v1', deliveries: 3 });
    expect(items[0]?.error).toContain('cannot be handled');
    expect((await client.call(healthRpc('fixture'), {}, call)).deadLetters).toBe(1);
  }, 60_000);

  it('publishes every event once, in order, with two relays and two consumers of the same service running', async () => {
    await env.start(fixtureService);
    await env.start(fixtureService);
    const client = env.rpcClient();
    const ids: string[] = [];
    for (let i = 0; i < 40; i += 1) ids.push((await client.call(createNoteRpc, { text: `note ${i}`, tags: [] }, call)).id);
    await until(async () => (await count(`SELECT count(*) AS n FROM fixture.note_copy`)) >= 40, {
      timeoutMs: 20_000,
      what: '40 applied events',
    });
    await pause(1000);
    expect(await count(`SELECT count(*) AS n FROM fixture.note_copy`)).toBe(40);
    expect(await count(`SELECT count(DISTINCT note_id) AS n FROM fixture.note_copy`)).toBe(40);
    expect(await streamed()).toBe(40);
    // stream order = outbox position order
    const jsm = await jetstreamManager(env.nats());
    const stream = streamName(env, 'EVENTS');
    const published: string[] = [];
    for (let seq = 1; seq <= 40; seq += 1) {
      const msg = await jsm.streams.getMessage(stream, { seq });
      published.push((msg?.json<{ data: { note_id: string } }>() ?? { data: { note_id: '' } }).data.note_id);
    }
    const inOutbox = await env.query<{ note_id: string }>(
      `SELECT envelope->'data'->>'note_id' AS note_id FROM fixture.outbox_event ORDER BY position`,
    );
    expect(published).toEqual(inOutbox.map((row) => row.note_id));
  }, 60_000);
});
