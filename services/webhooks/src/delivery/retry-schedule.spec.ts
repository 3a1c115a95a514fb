import { isDelivered, nextAttemptAt, retryDelayMs, RETRY_WINDOW_MS, shouldDisableEndpoint } from './retry-schedule';

const minute = 60_000;
const hour = 60 * minute;

describe('webhook retry schedule', () => {
  it('waits 5 s, 20 s, 80 s ... four times longer each time, at most 6 hours', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(retryDelayMs)).toEqual([
      5_000,
      20_000,
      80_000,
      320_000,
      1_280_000,
      5_120_000,
      20_480_000,
      6 * hour,
      6 * hour,
    ]);
  });

  it('retries for three days from the first attempt, 18 attempts, then gives up', () => {
    const start = new Date('2027-03-01T10:00:00Z');
    let now = start;
    let attempts = 0;
    for (;;) {
      attempts += 1;
      const next = nextAttemptAt(attempts, start, now);
      if (!next) break;
      now = next;
    }
    expect(attempts).toBe(18);
    expect(now.getTime() - start.getTime()).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    expect(now.getTime() - start.getTime()).toBeGreaterThan(RETRY_WINDOW_MS - 6 * hour);
  });

  it('switches an endpoint off after three days of failures, not a minute before', () => {
    const since = new Date('2027-03-01T10:00:00Z');
    expect(shouldDisableEndpoint(null, new Date('2027-03-09T10:00:00Z'))).toBe(false);
    expect(shouldDisableEndpoint(since, new Date('2027-03-04T09:59:00Z'))).toBe(false);
    expect(shouldDisableEndpoint(since, new Date('2027-03-04T10:00:00Z'))).toBe(true);
  });

  it('counts only a 2xx answer as delivered (redirects are not followed)', () => {
    expect([200, 201, 204, 299].every(isDelivered)).toBe(true);
    expect([0, 199, 301, 302, 400, 410, 500, 503].some(isDelivered)).toBe(false);
  });
});
