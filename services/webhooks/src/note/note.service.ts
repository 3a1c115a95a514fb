import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { webhooksNoteCreatedEvent, type WebhooksNote } from '@pawline/contracts';
import { OutboxService, type OrgaScope } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';

/** The organization's notes. */
@Injectable()
export class NoteService {
  constructor(
    private readonly db: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  async list(orgaId: string): Promise<WebhooksNote[]> {
    return this.db.query(`SELECT id, orga_id, text FROM note WHERE orga_id = $1 ORDER BY created_at DESC, id`, [orgaId]);
  }

  /** The note and its event in one transaction: a crash between them loses neither (the outbox). */
  async create(scope: OrgaScope, text: string): Promise<WebhooksNote> {
    return this.db.transaction(async (manager) => {
      const note: WebhooksNote = { id: randomUUID(), orga_id: scope.orgaId, text };
      await manager.query(`INSERT INTO note (id, orga_id, text) VALUES ($1, $2, $3)`, [note.id, note.orga_id, note.text]);
      await this.outbox.add(manager, webhooksNoteCreatedEvent, { orga_id: note.orga_id, note_id: note.id }, scope.meta);
      return note;
    });
  }
}
