import { Controller } from '@nestjs/common';
import { petCreatedEvent, petDeletedEvent, petUpdatedEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';

type PetEvent = EventPayload<typeof petCreatedEvent>;

/** Keeps pet_ref in step with crm (docs/adr/0010); one durable, so a pet's delete never overtakes its create. */
@Controller()
export class PetRefHandlers {
  @EventHandler({ durable: 'scheduling-pet-ref', events: [petCreatedEvent, petUpdatedEvent, petDeletedEvent], maxDeliver: 10 })
  async onPet(event: EventEnvelope<PetEvent>, manager: EntityManager): Promise<void> {
    const { pet_id, orga_id, store_id } = event.data;
    if (event.subject.endsWith(petDeletedEvent.subject)) {
      await manager.query(`DELETE FROM pet_ref WHERE pet_id = $1`, [pet_id]);
      return;
    }
    await manager.query(
      `INSERT INTO pet_ref (pet_id, orga_id, store_id) VALUES ($1, $2, $3)
       ON CONFLICT (pet_id) DO UPDATE SET orga_id = EXCLUDED.orga_id, store_id = EXCLUDED.store_id`,
      [pet_id, orga_id, store_id],
    );
  }
}
