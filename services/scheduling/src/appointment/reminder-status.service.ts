import { Injectable } from '@nestjs/common';
import { appointmentUpdatedEvent } from '@pawline/contracts';
import type { EntityManager } from 'typeorm';
import { APPOINTMENT_COLUMNS, returnedRows, type AppointmentRow } from './appointment-rows';
import { AppointmentStore } from './appointment-store';

/** spec §4 the WhatsApp reminder status on the card, from messaging's events (in the consumer's transaction). */
@Injectable()
export class ReminderStatusService {
  constructor(private readonly store: AppointmentStore) {}

  /** An updated event only when the status changed, so the calendars of the organization refetch the appointment. */
  async reminderStatus(manager: EntityManager, orgaId: string, appointmentId: string, reminderStatus: number): Promise<void> {
    const rows = returnedRows<{ id: string }>(
      await manager.query(
        `UPDATE appointment SET reminder_status = $3, updated_at = now()
          WHERE id = $1 AND orga_id = $2 AND reminder_status IS DISTINCT FROM $3 RETURNING id`,
        [appointmentId, orgaId, reminderStatus],
      ),
    );
    // deleted since the reminder went out, or already showing this status
    if (!rows[0]) return;
    const [row] = await manager.query<AppointmentRow[]>(`SELECT ${APPOINTMENT_COLUMNS} FROM appointment WHERE id = $1`, [appointmentId]);
    if (!row) return;
    await this.store.publish(manager, appointmentUpdatedEvent, row, [row.id], { orgaId, storeId: row.store_id, actor: null });
  }

  /** The first status of new reminders (spec §4), on the appointments that show none yet; one event each that changed. */
  async reminderQueued(
    manager: EntityManager,
    orgaId: string,
    reminders: readonly { appointment_id: string; reminder_status: number }[],
  ): Promise<void> {
    const changed = returnedRows<{ id: string }>(
      await manager.query(
        `UPDATE appointment a SET reminder_status = x.reminder_status, updated_at = now()
           FROM unnest($2::uuid[], $3::smallint[]) AS x(appointment_id, reminder_status)
          WHERE a.id = x.appointment_id AND a.orga_id = $1 AND a.reminder_status IS NULL
          RETURNING a.id`,
        [orgaId, reminders.map((r) => r.appointment_id), reminders.map((r) => r.reminder_status)],
      ),
    );
    if (changed.length === 0) return;
    const rows = await manager.query<AppointmentRow[]>(
      `SELECT ${APPOINTMENT_COLUMNS} FROM appointment WHERE id = ANY($1::uuid[]) ORDER BY id`,
      [changed.map((row) => row.id)],
    );
    for (const row of rows) {
      await this.store.publish(manager, appointmentUpdatedEvent, row, [row.id], { orgaId, storeId: row.store_id, actor: null });
    }
  }
}
