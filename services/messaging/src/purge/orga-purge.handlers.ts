import { Controller, Inject } from '@nestjs/common';
import { orgaCancelledEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler, FILE_STORAGE, PawlineLogger, deleteStoredFiles, type FileStorage } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';

/** Every messaging table that holds an organization's rows (the directory and reminder runs: DirectoryProjection.purgeOrga). */
const ORGA_TABLES = [
  'message_template',
  'reminder_settings',
  'message_quota',
  'early_store_zone',
  'message_entitlement',
  'messaging_sender',
  'whatsapp_profile_request',
  'message_answer',
  'attachment',
  'messaging_file',
  'messaging_upload_part',
  'notification',
  'outbound_message',
  'sandbox_message',
  'sandbox_media',
] as const;

/** R1.17 a cancelled organization loses its messaging data, and the files (profile images, customers' attachments) with it. */
@Controller()
export class OrgaPurgeHandlers {
  private readonly log: PawlineLogger;

  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    logger: PawlineLogger,
  ) {
    this.log = logger.child({ context: 'OrgaPurge' });
  }

  @EventHandler({ durable: 'messaging-orga-purge', events: [orgaCancelledEvent], maxDeliver: 5 })
  async onCancelled(event: EventEnvelope<EventPayload<typeof orgaCancelledEvent>>, manager: EntityManager): Promise<void> {
    const orgaId = event.data.orga_id;
    const files = await manager.query<{ storage_key: string }[]>(
      `SELECT storage_key FROM attachment WHERE orga_id = $1 UNION ALL SELECT storage_key FROM messaging_file WHERE orga_id = $1`,
      [orgaId],
    );
    for (const table of ORGA_TABLES) await manager.query(`DELETE FROM ${table} WHERE orga_id = $1`, [orgaId]);
    // the organization is gone either way: a file removed before a failed commit is only removed early
    await deleteStoredFiles(
      this.storage,
      files.map((file) => file.storage_key),
      this.log,
    );
  }
}
