/** `fn` over `items` with at most `limit` running at once; results in the items' order. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await fn(items[index]);
    }
  });
  await Promise.all(lanes);
  return results;
}

/** Work started and not awaited yet, at most `limit` at once: writing the next chunk overlaps publishing this one. */
export class InFlight {
  private readonly running = new Set<Promise<void>>();
  /** the first failure, thrown by drain (kept, so no rejection is left unhandled in between) */
  private failure: Error | null = null;
  constructor(private readonly limit: number) {}

  async add(work: Promise<unknown>): Promise<void> {
    const tracked: Promise<void> = work
      .then(
        () => undefined,
        (error: unknown) => {
          this.failure ??= error instanceof Error ? error : new Error(String(error));
        },
      )
      .finally(() => this.running.delete(tracked));
    this.running.add(tracked);
    if (this.running.size >= this.limit) await Promise.race(this.running);
  }

  async drain(): Promise<void> {
    await Promise.all(this.running);
    if (this.failure !== null) throw this.failure;
  }
}
