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
import { EventHandler, OutboxService } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { publishStanding } from './customer-standing';

/** Greater than every snapshot version (an ISO instant): a deleted appointment never counts again. */
const DELETED = '~deleted';

/**
 * Keeps appointment_no_show from scheduling's appointment events (one durable, so an appointment's events keep their
 * order; versions settle the rest): a customer's no-shows are the appointments of their pets with status 3.
 */
@Controller()
export class NoShowHandlers {
  constructor(private readonly outbox: OutboxService) {}

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
    const { orga_id, appointment_ids } = event.data;
    const before = await manager.query<{ appointment_id: string; pet_ids: string[]; no_show: boolean }[]>(
      `SELECT appointment_id, pet_ids, no_show FROM appointment_no_show WHERE appointment_id = ANY($1::uuid[]) AND orga_id = $2`,
      [appointment_ids, orga_id],
    );
    await this.record(event, manager);
    // issue 30 online booking keeps each customer's no-shows: the customers of appointments whose no-show changed hear it
    const after = await manager.query<{ appointment_id: string; pet_ids: string[]; no_show: boolean }[]>(
      `SELECT appointment_id, pet_ids, no_show FROM appointment_no_show WHERE appointment_id = ANY($1::uuid[]) AND orga_id = $2`,
      [appointment_ids, orga_id],
    );
    const was = new Map(before.map((row) => [row.appointment_id, row]));
    const petIds = after.flatMap((row) => {
      const old = was.get(row.appointment_id);
      return (old?.no_show ?? false) === row.no_show ? [] : [...row.pet_ids, ...(old?.pet_ids ?? [])];
    });
    if (petIds.length === 0) return;
    const customers = await manager.query<{ customer_id: string }[]>(
      `SELECT DISTINCT customer_id FROM pet WHERE orga_id = $1 AND id = ANY($2::uuid[])`,
      [orga_id, petIds],
    );
    await publishStanding(
      manager,
      this.outbox,
      orga_id,
      customers.map((row) => row.customer_id),
      { orgaId: orga_id, actor: null },
    );
  }

  private async record(event: EventEnvelope<EventPayload<typeof appointmentUpdatedEvent>>, manager: EntityManager): Promise<void> {
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
