import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  FILE_PART_BYTES,
  customerUpdatedEvent,
  petUpdatedEvent,
  type CrmFileKind,
  type RpcRequest,
  type RpcResponse,
  type StoredFile,
  type readFileRpc,
  type uploadFilePartRpc,
} from '@pawline/contracts';
import { UPLOAD_LIMITS } from '@pawline/domain';
import { DataSource, type EntityManager } from 'typeorm';
import {
  FILE_STORAGE,
  OutboxService,
  RpcError,
  planOf,
  requirePlanQuota,
  requirePlanQuotaLocked,
  type FileStorage,
  type StoreScope,
} from '@pawline/nest-kit';
import { CustomerService } from '../customer/customer.service';
import { PetService } from '../pet/pet.service';
import { toStoredFile, type StoredFileRow } from './file-rows';
import { makeThumbnail } from './thumbnail';
import { checkAnnouncedUpload, checkFileContent, isUploadProblem, uploadError } from './upload-rules';

/** petId: the pet whose change a file is (a pet image's owner, a vaccination proof's pet; null for customer files). */
type Owner = { kind: CrmFileKind; ownerId: string; customerId: string; storeId: string; petId: string | null };

/** Upload parts older than this are abandoned uploads. */
const ABANDONED_UPLOAD = `interval '1 hour'`;

/**
 * Customer privacy files and pet images (R9.04): received in parts over NATS, checked by
 * content (R5.10), stored behind the storage port; images also get a JPEG thumbnail.
 */
@Injectable()
export class FileService {
  constructor(
    private readonly db: DataSource,
    private readonly outbox: OutboxService,
    private readonly customers: CustomerService,
    private readonly pets: PetService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  private async owner(scope: Pick<StoreScope, 'orgaId' | 'storeFilter'>, kind: CrmFileKind, ownerId: string): Promise<Owner> {
    if (kind === 'customer_privacy') {
      const customer = await this.customers.visibleRow(scope, ownerId);
      return { kind, ownerId, customerId: customer.id, storeId: customer.store_id, petId: null };
    }
    if (kind === 'vaccination_proof') {
      // issue 31 a proof belongs to a vaccination, which the pet's store rule makes visible or not
      const [vaccination] = await this.db.query<{ pet_id: string }[]>(`SELECT pet_id FROM pet_vaccination WHERE id = $1 AND orga_id = $2`, [
        ownerId,
        scope.orgaId,
      ]);
      if (!vaccination) throw new RpcError('not_found');
      const pet = await this.pets.visibleRow(scope, vaccination.pet_id);
      return { kind, ownerId, customerId: pet.customer_id, storeId: pet.store_id, petId: pet.id };
    }
    const pet = await this.pets.visibleRow(scope, ownerId);
    return { kind, ownerId, customerId: pet.customer_id, storeId: pet.store_id, petId: pet.id };
  }

  private async count(m: Pick<EntityManager, 'query'>, owner: Owner): Promise<number> {
    const rows: { n: string }[] = await m.query(`SELECT count(*) AS n FROM stored_file WHERE owner_id = $1 AND kind = $2`, [
      owner.ownerId,
      owner.kind,
    ]);
    return Number(rows[0]?.n ?? 0);
  }

  async uploadPart(scope: StoreScope, input: RpcRequest<typeof uploadFilePartRpc>): Promise<RpcResponse<typeof uploadFilePartRpc>> {
    const owner = await this.owner(scope, input.kind, input.owner_id);
    const data = Buffer.from(input.data_base64, 'base64');
    if (input.offset === 0) {
      await this.db.query(`DELETE FROM upload_part WHERE created_at < now() - ${ABANDONED_UPLOAD}`);
      const replaced = input.replaces_file_id ? await this.replacedFile(scope, owner, input.replaces_file_id) : null;
      // refused before any part is kept; counted again under the lock when the upload finishes
      await this.requireRoom(this.db, scope, owner, replaced ? 1 : 0);
      const problem = checkAnnouncedUpload(input.kind, (await this.count(this.db, owner)) - (replaced ? 1 : 0), input.total_size);
      if (problem) throw uploadError(problem);
    }
    const before: { received: string | null; total_size: number | null; mismatched: string }[] = await this.db.query(
      `SELECT sum(length(data)) AS received, max(total_size) AS total_size,
              count(*) FILTER (WHERE orga_id <> $2 OR owner_id <> $3 OR kind <> $4) AS mismatched
         FROM upload_part WHERE upload_id = $1`,
      [input.upload_id, scope.orgaId, owner.ownerId, owner.kind],
    );
    const received = Number(before[0]?.received ?? 0);
    if (Number(before[0]?.mismatched ?? 0) > 0) throw new RpcError('not_found');
    if (input.offset !== received || (received > 0 && before[0]?.total_size !== input.total_size)) {
      throw new RpcError('validation_failed', { fields: { offset: 'validation.uploadOffset' }, params: { expected: received } });
    }
    if (received + data.length > input.total_size) {
      await this.discard(input.upload_id);
      throw new RpcError('validation_failed', { fields: { total_size: 'validation.uploadSize' } });
    }
    if (data.length > 0) {
      await this.db.query(
        `INSERT INTO upload_part (upload_id, part_offset, orga_id, owner_id, kind, total_size, data) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [input.upload_id, input.offset, scope.orgaId, owner.ownerId, owner.kind, input.total_size, data],
      );
    }
    if (!input.last) return { received: received + data.length, file: null };
    try {
      return { received: received + data.length, file: await this.finish(scope, owner, input) };
    } finally {
      await this.discard(input.upload_id);
    }
  }

  /** The file a replacing upload takes the place of: one of the owner's files of the same kind. */
  private async replacedFile(scope: Pick<StoreScope, 'orgaId' | 'storeFilter'>, owner: Owner, fileId: string): Promise<StoredFileRow> {
    const row = await this.visibleFile(scope, fileId);
    if (row.owner_id !== owner.ownerId || row.kind !== owner.kind) throw new RpcError('not_found');
    return row;
  }

  private async discard(uploadId: string): Promise<void> {
    await this.db.query(`DELETE FROM upload_part WHERE upload_id = $1`, [uploadId]);
  }

  private async finish(scope: StoreScope, owner: Owner, input: RpcRequest<typeof uploadFilePartRpc>): Promise<StoredFile> {
    const parts: { data: Buffer }[] = await this.db.query(`SELECT data FROM upload_part WHERE upload_id = $1 ORDER BY part_offset`, [
      input.upload_id,
    ]);
    const bytes = Buffer.concat(parts.map((p) => p.data));
    if (bytes.length !== input.total_size) throw new RpcError('validation_failed', { fields: { total_size: 'validation.uploadSize' } });
    const checked = await checkFileContent(input.kind, bytes);
    if (isUploadProblem(checked)) throw uploadError(checked);

    const id = randomUUID();
    const key = `${scope.orgaId}/${input.kind.replace('_', '-')}/${id}`;
    // an image whose header looks right but whose pixels cannot be read is the wrong file type too
    const thumbnail = await makeThumbnail(bytes, checked.mime).catch(() => {
      throw uploadError({ problem: 'wrongType' });
    });
    await this.storage.put(key, bytes, checked.mime);
    const thumbnailKey = thumbnail ? `${key}-thumbnail` : null;
    if (thumbnail && thumbnailKey) await this.storage.put(thumbnailKey, thumbnail, 'image/jpeg');
    const replacedKeys: string[] = [];
    try {
      const stored = await this.db.transaction(async (m) => {
        // one upload at a time per owner, so two finishing together cannot pass the count
        await m.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`crm-files:${owner.ownerId}`]);
        if (input.replaces_file_id) {
          // TypeORM answers DELETE … RETURNING with [rows, count]: read the keys first
          const removed: { storage_key: string; thumbnail_key: string | null }[] = await m.query(
            `SELECT storage_key, thumbnail_key FROM stored_file WHERE id = $1 AND orga_id = $2 AND owner_id = $3 AND kind = $4 FOR UPDATE`,
            [input.replaces_file_id, scope.orgaId, owner.ownerId, owner.kind],
          );
          if (!removed[0]) throw new RpcError('not_found');
          await m.query(`DELETE FROM stored_file WHERE id = $1`, [input.replaces_file_id]);
          replacedKeys.push(removed[0].storage_key, ...(removed[0].thumbnail_key ? [removed[0].thumbnail_key] : []));
        }
        await this.requireRoom(m, scope, owner, 0, true);
        const limit = UPLOAD_LIMITS[input.kind].maxFiles;
        if ((await this.count(m, owner)) >= limit) throw uploadError({ problem: 'tooMany', limit });
        const rows: StoredFileRow[] = await m.query(
          `INSERT INTO stored_file (id, orga_id, store_id, kind, owner_id, customer_id, file_name, mime, size, storage_key, thumbnail_key)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
          [
            id,
            scope.orgaId,
            owner.storeId,
            input.kind,
            owner.ownerId,
            owner.customerId,
            input.file_name,
            checked.mime,
            bytes.length,
            key,
            thumbnailKey,
          ],
        );
        await this.ownerChanged(m, scope, owner);
        return toStoredFile(rows[0]);
      });
      if (replacedKeys.length > 0) await this.customers.deleteBlobs(replacedKeys);
      return stored;
    } catch (error) {
      await this.customers.deleteBlobs(thumbnailKey ? [key, thumbnailKey] : [key]);
      throw error;
    }
  }

  /**
   * R1.20 the plan's room for one more file: pet images are counted per pet (the plan's number, at
   * most spec §9's 4), customer files (the attachments) per organization. `locked` counts under the
   * quota's lock inside the finishing transaction, so two uploads finishing together cannot pass it.
   */
  private async requireRoom(
    m: Pick<EntityManager, 'query'>,
    scope: StoreScope,
    owner: Owner,
    replacing: number,
    locked = false,
  ): Promise<void> {
    // issue 31 a vaccination's one proof is part of the care record, not a plan's attachment
    if (owner.kind === 'vaccination_proof') return;
    const quota = owner.kind === 'pet_image' ? 'pet_images' : 'attachments';
    // a plan with spec §9's 4 images per pet leaves the count to the upload rules ('Too many files. Limit: ', R5.10)
    if (quota === 'pet_images' && planOf(scope.member).quotas.pet_images >= UPLOAD_LIMITS.pet_image.maxFiles) return;
    const scopeKey = quota === 'pet_images' ? owner.ownerId : scope.orgaId;
    const count = async () => {
      const rows: { n: string }[] =
        quota === 'pet_images'
          ? await m.query(`SELECT count(*) AS n FROM stored_file WHERE owner_id = $1 AND kind = 'pet_image'`, [owner.ownerId])
          : await m.query(`SELECT count(*) AS n FROM stored_file WHERE orga_id = $1 AND kind = 'customer_privacy'`, [scope.orgaId]);
      return Number(rows[0]?.n ?? 0) - replacing;
    };
    if (locked) await requirePlanQuotaLocked(m, scope.member, quota, scopeKey, count);
    else requirePlanQuota(scope.member, quota, await count());
  }

  /** A file added or removed changes its customer or pet: realtime clients refetch it (R4.20). */
  private async ownerChanged(m: EntityManager, scope: StoreScope, owner: Owner): Promise<void> {
    const meta = { ...scope.meta, storeId: owner.storeId };
    if (owner.kind === 'customer_privacy') {
      await this.outbox.add(
        m,
        customerUpdatedEvent,
        { orga_id: scope.orgaId, store_id: owner.storeId, customer_id: owner.customerId },
        meta,
      );
    } else {
      // issue 31 a new or removed proof leaves its vaccination's dates unchecked until staff verify them again
      if (owner.kind === 'vaccination_proof') {
        await m.query(`UPDATE pet_vaccination SET verified_by = NULL, verified_at = NULL WHERE id = $1`, [owner.ownerId]);
      }
      await this.outbox.add(
        m,
        petUpdatedEvent,
        { orga_id: scope.orgaId, store_id: owner.storeId, pet_id: owner.petId ?? owner.ownerId, customer_id: owner.customerId },
        meta,
      );
    }
  }

  async list(scope: Pick<StoreScope, 'orgaId' | 'storeFilter'>, kind: CrmFileKind, ownerId: string): Promise<StoredFile[]> {
    const owner = await this.owner(scope, kind, ownerId);
    const rows: StoredFileRow[] = await this.db.query(
      `SELECT * FROM stored_file WHERE owner_id = $1 AND kind = $2 ORDER BY created_at, id`,
      [owner.ownerId, kind],
    );
    return rows.map(toStoredFile);
  }

  private async visibleFile(scope: Pick<StoreScope, 'orgaId' | 'storeFilter'>, fileId: string): Promise<StoredFileRow> {
    const rows: StoredFileRow[] = await this.db.query(
      `SELECT * FROM stored_file WHERE id = $1 AND orga_id = $2 AND ($3::uuid IS NULL OR store_id = $3)`,
      [fileId, scope.orgaId, scope.storeFilter],
    );
    if (!rows[0]) throw new RpcError('not_found');
    return rows[0];
  }

  async read(
    scope: Pick<StoreScope, 'orgaId' | 'storeFilter'>,
    input: RpcRequest<typeof readFileRpc>,
  ): Promise<RpcResponse<typeof readFileRpc>> {
    const row = await this.visibleFile(scope, input.file_id);
    const key = input.thumbnail ? row.thumbnail_key : row.storage_key;
    if (!key) throw new RpcError('not_found');
    const bytes = await this.storage.get(key);
    const end = Math.min(bytes.length, input.offset + FILE_PART_BYTES);
    return {
      file: toStoredFile(row),
      data_base64: bytes.subarray(input.offset, end).toString('base64'),
      next_offset: end < bytes.length ? end : null,
    };
  }

  async delete(scope: StoreScope, fileId: string): Promise<{ deleted: true; file_id: string }> {
    const row = await this.visibleFile(scope, fileId);
    await this.db.transaction(async (m) => {
      await m.query(`DELETE FROM stored_file WHERE id = $1`, [fileId]);
      const owner: Owner =
        row.kind === 'vaccination_proof'
          ? await this.owner(scope, row.kind, row.owner_id)
          : {
              kind: row.kind,
              ownerId: row.owner_id,
              customerId: row.customer_id,
              storeId: row.store_id,
              petId: row.kind === 'pet_image' ? row.owner_id : null,
            };
      await this.ownerChanged(m, scope, owner);
    });
    await this.customers.deleteBlobs(row.thumbnail_key ? [row.storage_key, row.thumbnail_key] : [row.storage_key]);
    return { deleted: true, file_id: fileId };
  }
}
