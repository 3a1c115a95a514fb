import { Controller } from '@nestjs/common';
import { customerStandingChangedEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';

/** Keeps booking_customer_standing from crm's events (issue 30); the newer version wins, a deletion stays. */
@Controller()
export class CustomerStandingHandlers {
  @EventHandler({ durable: 'booking-customer-standing', events: [customerStandingChangedEvent], maxDeliver: 10 })
  async onStanding(event: EventEnvelope<EventPayload<typeof customerStandingChangedEvent>>, manager: EntityManager): Promise<void> {
    const d = event.data;
    await manager.query(
      `INSERT INTO booking_customer_standing (customer_id, orga_id, store_id, phone_key, phone_key_2, email_key, no_shows, deleted, version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (customer_id) DO UPDATE SET store_id = EXCLUDED.store_id, phone_key = EXCLUDED.phone_key,
         phone_key_2 = EXCLUDED.phone_key_2, email_key = EXCLUDED.email_key, no_shows = EXCLUDED.no_shows, deleted = EXCLUDED.deleted,
         version = EXCLUDED.version
       WHERE booking_customer_standing.orga_id = EXCLUDED.orga_id AND NOT booking_customer_standing.deleted
         AND booking_customer_standing.version < EXCLUDED.version`,
      [d.customer_id, d.orga_id, d.store_id, d.phone_keys[0] ?? null, d.phone_keys[1] ?? null, d.email, d.no_shows, d.deleted, d.version],
    );
  }
}
