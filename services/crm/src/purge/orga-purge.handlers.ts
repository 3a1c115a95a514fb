import { Controller } from '@nestjs/common';
import { orgaCancelledEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { CustomerService } from '../customer/customer.service';

/** Every crm table that holds an organization's rows; children of customers and pets go by cascade. */
const ORGA_TABLES = [
  'upload_part',
  'stored_file',
  'customer',
  'tag',
  'external_service',
  'crm_settings',
  'appointment_no_show',
  'customer_deposit_override',
  'store_care_settings',
] as const;

/** R1.17 a cancelled organization loses its customers, pets, tags, settings and files. */
@Controller()
export class OrgaPurgeHandlers {
  constructor(private readonly customers: CustomerService) {}

  @EventHandler({ durable: 'crm-orga-purge', events: [orgaCancelledEvent], maxDeliver: 5 })
  async onCancelled(event: EventEnvelope<EventPayload<typeof orgaCancelledEvent>>, manager: EntityManager): Promise<void> {
    const orgaId = event.data.orga_id;
    const files: { storage_key: string; thumbnail_key: string | null }[] = await manager.query(
      `SELECT storage_key, thumbnail_key FROM stored_file WHERE orga_id = $1`,
      [orgaId],
    );
    for (const table of ORGA_TABLES) await manager.query(`DELETE FROM ${table} WHERE orga_id = $1`, [orgaId]);
    // the organization is gone either way: a blob removed before a failed commit is only removed early
    await this.customers.deleteBlobs(
      files.flatMap((file) => (file.thumbnail_key ? [file.storage_key, file.thumbnail_key] : [file.storage_key])),
    );
  }
}
