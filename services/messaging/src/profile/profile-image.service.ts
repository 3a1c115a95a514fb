import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  MESSAGING_FILE_PART_BYTES,
  type MessagingFile,
  type RpcRequest,
  type RpcResponse,
  type readWhatsappProfileImageRpc,
  type uploadWhatsappProfileImagePartRpc,
} from '@pawline/contracts';
import { UPLOAD_LIMITS } from '@pawline/domain';
import { FILE_STORAGE, MIME_OF, RpcError, detectFileType, type FileStorage } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';

const KIND = 'whatsapp_profile';
const LIMITS = UPLOAD_LIMITS.whatsapp_profile;

type FileRow = {
  id: string;
  orga_id: string;
  kind: string;
  file_name: string;
  mime: string;
  size: number;
  storage_key: string;
  created_at: Date;
};

function view(row: FileRow): MessagingFile {
  return {
    id: row.id,
    orga_id: row.orga_id,
    kind: KIND,
    file_name: row.file_name,
    mime: row.mime,
    size: row.size,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** R5.10 the spec's upload texts (English) with the i18n key in fields.file, as crm's files answer them. */
function uploadError(problem: 'tooMany' | 'wrongType' | 'tooBig'): RpcError {
  switch (problem) {
    case 'tooMany':
      return new RpcError('validation_failed', {
        fields: { file: 'errors.uploadTooMany' },
        params: { limit: LIMITS.maxFiles, message: `Too many files. Limit: ${LIMITS.maxFiles}` },
      });
    case 'wrongType':
      return new RpcError('validation_failed', {
        fields: { file: 'errors.uploadWrongType' },
        params: { message: 'File got the wrong file type' },
      });
    case 'tooBig':
      return new RpcError('validation_failed', {
        fields: { file: 'errors.uploadTooBig' },
        params: { size: '1 MB', message: 'File is too big. Max size: 1 MB' },
      });
  }
}

/**
 * The WhatsApp profile image (spec §3 file kind whatsapp_profile; R9.04: 1 file, jpg or png by content,
 * at most 1048576 bytes), received in parts over NATS and kept behind the kit's storage port.
 */
@Injectable()
export class ProfileImageService {
  constructor(
    private readonly db: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  private async count(orgaId: string): Promise<number> {
    const [row] = await this.db.query<{ n: string }[]>(`SELECT count(*) AS n FROM messaging_file WHERE orga_id = $1 AND kind = $2`, [
      orgaId,
      KIND,
    ]);
    return Number(row?.n ?? 0);
  }

  async uploadPart(
    orgaId: string,
    input: RpcRequest<typeof uploadWhatsappProfileImagePartRpc>,
  ): Promise<RpcResponse<typeof uploadWhatsappProfileImagePartRpc>> {
    const data = Buffer.from(input.data_base64, 'base64');
    if (input.offset === 0) {
      await this.db.query(`DELETE FROM messaging_upload_part WHERE created_at < now() - interval '1 hour'`);
      if ((await this.count(orgaId)) >= LIMITS.maxFiles) throw uploadError('tooMany');
      if (input.total_size > LIMITS.maxBytes) throw uploadError('tooBig');
    }
    const [before] = await this.db.query<{ received: string | null; total_size: number | null; other: string }[]>(
      `SELECT sum(length(data)) AS received, max(total_size) AS total_size, count(*) FILTER (WHERE orga_id <> $2) AS other
         FROM messaging_upload_part WHERE upload_id = $1`,
      [input.upload_id, orgaId],
    );
    if (Number(before?.other ?? 0) > 0) throw new RpcError('not_found');
    const received = Number(before?.received ?? 0);
    if (input.offset !== received || (received > 0 && before?.total_size !== input.total_size) || data.length > MESSAGING_FILE_PART_BYTES) {
      throw new RpcError('validation_failed', { fields: { offset: 'validation.uploadOffset' }, params: { expected: received } });
    }
    if (received + data.length > input.total_size) {
      await this.discard(input.upload_id);
      throw new RpcError('validation_failed', { fields: { total_size: 'validation.uploadSize' } });
    }
    if (data.length > 0) {
      await this.db.query(
        `INSERT INTO messaging_upload_part (upload_id, part_offset, orga_id, total_size, data) VALUES ($1, $2, $3, $4, $5)`,
        [input.upload_id, input.offset, orgaId, input.total_size, data],
      );
    }
    if (!input.last) return { received: received + data.length, file: null };
    try {
      return { received: received + data.length, file: await this.finish(orgaId, input) };
    } finally {
      await this.discard(input.upload_id);
    }
  }

  private async discard(uploadId: string): Promise<void> {
    await this.db.query(`DELETE FROM messaging_upload_part WHERE upload_id = $1`, [uploadId]);
  }

  private async finish(orgaId: string, input: RpcRequest<typeof uploadWhatsappProfileImagePartRpc>): Promise<MessagingFile> {
    const parts = await this.db.query<{ data: Buffer }[]>(
      `SELECT data FROM messaging_upload_part WHERE upload_id = $1 ORDER BY part_offset`,
      [input.upload_id],
    );
    const bytes = Buffer.concat(parts.map((part) => part.data));
    if (bytes.length !== input.total_size) throw new RpcError('validation_failed', { fields: { total_size: 'validation.uploadSize' } });
    if (bytes.length > LIMITS.maxBytes) throw uploadError('tooBig');
    const type = await detectFileType(bytes);
    if (!type || !(LIMITS.extensions as readonly string[]).includes(type)) throw uploadError('wrongType');
    const id = randomUUID();
    const key = `${orgaId}/whatsapp-profile/${id}`;
    await this.storage.put(key, bytes, MIME_OF[type]);
    try {
      return await this.db.transaction(async (manager) => {
        // one upload at a time per organization, so two finishing together cannot pass the limit of 1
        await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`messaging-files:${orgaId}`]);
        const [row] = await manager.query<{ n: string }[]>(`SELECT count(*) AS n FROM messaging_file WHERE orga_id = $1 AND kind = $2`, [
          orgaId,
          KIND,
        ]);
        if (Number(row?.n ?? 0) >= LIMITS.maxFiles) throw uploadError('tooMany');
        const [stored] = await manager.query<FileRow[]>(
          `INSERT INTO messaging_file (id, orga_id, kind, file_name, mime, size, storage_key) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
          [id, orgaId, KIND, input.file_name, MIME_OF[type], bytes.length, key],
        );
        return view(stored);
      });
    } catch (error) {
      await this.storage.delete(key);
      throw error;
    }
  }

  async list(orgaId: string): Promise<MessagingFile[]> {
    const rows = await this.db.query<FileRow[]>(`SELECT * FROM messaging_file WHERE orga_id = $1 AND kind = $2 ORDER BY created_at, id`, [
      orgaId,
      KIND,
    ]);
    return rows.map(view);
  }

  /** The file's organization, for the access check of a path that names none (spec §7); null when there is no such file. */
  async orgaOf(fileId: string): Promise<string | null> {
    const [row] = await this.db.query<{ orga_id: string }[]>(`SELECT orga_id FROM messaging_file WHERE id = $1`, [fileId]);
    return row?.orga_id ?? null;
  }

  async owns(orgaId: string, fileId: string): Promise<boolean> {
    const [row] = await this.db.query<{ id: string }[]>(`SELECT id FROM messaging_file WHERE id = $1 AND orga_id = $2`, [fileId, orgaId]);
    return row !== undefined;
  }

  async read(
    orgaId: string,
    input: RpcRequest<typeof readWhatsappProfileImageRpc>,
  ): Promise<RpcResponse<typeof readWhatsappProfileImageRpc>> {
    const [row] = await this.db.query<FileRow[]>(`SELECT * FROM messaging_file WHERE id = $1 AND orga_id = $2`, [input.file_id, orgaId]);
    if (!row) throw new RpcError('not_found');
    const bytes = await this.storage.get(row.storage_key);
    const end = Math.min(bytes.length, input.offset + MESSAGING_FILE_PART_BYTES);
    return {
      file: view(row),
      data_base64: bytes.subarray(input.offset, end).toString('base64'),
      next_offset: end < bytes.length ? end : null,
    };
  }

  async remove(orgaId: string): Promise<{ deleted: boolean; file_id: string | null }> {
    const [row] = await this.db.query<FileRow[]>(
      `SELECT * FROM messaging_file WHERE orga_id = $1 AND kind = $2 ORDER BY created_at LIMIT 1`,
      [orgaId, KIND],
    );
    if (!row) return { deleted: false, file_id: null };
    await this.db.query(`DELETE FROM messaging_file WHERE id = $1`, [row.id]);
    await this.storage.delete(row.storage_key);
    return { deleted: true, file_id: row.id };
  }
}
