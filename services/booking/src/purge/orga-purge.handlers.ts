import { Controller } from '@nestjs/common';
import { orgaCancelledEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';

/** Every booking table that holds an organization's rows (used_challenge holds none: a hash and an expiry). */
export const ORGA_TABLES: readonly string[] = [
  'booking_slot',
  'booking_rule',
  'service_time',
  'booking_busy',
  'booking_treatment',
  'booking_staff',
  'booking_store',
  'booking_orga_plan',
  'booking_no_show_policy',
  'booking_customer_standing',
  'agreement_acceptance',
  'store_agreement',
];

/** R1.17 a cancelled organization loses its booking data. */
@Controller()
export class OrgaPurgeHandlers {
  @EventHandler({ durable: 'booking-orga-purge', events: [orgaCancelledEvent], maxDeliver: 5 })
  async onCancelled(event: EventEnvelope<EventPayload<typeof orgaCancelledEvent>>, manager: EntityManager): Promise<void> {
    for (const table of ORGA_TABLES) await manager.query(`DELETE FROM ${table} WHERE orga_id = $1`, [event.data.orga_id]);
  }
}
