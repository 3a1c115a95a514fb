import type { ReminderStatusName } from '@pawline/contracts';

/**
 * spec §4 WhatsApp reminder status as it moves: the worker marks a message sent, then the provider
 * reports sent, delivered, read or failed in any order and any number of times (webhooks are retried
 * and not ordered). A status only moves forward; a report that would move it back or repeat it is
 * ignored.
 */
export type { ReminderStatusName };
export type ProviderStatusName = 'sent' | 'delivered' | 'read' | 'failed';

/** How far a message got; failed and undelivered are ends of their own. */
const PROGRESS: Record<ReminderStatusName, number> = {
  in_process: 0,
  sent: 1,
  delivered: 2,
  read: 3,
  opened: 4,
  failed: 5,
  undelivered: 5,
};

const ENDED: ReadonlySet<ReminderStatusName> = new Set(['failed', 'undelivered']);

/** The status after a provider's report, or null when the report changes nothing (a duplicate, late or after an end). */
export function reminderStatusAfter(current: ReminderStatusName, reported: ProviderStatusName): ReminderStatusName | null {
  if (ENDED.has(current)) return null;
  // a failure counts only before the customer's phone had the message
  if (reported === 'failed') return current === 'in_process' || current === 'sent' ? 'failed' : null;
  return PROGRESS[reported] > PROGRESS[current] ? reported : null;
}
