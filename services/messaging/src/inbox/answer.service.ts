import { Inject, Injectable } from '@nestjs/common';
import { MESSAGE_ANSWER_PAGE_SIZE, type Attachment, type AttachmentSector, type MessageAnswerPage } from '@pawline/contracts';
import { FILE_STORAGE, RpcError, type FileStorage, type StoreScope } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { ANSWER_COLUMNS, ATTACHMENT_COLUMNS, toAnswer, toAttachment, type AnswerRow, type AttachmentRow } from './answer-rows';

type Scope = Pick<StoreScope, 'orgaId' | 'storeId'>;

/** 512 KiB a part: NATS max_payload is 1 MiB and base64 adds a third. */
export const ATTACHMENT_PART_BYTES = 512 * 1024;

// a store lists its customers' messages and those of numbers no customer has (store_id null)
const IN_STORE = `orga_id = $1 AND (store_id = $2 OR store_id IS NULL)`;

/** R7.09 customers' messages of a store with their attachments. */
@Injectable()
export class AnswerService {
  constructor(
    private readonly db: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** Newest first; the cursor is the last answer's (time, id), so equal times never skip or repeat a row. */
  async list(scope: Scope, lastTime: string | null, lastId: string | null): Promise<MessageAnswerPage> {
    const params: unknown[] = [scope.orgaId, scope.storeId];
    let after = '';
    if (lastTime) {
      params.push(lastTime, lastId ?? 'ffffffff-ffff-ffff-ffff-ffffffffffff');
      after = ` AND (answer_time, id) < ($3::timestamptz, $4::uuid)`;
    }
    const rows = await this.db.query<AnswerRow[]>(
      `SELECT ${ANSWER_COLUMNS} FROM message_answer WHERE ${IN_STORE}${after} ORDER BY answer_time DESC, id DESC LIMIT ${MESSAGE_ANSWER_PAGE_SIZE}`,
      params,
    );
    return this.withAttachments(rows);
  }

  /** Other organizations' and stores' ids are left out, not refused: the answer names only what the store may see. */
  async byIds(scope: Scope, ids: string[]): Promise<MessageAnswerPage> {
    const rows = await this.db.query<AnswerRow[]>(
      `SELECT ${ANSWER_COLUMNS} FROM message_answer WHERE ${IN_STORE} AND id = ANY($3::uuid[]) ORDER BY answer_time DESC, id DESC`,
      [scope.orgaId, scope.storeId, [...new Set(ids)]],
    );
    return this.withAttachments(rows);
  }

  async one(scope: Scope, answerId: string): Promise<MessageAnswerPage> {
    const page = await this.byIds(scope, [answerId]);
    if (page.answers.length === 0) throw new RpcError('not_found');
    return page;
  }

  async attachments(scope: Scope, sector: AttachmentSector, subjectId: string): Promise<Attachment[]> {
    await this.visibleSubject(scope, sector, subjectId);
    const rows = await this.db.query<AttachmentRow[]>(
      `SELECT ${ATTACHMENT_COLUMNS} FROM attachment WHERE orga_id = $1 AND sector = $2 AND subject_id = $3 ORDER BY sequence`,
      [scope.orgaId, sector, subjectId],
    );
    return rows.map(toAttachment);
  }

  async read(
    scope: Scope,
    sector: AttachmentSector,
    subjectId: string,
    sequence: number,
    offset: number,
  ): Promise<{ attachment: Attachment; data_base64: string; next_offset: number | null }> {
    await this.visibleSubject(scope, sector, subjectId);
    const [row] = await this.db.query<AttachmentRow[]>(
      `SELECT ${ATTACHMENT_COLUMNS} FROM attachment WHERE orga_id = $1 AND sector = $2 AND subject_id = $3 AND sequence = $4`,
      [scope.orgaId, sector, subjectId, sequence],
    );
    if (!row || offset > row.size) throw new RpcError('not_found');
    const bytes = await this.storage.get(row.storage_key);
    const part = bytes.subarray(offset, offset + ATTACHMENT_PART_BYTES);
    const end = offset + part.length;
    return { attachment: toAttachment(row), data_base64: part.toString('base64'), next_offset: end < bytes.length ? end : null };
  }

  private async visibleSubject(scope: Scope, sector: AttachmentSector, subjectId: string): Promise<void> {
    // sector msg: the subject is an answer the store lists
    if (sector !== 'msg') throw new RpcError('not_found');
    const [found] = await this.db.query<{ id: string }[]>(`SELECT id FROM message_answer WHERE ${IN_STORE} AND id = $3`, [
      scope.orgaId,
      scope.storeId,
      subjectId,
    ]);
    if (!found) throw new RpcError('not_found');
  }

  private async withAttachments(rows: AnswerRow[]): Promise<MessageAnswerPage> {
    const withFiles = rows.filter((row) => row.attachments >= 0).map((row) => row.id);
    const files =
      withFiles.length === 0
        ? []
        : await this.db.query<AttachmentRow[]>(
            `SELECT ${ATTACHMENT_COLUMNS} FROM attachment WHERE sector = 'msg' AND subject_id = ANY($1::uuid[]) ORDER BY subject_id, sequence`,
            [withFiles],
          );
    return { answers: rows.map(toAnswer), attachments: files.map(toAttachment) };
  }
}
