export type UntilOptions = {
  /** how long to keep asking (default 15 s) */
  timeoutMs?: number;
  /** the pause between two asks (default 100 ms) */
  intervalMs?: number;
  /** what is awaited, for the failure's message ('the reminder row', 'two realtime messages') */
  what?: string;
};

/**
 * Asks `probe` every 100 ms until it answers something truthy, for 15 s at most: what an event or a
 * projection needs before a test reads its effect. A probe may assert (`expect(...)`) instead of
 * answering false: a throw counts as not yet. When time is up, the last throw is rethrown with how
 * long it was retried, so the test fails with the last assertion's message; a probe that only ever
 * answered falsy fails naming `what` and its last answer.
 */
export async function until<T>(
  probe: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  options: UntilOptions = {},
): Promise<T> {
  const { timeoutMs = 15_000, intervalMs = 100, what } = options;
  const deadline = Date.now() + timeoutMs;
  let failure: { error: unknown } | null = null;
  let answer: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
      failure = null;
      answer = value;
    } catch (error) {
      failure = { error };
    }
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  const waited = `${what ? `${what}: ` : ''}still not so after ${timeoutMs / 1000} s`;
  if (failure) {
    if (failure.error instanceof Error) {
      failure.error.message = `${waited}; the last attempt failed with\n${failure.error.message}`;
      throw failure.error;
    }
    throw new Error(`${waited}; the last attempt threw ${String(failure.error)}`);
  }
  throw new Error(`${waited}; the last answer was ${describe(answer)}`);
}

// a probe's falsy answer: false, 0, '', null, undefined or NaN
function describe(value: unknown): string {
  return value === undefined || Number.isNaN(value) ? String(value) : JSON.stringify(value);
}
