/**
 * Asks `probe` every 100 ms until it answers something truthy (a failed probe counts as not yet), for
 * 15 s at most: what an event or a projection needs before a test reads its effect.
 */
export async function until<T>(probe: () => Promise<T | null | undefined | false>): Promise<T> {
  for (let i = 0; i < 150; i += 1) {
    const value = await probe().catch(() => null);
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out');
}
