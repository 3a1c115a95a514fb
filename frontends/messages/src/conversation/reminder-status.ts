import type { REMINDER_STATUS, ReminderStatus } from '@pawline/contracts';

// spec §4 (R4.12): an outbound message's status, as REMINDER_STATUS of libs/contracts numbers it.
export type ReminderStatusName = keyof typeof REMINDER_STATUS;

// Written out (types only from libs/contracts in this bundle); the spec checks it against REMINDER_STATUS.
export const REMINDER_STATUS_NAMES = {
  0: 'in_process',
  1: 'sent',
  2: 'delivered',
  3: 'read',
  4: 'opened',
  5: 'failed',
  6: 'undelivered',
} as const satisfies Record<ReminderStatus, ReminderStatusName>;
const NAMES: Readonly<Record<number, ReminderStatusName>> = REMINDER_STATUS_NAMES;

export function reminderStatusName(status: number | null | undefined): ReminderStatusName | null {
  return status === null || status === undefined ? null : (NAMES[status] ?? null);
}
