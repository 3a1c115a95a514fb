import { spanTree } from './trace-reminder';

const span = (id: string, parent: string | undefined, name: string, service: string, startMs: number, endMs: number) => ({
  traceId: 't',
  spanId: id,
  parentSpanId: parent,
  name,
  kind: 5,
  service,
  startTimeUnixNano: String(BigInt(startMs) * 1_000_000n),
  endTimeUnixNano: String(BigInt(endMs) * 1_000_000n),
});

describe('trace-reminder: the span tree', () => {
  it('indents children under their parent in start order, folds leaf pg spans into a count, and times from the first span', () => {
    const tree = spanTree([
      span('c', 'a', 'whatsapp send', 'messaging-worker', 20, 22),
      span('a', undefined, 'reminder run', 'messaging', 10, 60),
      span('p1', 'a', 'pg.query:SELECT', 'messaging', 11, 12),
      span('p2', 'a', 'pg.query:UPDATE', 'messaging', 13, 14),
      span('b', 'a', 'evt x', 'scheduling', 15, 30),
    ]).split('\n');
    expect(tree).toHaveLength(3);
    expect(tree[0]).toMatch(/^messaging +consumer reminder run {2}50\.0 ms @0 ms {2}\(\+2 pg queries\)$/);
    expect(tree[1]).toMatch(/^ {2}scheduling +consumer evt x {2}15\.0 ms @5 ms$/);
    expect(tree[2]).toMatch(/^ {2}messaging-worker +consumer whatsapp send {2}2\.0 ms @10 ms$/);
  });

  it('names the traces a span links to (the webhook of a provider status)', () => {
    const linked = { ...span('s', undefined, 'provider status read', 'messaging', 0, 3), links: [{ traceId: 'w1', spanId: 'x' }] };
    expect(spanTree([linked])).toMatch(/provider status read {2}3\.0 ms @0 ms {2}\[link: trace w1\]$/);
  });

  it('notes where a gateway realtime delivery came from and how many rooms and sockets it went to', () => {
    const attrs = (source: string, scope: string | null, rooms: number, sockets: number) => [
      { key: 'pawline.realtime.source', value: { stringValue: source } },
      ...(scope === null
        ? []
        : [
            { key: 'pawline.realtime.scope', value: { stringValue: scope } },
            // OTLP/JSON sends int64 as a string
            { key: 'pawline.realtime.rooms', value: { intValue: String(rooms) } },
            { key: 'pawline.realtime.sockets', value: { intValue: sockets } },
          ]),
    ];
    const name = 'realtime evt.scheduling.appointment.updated.v1';
    const tree = spanTree([
      { ...span('n', undefined, name, 'gateway', 0, 2), attributes: attrs('nats', 'appointment', 1, 1) },
      { ...span('p', 'n', name, 'gateway', 1, 2), attributes: attrs('peer', 'appointment', 2, 3) },
      { ...span('x', undefined, 'realtime evt.identity.user.registered.v1', 'gateway', 3, 4), attributes: attrs('nats', null, 0, 0) },
      span('e', undefined, 'evt x', 'scheduling', 5, 6),
    ]).split('\n');
    expect(tree[0]).toMatch(/ 2\.0 ms @0 ms {2}\[from NATS, appointment to 1 room\(s\), 1 socket\(s\)\]$/);
    expect(tree[1]).toMatch(/^ {2}gateway .* @1 ms {2}\[from the other gateway, appointment to 2 room\(s\), 3 socket\(s\)\]$/);
    expect(tree[2]).toMatch(/\[from NATS, no realtime message\]$/);
    expect(tree[3]).toMatch(/evt x {2}1\.0 ms @5 ms$/);
  });

  it('prints a span whose parent is in no process it heard from as a root', () => {
    const tree = spanTree([span('x', 'elsewhere', 'work', 'messaging-worker', 0, 1)]);
    expect(tree).toMatch(/^messaging-worker/);
  });
});
