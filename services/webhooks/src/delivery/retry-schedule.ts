/** A delivery is retried for this long after its first attempt (or after a redelivery); then it failed. */
export const RETRY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
/** An endpoint whose deliveries all failed for this long is switched off and its administrators told. */
export const DISABLE_AFTER_MS = RETRY_WINDOW_MS;

const FIRST_RETRY_MS = 5_000;
const LONGEST_WAIT_MS = 6 * 60 * 60 * 1000;

/**
 * How long to wait after the `attempts`-th failed attempt: 5 s, 20 s, 80 s, 5 min, 21 min, 85 min,
 * 5.7 h, then every 6 h (exponential, factor 4, capped): 18 attempts in three days, the first
 * few close together for a receiver that restarts, then rarely for one that is down for long.
 */
export function retryDelayMs(attempts: number): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(FIRST_RETRY_MS * 4 ** exponent, LONGEST_WAIT_MS);
}

/** When to try again after a failed attempt, or null: the window closed and the delivery failed for good. */
export function nextAttemptAt(attempts: number, windowStart: Date, now: Date): Date | null {
  const next = new Date(now.getTime() + retryDelayMs(attempts));
  return next.getTime() - windowStart.getTime() > RETRY_WINDOW_MS ? null : next;
}

/** Whether an endpoint failing since `failingSince` is to be switched off now. */
export function shouldDisableEndpoint(failingSince: Date | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS;
}

/** A 2xx answer is a delivery; anything else (3xx included: redirects are not followed) is a failure. */
export function isDelivered(status: number): boolean {
  return status >= 200 && status < 300;
}
