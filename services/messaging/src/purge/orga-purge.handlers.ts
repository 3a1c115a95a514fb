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
  'waba_template',
  'whatsapp_account_error',
] as const;

/** The sandbox's business tables of an account (Meta's side, kept here only in the sandbox). */
const SANDBOX_ACCOUNT_TABLES = ['sandbox_template', 'sandbox_signup_code', 'sandbox_phone_number', 'sandbox_account'] as const;

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
    // the sandbox's demo account of the organization goes with it (an account a person made on /dev/whatsapp is Meta's, and stays)
    const demo = await manager.query<{ waba_id: string }[]>(
      `SELECT s.waba_id FROM messaging_sender s JOIN sandbox_account a ON a.waba_id = s.waba_id AND a.demo WHERE s.orga_id = $1`,
      [orgaId],
    );
    for (const table of ORGA_TABLES) await manager.query(`DELETE FROM ${table} WHERE orga_id = $1`, [orgaId]);
    for (const { waba_id: wabaId } of demo) {
      for (const table of SANDBOX_ACCOUNT_TABLES) await manager.query(`DELETE FROM ${table} WHERE waba_id = $1`, [wabaId]);
    }
    // the organization is gone either way: a file removed before a failed commit is only removed early
    await deleteStoredFiles(
      this.storage,
      files.map((file) => file.storage_key),
      this.log,
    );
  }
}
