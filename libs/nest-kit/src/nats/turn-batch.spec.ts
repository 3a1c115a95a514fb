import { TurnBatch } from './turn-batch';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('TurnBatch', () => {
  it('starts the work of one turn together, in order, after the turn and not before', async () => {
    const batch = new TurnBatch();
    const started: string[] = [];
    const a = batch.later(() => started.push('a'));
    await Promise.resolve();
    const b = batch.later(() => started.push('b'));
    expect(started).toEqual([]);
    await nextTurn();
    expect(started).toEqual(['a', 'b']);
    await expect(Promise.all([a, b])).resolves.toEqual([1, 2]);
  });

  it('gives what a start queues to the next batch', async () => {
    const batch = new TurnBatch();
    const started: string[] = [];
    void batch.later(() => {
      started.push('first');
      void batch.later(() => started.push('queued by first'));
    });
    await nextTurn();
    expect(started).toEqual(['first']);
    await nextTurn();
    expect(started).toEqual(['first', 'queued by first']);
  });

  it('passes on rejections and synchronous throws, and still starts the rest of the batch', async () => {
    const batch = new TurnBatch();
    const rejected = batch.later(() => Promise.reject(new Error('no responders')));
    const thrown = batch.later(() => {
      throw new Error('connection closed');
    });
    const after = batch.later(async () => 'after');
    await expect(rejected).rejects.toThrow('no responders');
    await expect(thrown).rejects.toThrow('connection closed');
    await expect(after).resolves.toBe('after');
  });
});
