import type { RealtimeMessage } from './api-types';
import { createRealtimeFeed } from './realtime-feed';

const message = (event: string): RealtimeMessage => ({
  scope: 'customer',
  channel: 'orga-1',
  store_id: 'store-1',
  data: 'c1',
  event,
  user: 'u1',
  device: 'dev-b',
});

describe('createRealtimeFeed (ShellBridge.subscribe)', () => {
  it("R4.16 fans one connection's message out to every listener", () => {
    const feed = createRealtimeFeed();
    const a: string[] = [];
    const b: string[] = [];
    feed.subscribe((m) => a.push(m.event));
    feed.subscribe((m) => b.push(m.event));
    feed.publish(message('updated'));
    feed.publish(message('deleted'));
    expect(a).toEqual(['updated', 'deleted']);
    expect(b).toEqual(['updated', 'deleted']);
  });

  it('stops delivering after unsubscribe, and a second unsubscribe changes nothing', () => {
    const feed = createRealtimeFeed();
    const a: string[] = [];
    const b: string[] = [];
    const offA = feed.subscribe((m) => a.push(m.event));
    feed.subscribe((m) => b.push(m.event));
    feed.publish(message('one'));
    offA();
    offA();
    feed.publish(message('two'));
    expect(a).toEqual(['one']);
    expect(b).toEqual(['one', 'two']);
    expect(feed.size).toBe(1);
  });

  it('the same function subscribed twice is two subscriptions, each removed on its own', () => {
    const feed = createRealtimeFeed();
    const seen: string[] = [];
    const listener = (m: RealtimeMessage) => seen.push(m.event);
    const off1 = feed.subscribe(listener);
    feed.subscribe(listener);
    feed.publish(message('x'));
    off1();
    feed.publish(message('y'));
    expect(seen).toEqual(['x', 'x', 'y']);
  });

  it('a throwing listener does not keep the message from the others and is reported', () => {
    const errors: unknown[] = [];
    const feed = createRealtimeFeed((error) => errors.push(error));
    const seen: string[] = [];
    feed.subscribe(() => {
      throw new Error('boom');
    });
    feed.subscribe((m) => seen.push(m.event));
    feed.publish(message('z'));
    expect(seen).toEqual(['z']);
    expect(errors).toHaveLength(1);
  });

  it('a listener removed by another during delivery does not get that message; one added does not either', () => {
    const feed = createRealtimeFeed();
    const seen: string[] = [];
    let offB: () => void = () => undefined;
    feed.subscribe(() => {
      offB();
      feed.subscribe((m) => seen.push(`late:${m.event}`));
    });
    offB = feed.subscribe((m) => seen.push(`b:${m.event}`));
    feed.publish(message('first'));
    expect(seen).toEqual([]);
    feed.publish(message('second'));
    expect(seen).toEqual(['late:second']);
  });
});
