import { Controller } from '@nestjs/common';
import { reminderStatusChangedEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { AppointmentService } from './appointment.service';

type ReminderStatusChanged = EventPayload<typeof reminderStatusChangedEvent>;

/** Messaging's reminder status onto the appointment (its card shows it, spec §4). */
@Controller()
export class ReminderStatusHandlers {
  constructor(private readonly appointments: AppointmentService) {}

  @EventHandler({ durable: 'scheduling-reminder-status', events: [reminderStatusChangedEvent], maxDeliver: 10 })
  async onReminderStatus(event: EventEnvelope<ReminderStatusChanged>, manager: EntityManager): Promise<void> {
    const { orga_id, appointment_id, reminder_status } = event.data;
    await this.appointments.reminderStatus(manager, orga_id, appointment_id, reminder_status);
  }
}
