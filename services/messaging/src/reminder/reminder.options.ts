import { z } from 'zod';

/** What the reminder scheduler reads from the environment (defaults for one machine). */
export const reminderOptionsSchema = z.object({
  /** between two ticks; 0 runs no timer (tests tick with their own clock) */
  REMINDER_TICK_MS: z.coerce.number().int().min(0).default(60_000),
  /** a reminder written but not enqueued for this long (a crash between the two) is enqueued again */
  REMINDER_SWEEP_AFTER_MS: z.coerce
    .number()
    .int()
    .min(10_000)
    .default(5 * 60_000),
  /** compositions of templates running at once */
  REMINDER_COMPOSE_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(64),
});
export type ReminderOptions = { tickMs: number; sweepAfterMs: number; composeConcurrency: number };

export function reminderOptionsFrom(env: Record<string, string | undefined>): ReminderOptions {
  const parsed = reminderOptionsSchema.parse(env);
  return {
    tickMs: parsed.REMINDER_TICK_MS,
    sweepAfterMs: parsed.REMINDER_SWEEP_AFTER_MS,
    composeConcurrency: parsed.REMINDER_COMPOSE_CONCURRENCY,
  };
}

export const REMINDER_OPTIONS = Symbol('REMINDER_OPTIONS');

/** The scheduler's time: injected, so tests move it instead of sleeping on the wall clock. */
export type Clock = { now(): Date };
export const REMINDER_CLOCK = Symbol('REMINDER_CLOCK');
export const systemClock: Clock = { now: () => new Date() };
