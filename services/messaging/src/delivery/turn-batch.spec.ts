import { TurnBatch } from './turn-batch';

describe('TurnBatch', () => {
  it('runs the calls of one turn as one batch, in order', async () => {
    const runs: number[][] = [];
    const batch = new TurnBatch<number, number>(async (inputs) => {
      runs.push(inputs);
      return inputs.map((n) => n * 2);
    });
    const first = await Promise.all([batch.add(1), batch.add(2), batch.add(3)]);
    const second = await batch.add(4);
    expect(first).toEqual([2, 4, 6]);
    expect(second).toBe(8);
    expect(runs).toEqual([[1, 2, 3], [4]]);
  });

  it('starts a batch as soon as it is full', async () => {
    const runs: number[][] = [];
    const batch = new TurnBatch<number, number>(async (inputs) => {
      runs.push(inputs);
      return inputs;
    }, 2);
    await Promise.all([batch.add(1), batch.add(2), batch.add(3)]);
    expect(runs).toEqual([[1, 2], [3]]);
  });

  it('rejects every call of a batch that failed', async () => {
    const batch = new TurnBatch<number, number>(async () => {
      throw new Error('database gone');
    });
    const results = await Promise.allSettled([batch.add(1), batch.add(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});

describe('TurnBatch with a gathering time', () => {
  it('puts calls of several turns within the time into one batch', async () => {
    const runs: number[][] = [];
    const batch = new TurnBatch<number, number>(
      async (inputs) => {
        runs.push(inputs);
        return inputs;
      },
      500,
      30,
    );
    const first = batch.add(1);
    await new Promise((resolve) => setImmediate(resolve));
    const second = batch.add(2);
    await Promise.all([first, second]);
    expect(runs).toEqual([[1, 2]]);
  });
});
