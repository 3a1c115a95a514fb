import { until } from './until';

describe('until', () => {
  it('answers the first truthy value, asking again after a falsy answer or a throw', async () => {
    let asked = 0;
    const value = await until(
      async () => {
        asked += 1;
        if (asked === 1) return undefined;
        if (asked === 2) throw new Error('not yet');
        return { asked };
      },
      { intervalMs: 1 },
    );
    expect(value).toEqual({ asked: 3 });
  });

  it("fails with the last assertion's message when time is up", async () => {
    let seen = 0;
    const failure = await until(
      () => {
        seen += 1;
        expect(seen).toBeGreaterThan(1_000_000);
        return true;
      },
      { timeoutMs: 50, intervalMs: 5, what: 'a million asks' },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toMatch(/^a million asks: still not so after 0\.05 s; the last attempt failed with\n/);
    expect(message).toContain('toBeGreaterThan');
    expect(message).toContain('1000000');
  });

  it('names what it waited for and the last answer when the probe only answered falsy', async () => {
    await expect(until(async () => 0, { timeoutMs: 30, intervalMs: 5, what: 'the reminder row' })).rejects.toThrow(
      'the reminder row: still not so after 0.03 s; the last answer was 0',
    );
    await expect(until(() => null, { timeoutMs: 30, intervalMs: 5 })).rejects.toThrow(
      'still not so after 0.03 s; the last answer was null',
    );
  });

  it('keeps asking for the default 15 s at most', async () => {
    jest.useFakeTimers();
    try {
      const pending = until(async () => false).catch((error: unknown) => (error as Error).message);
      await jest.advanceTimersByTimeAsync(15_100);
      expect(await pending).toBe('still not so after 15 s; the last answer was false');
    } finally {
      jest.useRealTimers();
    }
  });
});
