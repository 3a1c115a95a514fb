import { VISIBILITY_THROTTLE_MS } from '../app/app-constants';

export type ThrottleTimers = {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export type VisibilityThrottle = {
  /** A notification came into view: it is handed on with the next flush. */
  seen(key: string): void;
  /** Drops what has not been flushed yet (the panel closed). */
  cancel(): void;
};

/**
 * R4.02 R9.06: visibility reports are collected and handed on at most once every 300 ms, each key
 * once per flush, so scrolling through the panel does not send a request per intersection change.
 * The first report flushes after the window (trailing edge): a notification that only flashes past
 * while the panel scrolls is still marked, as on screen.
 */
export function createVisibilityThrottle(
  flush: (keys: string[]) => void,
  timers: ThrottleTimers = {
    setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
    clearTimeout: (h) => globalThis.clearTimeout(h as number),
  },
  windowMs: number = VISIBILITY_THROTTLE_MS,
): VisibilityThrottle {
  let pending = new Set<string>();
  let handle: unknown = null;
  const fire = () => {
    handle = null;
    const keys = [...pending];
    pending = new Set();
    if (keys.length > 0) flush(keys);
  };
  return {
    seen(key) {
      pending.add(key);
      if (handle === null) handle = timers.setTimeout(fire, windowMs);
    },
    cancel() {
      if (handle !== null) timers.clearTimeout(handle);
      handle = null;
      pending = new Set();
    },
  };
}
