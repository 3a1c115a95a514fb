import { DAILY_MESSAGE_COUNT_JOB } from '../app/app-constants';
import { MS_PER_DAY } from '../time/instant';

// spec §4 (R4.10, R4.23): the out-of-plan WhatsApp message dialog and the daily message count job.
// The plan warnings of spec §8 come with the count from messaging (msg_left's `warning`).
export const MSG_OUT_STORAGE_KEY = 'msg_out';

export type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** R4.10 tier 0: once ever (msg_out); other tiers but 1: once a month (msg_out_{month number}); tier 1: never. */
export function msgOutStorageKey(tier: number, now: Date): string | null {
  if (tier === 1) return null;
  if (tier === 0) return MSG_OUT_STORAGE_KEY;
  return `${MSG_OUT_STORAGE_KEY}_${now.getMonth() + 1}`;
}

// The month key repeats every year: the value records the year and month it was closed in, so
// January next year shows the dialog again instead of finding last January's close.
function monthStamp(now: Date): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

export type OutOfPlanDialog = {
  /** trial: subscribe to keep sending; plan: the monthly reminders are used up */
  reason: 'trial' | 'plan';
  /** R4.10 tiers above 1 have 'Update plan', leading to /{orgaId}/adminV2/plan */
  updatePlan: boolean;
  storageKey: string;
};

/** R4.10 whether the dialog shows now: messages left 0 or less, and not yet closed in its period. */
export function outOfPlanDialog(tier: number, msgLeft: number, now: Date, storage: StorageLike): OutOfPlanDialog | null {
  if (msgLeft > 0) return null;
  const storageKey = msgOutStorageKey(tier, now);
  if (storageKey === null) return null;
  const closed = storage.getItem(storageKey);
  if (tier === 0 ? closed !== null : closed === monthStamp(now)) return null;
  return { reason: tier === 0 ? 'trial' : 'plan', updatePlan: tier > 1, storageKey };
}

/** Closing keeps the state locally, so the dialog stays closed for its period. */
export function closeOutOfPlanDialog(dialog: OutOfPlanDialog, now: Date, storage: StorageLike): void {
  storage.setItem(dialog.storageKey, dialog.storageKey === MSG_OUT_STORAGE_KEY ? 'closed' : monthStamp(now));
}

/**
 * R4.23 milliseconds from now to the next 12:30 local time (today's if still ahead, else
 * tomorrow's, built from the calendar date so a daylight-saving day still lands on 12:30).
 */
export function msUntilDailyJob(now: Date, at: { hour: number; minute: number } = DAILY_MESSAGE_COUNT_JOB): number {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate(), at.hour, at.minute, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
}

export type JobTimers = {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  setInterval: (run: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
};

const GLOBAL_TIMERS: JobTimers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as number),
  setInterval: (run, ms) => globalThis.setInterval(run, ms),
  clearInterval: (h) => globalThis.clearInterval(h as number),
};

/** R4.23 runs the job at 12:30 local time, then every 24 hours; returns the stop. */
export function scheduleDailyJob(run: () => void, now: () => Date = () => new Date(), timers: JobTimers = GLOBAL_TIMERS): () => void {
  let interval: unknown = null;
  const first = timers.setTimeout(() => {
    run();
    interval = timers.setInterval(run, MS_PER_DAY);
  }, msUntilDailyJob(now()));
  return () => {
    timers.clearTimeout(first);
    if (interval !== null) timers.clearInterval(interval);
  };
}
