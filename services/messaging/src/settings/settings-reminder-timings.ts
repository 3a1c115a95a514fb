import { Injectable } from '@nestjs/common';
import { REMINDER_ON, type ReminderSettings } from '@pawline/contracts';
import type { ReminderTiming, ReminderTimings } from '../ports';
import { ReminderSettingsService } from './reminder-settings.service';

/** spec §9 reminder-to-book frequencies as months since the last appointment. */
const MONTHS_OF_FREQUENCY = { quarterly: 3, yearly: 12 } as const;

/**
 * The reminder types an organization has on, with their slot and offset (R1.06, R3.14, R9.03): the
 * appointment reminder the day before, the pre-appointment one its days before (at least 2, R5.12), the
 * birthday on the day, the reminder to book 3 or 12 months after the last visit. Pure.
 */
export function timingsOfSettings(settings: ReminderSettings): ReminderTiming[] {
  const timings: ReminderTiming[] = [];
  if (settings.appointment_reminder_enabled === REMINDER_ON) timings.push({ templateType: 0, slot: settings.msg_slot, offset: 1 });
  if (settings.pre_appointment_reminder_enabled === REMINDER_ON)
    timings.push({ templateType: 4, slot: settings.pre_appointment_msg_slot, offset: Math.max(2, settings.pre_appointment_days) });
  if (settings.birthday_enabled === REMINDER_ON) timings.push({ templateType: 1, slot: settings.birthday_msg_slot, offset: 0 });
  if (settings.reminder_to_book_enabled === REMINDER_ON)
    timings.push({
      templateType: 2,
      slot: settings.reminder_to_book_msg_slot,
      offset: MONTHS_OF_FREQUENCY[settings.reminder_to_book_frequency],
    });
  return timings;
}

/** REMINDER_TIMINGS from each organization's reminder settings (the defaults when it has none). */
@Injectable()
export class SettingsReminderTimings implements ReminderTimings {
  constructor(private readonly settings: ReminderSettingsService) {}

  async timingsOf(orgaIds: string[]): Promise<Map<string, ReminderTiming[]>> {
    const settings = await this.settings.getMany(orgaIds);
    return new Map(orgaIds.map((orgaId) => [orgaId, timingsOfSettings(settings.get(orgaId)!)]));
  }
}
