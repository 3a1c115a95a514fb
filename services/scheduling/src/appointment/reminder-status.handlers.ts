import { Controller } from '@nestjs/common';
import { reminderQueuedEvent, reminderStatusChangedEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { ReminderStatusService } from './reminder-status.service';

type ReminderStatusChanged = EventPayload<typeof reminderStatusChangedEvent>;

/** Messaging's reminder status onto the appointment (its card shows it, spec §4). */
@Controller()
export class ReminderStatusHandlers {
  constructor(private readonly reminders: ReminderStatusService) {}

  @EventHandler({ durable: 'scheduling-reminder-status', events: [reminderStatusChangedEvent], maxDeliver: 10 })
  async onReminderStatus(event: EventEnvelope<ReminderStatusChanged>, manager: EntityManager): Promise<void> {
    const { orga_id, appointment_id, reminder_status } = event.data;
    await this.reminders.reminderStatus(manager, orga_id, appointment_id, reminder_status);
  }

  /**
   * spec §4 'in the process of sending' as soon as the scheduler wrote a reminder. Only where the card shows no
   * status yet: a status the worker or the provider reported first (another durable) is newer and stays.
   */
  @EventHandler({ durable: 'scheduling-reminder-queued', events: [reminderQueuedEvent], maxDeliver: 10 })
  async onReminderQueued(event: EventEnvelope<EventPayload<typeof reminderQueuedEvent>>, manager: EntityManager): Promise<void> {
    await this.reminders.reminderQueued(manager, event.data.orga_id, event.data.reminders);
  }
}
