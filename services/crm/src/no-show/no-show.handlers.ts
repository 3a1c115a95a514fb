import { Controller } from '@nestjs/common';
import {
  APPOINTMENT_STATUS,
  appointmentCreatedEvent,
  appointmentDeletedEvent,
  appointmentDoneEvent,
  appointmentNotesEvent,
  appointmentStatusByCustomerEvent,
  appointmentStatusEvent,
  appointmentUpdatedEvent,
  type EventEnvelope,
  type EventPayload,
} from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';

/** Greater than every snapshot version (an ISO instant): a deleted appointment never counts again. */
const DELETED = '~deleted';

/**
 * Keeps appointment_no_show from scheduling's appointment events (one durable, so an appointment's events keep their
 * order; versions settle the rest): a customer's no-shows are the appointments of their pets with status 3.
 */
@Controller()
export class NoShowHandlers {
  @EventHandler({
    durable: 'crm-no-show',
    events: [
      appointmentCreatedEvent,
      appointmentUpdatedEvent,
      appointmentDoneEvent,
      appointmentNotesEvent,
      appointmentStatusEvent,
      appointmentStatusByCustomerEvent,
      appointmentDeletedEvent,
    ],
    maxDeliver: 10,
  })
  async onAppointment(event: EventEnvelope<EventPayload<typeof appointmentUpdatedEvent>>, manager: EntityManager): Promise<void> {
    const { orga_id, appointment_ids, appointments } = event.data;
    if (event.subject.endsWith(appointmentDeletedEvent.subject)) {
      await manager.query(
        `INSERT INTO appointment_no_show (appointment_id, orga_id, no_show, version) SELECT a, $2, false, $3 FROM unnest($1::uuid[]) a
         ON CONFLICT (appointment_id) DO UPDATE SET no_show = false, version = EXCLUDED.version WHERE appointment_no_show.orga_id = EXCLUDED.orga_id`,
        [appointment_ids, orga_id, DELETED],
      );
      return;
    }
    const rows = (appointments ?? []).map((a) => ({
      id: a.id,
      pet_ids: a.pet_ids,
      no_show: a.status === APPOINTMENT_STATUS.no_show,
      version: a.version,
    }));
    if (rows.length === 0) return;
    await manager.query(
      `INSERT INTO appointment_no_show (appointment_id, orga_id, pet_ids, no_show, version)
       SELECT x.id, $2, x.pet_ids, x.no_show, x.version FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, pet_ids uuid[], no_show boolean, version text)
       ON CONFLICT (appointment_id) DO UPDATE SET pet_ids = EXCLUDED.pet_ids, no_show = EXCLUDED.no_show, version = EXCLUDED.version
       WHERE appointment_no_show.orga_id = EXCLUDED.orga_id AND appointment_no_show.version < EXCLUDED.version`,
      [JSON.stringify(rows), orga_id],
    );
  }
}
