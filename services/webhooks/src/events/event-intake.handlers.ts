import { Controller } from '@nestjs/common';
import type { EventEnvelope } from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { DeliveryWorker } from '../delivery/delivery.worker';
import { SOURCE_EVENTS, toPublicEvent } from './public-events';

/**
 * The organization's events become one delivery per endpoint that wants them (issue 33). Not the kit's
 * transaction: the worker is woken after this commit, so a delivery goes within moments of its event;
 * a redelivered event is harmless, the (endpoint, event) index keeps one delivery each.
 */
@Controller()
export class EventIntakeHandlers {
  constructor(
    private readonly db: DataSource,
    private readonly worker: DeliveryWorker,
  ) {}

  @EventHandler({ durable: 'webhooks-intake', events: SOURCE_EVENTS, maxDeliver: 10, transactional: false })
  async onEvent(event: EventEnvelope): Promise<void> {
    const outgoing = toPublicEvent(event);
    if (!outgoing) return;
    const body = JSON.stringify(outgoing);
    const rows = await this.db.query<unknown[]>(
      `INSERT INTO webhook_delivery (id, orga_id, endpoint_id, event_id, event_type, body)
       SELECT gen_random_uuid(), e.orga_id, e.id, $2::uuid, $3::varchar, $4::text FROM webhook_endpoint e
       WHERE e.orga_id = $1::uuid AND e.enabled AND $3::text = ANY(e.events)
       ON CONFLICT (endpoint_id, event_id) DO NOTHING RETURNING id`,
      [outgoing.organization_id, outgoing.id, outgoing.type, body],
    );
    if (rows.length > 0) this.worker.wake();
  }
}
