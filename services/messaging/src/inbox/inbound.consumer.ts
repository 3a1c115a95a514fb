import { Controller } from '@nestjs/common';
import { inboundMessageReceivedEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { InboundService } from './inbound.service';

/** The webhook's inbound messages; idempotent on the provider's message id (answer-id.ts and a unique index). */
@Controller()
export class InboundConsumer {
  constructor(private readonly inbound: InboundService) {}

  @EventHandler({ durable: 'messaging-inbox-inbound', events: [inboundMessageReceivedEvent], maxDeliver: 8 })
  async onInbound(event: EventEnvelope<EventPayload<typeof inboundMessageReceivedEvent>>, manager: EntityManager): Promise<void> {
    await this.inbound.receive(manager, event.data);
  }
}
