import { createVisibilityThrottle, type ThrottleTimers } from './visibility-throttle';

function manualTimers() {
  let now = 0;
  const queue: { at: number; run: () => void; id: number }[] = [];
  let nextId = 1;
  const timers: ThrottleTimers = {
    setTimeout: (run, ms) => {
      const id = nextId++;
      queue.push({ at: now + ms, run, id });
      return id;
    },
    clearTimeout: (id) => {
      const index = queue.findIndex((t) => t.id === id);
      if (index >= 0) queue.splice(index, 1);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (;;) {
      const due = queue.filter((t) => t.at <= now).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      queue.splice(queue.indexOf(due), 1);
      due.run();
    }
  };
  return { timers, advance };
}

describe('visibility throttle', () => {
  it('R4.02 R9.06 hands on what came into view at most once every 300 ms, each notification once', () => {
    const { timers, advance } = manualTimers();
    const flushes: string[][] = [];
    const throttle = createVisibilityThrottle((keys) => flushes.push(keys), timers);
    throttle.seen('a');
    throttle.seen('b');
    throttle.seen('a');
    advance(299);
    expect(flushes).toEqual([]);
    advance(1);
    expect(flushes).toEqual([['a', 'b']]);
    throttle.seen('c');
    advance(150);
    throttle.seen('d');
    advance(150);
    expect(flushes).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    advance(1000);
    expect(flushes).toHaveLength(2);
  });

  it('drops the pending reports when cancelled (the panel closed)', () => {
    const { timers, advance } = manualTimers();
    const flushes: string[][] = [];
    const throttle = createVisibilityThrottle((keys) => flushes.push(keys), timers);
    throttle.seen('a');
    throttle.cancel();
    advance(1000);
    expect(flushes).toEqual([]);
    throttle.seen('b');
    advance(300);
    expect(flushes).toEqual([['b']]);
  });
});
