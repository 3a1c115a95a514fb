import { Injectable } from '@nestjs/common';
import type { ReminderTiming, ReminderTimings } from '../ports';

/** R1.06 R9.03 by default the appointment reminder goes out at 12:00 the day before; the other types are off. */
export const DEFAULT_REMINDER_TIMINGS: readonly ReminderTiming[] = [{ templateType: 0, slot: '12:00', offset: 1 }];

/**
 * REMINDER_TIMINGS before an organization can change its settings: the spec's default for everyone. The
 * settings module (../template) replaces it with each organization's own slots, days and frequencies.
 */
@Injectable()
export class DefaultReminderTimings implements ReminderTimings {
  async timingsOf(orgaIds: string[]): Promise<Map<string, ReminderTiming[]>> {
    return new Map(orgaIds.map((orgaId) => [orgaId, [...DEFAULT_REMINDER_TIMINGS]]));
  }
}
