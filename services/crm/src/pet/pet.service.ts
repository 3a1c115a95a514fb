import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  petCreatedEvent,
  petDeletedEvent,
  petUpdatedEvent,
  type PetDetail,
  type RpcRequest,
  type RpcResponse,
  type createPetRpc,
  type deletePetRpc,
  type listPetsRpc,
  type updatePetRpc,
} from '@pawline/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { type ListScope, OutboxService, RpcError, requirePlanFeature, type StoreScope } from '@pawline/nest-kit';
import { CustomerService } from '../customer/customer.service';
import { petEventSnapshot } from '../customer/event-snapshots';
import { refreshCustomerSearch } from '../search/customer-search';
import { foldText } from '../search/search-text';
import { TagLinks } from '../tag/tag-links';
import { PET_COLUMNS, toPet, type PetRow } from './pet-rows';
import { bornProblem, mergePet, writesDetailedNotes, type PetValues } from './pet-rules';

type Runner = Pick<EntityManager, 'query'>;

/** Pets: CRUD and the lists per store, shared or per customer. A pet lives in its owner's store. */
/** A pet's files: its images and (issue 31) its vaccinations' proofs, whose rows go with the pet by cascade. */
const PET_FILES = `(owner_id = $1 AND kind = 'pet_image')
  OR (kind = 'vaccination_proof' AND owner_id IN (SELECT id FROM pet_vaccination WHERE pet_id = $1))`;

@Injectable()
export class PetService {
  constructor(
    private readonly db: DataSource,
    private readonly outbox: OutboxService,
    private readonly tags: TagLinks,
    private readonly customers: CustomerService,
  ) {}

  async visibleRow(scope: Pick<StoreScope, 'orgaId' | 'storeFilter'>, petId: string, m: Runner = this.db): Promise<PetRow> {
    const rows: PetRow[] = await m.query(
      `SELECT ${PET_COLUMNS} FROM pet p WHERE p.id = $1 AND p.orga_id = $2 AND ($3::uuid IS NULL OR p.store_id = $3)`,
      [petId, scope.orgaId, scope.storeFilter],
    );
    const row = rows[0];
    if (!row) throw new RpcError('not_found');
    return row;
  }

  async detail(scope: Pick<StoreScope, 'orgaId' | 'storeFilter'>, petId: string, m: Runner = this.db): Promise<PetDetail> {
    const row = await this.visibleRow(scope, petId, m);
    const tags = await this.tags.of('pet', [petId], m);
    return { pet: toPet(row), tags: tags.get(petId) ?? [] };
  }

  private check(values: PetValues): void {
    const fields: Record<string, string> = {};
    if (!values.name) fields['name'] = 'validation.required';
    const born = bornProblem(values.born);
    if (born) fields['born'] = born;
    if (Object.keys(fields).length > 0) throw new RpcError('validation_failed', { fields });
  }

  async create(scope: StoreScope, input: RpcRequest<typeof createPetRpc>): Promise<PetDetail> {
    const values = mergePet(null, input);
    this.check(values);
    if (writesDetailedNotes(null, values)) requirePlanFeature(scope.member, 'detailed_pet_notes');
    const id = randomUUID();
    return this.db.transaction(async (m) => {
      const owner = await this.customers.visibleRow(scope, input.customer_id, m);
      await m.query(
        `INSERT INTO pet (id, orga_id, store_id, customer_id, name, pet_type, breed, hair, size, sex, born, weight, allergies, sterilized, vaccinated,
           colour, microchip, attitude, notes, medical)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)`,
        [id, scope.orgaId, owner.store_id, owner.id, ...valueList(values)],
      );
      await refreshCustomerSearch(m, owner.id);
      await this.tags.replace(m, 'pet', scope.orgaId, id, input.tags, scope.member);
      await this.outbox.add(
        m,
        petCreatedEvent,
        { orga_id: scope.orgaId, store_id: owner.store_id, pet_id: id, customer_id: owner.id, pet: await petEventSnapshot(m, id) },
        { ...scope.meta, storeId: owner.store_id },
      );
      return this.detail(scope, id, m);
    });
  }

  async update(scope: StoreScope, input: RpcRequest<typeof updatePetRpc>): Promise<PetDetail> {
    return this.db.transaction(async (m) => {
      const row = await this.visibleRow(scope, input.pet_id, m);
      const values = mergePet(row, input);
      this.check(values);
      if (writesDetailedNotes(row, values)) requirePlanFeature(scope.member, 'detailed_pet_notes');
      await m.query(
        `UPDATE pet SET name = $2, pet_type = $3, breed = $4, hair = $5, size = $6, sex = $7, born = $8, weight = $9, allergies = $10,
           sterilized = $11, vaccinated = $12, colour = $13, microchip = $14, attitude = $15, notes = $16, medical = $17, updated_at = now()
         WHERE id = $1`,
        [row.id, ...valueList(values)],
      );
      if (values.name !== row.name) await refreshCustomerSearch(m, row.customer_id);
      if (input.tags) await this.tags.replace(m, 'pet', scope.orgaId, row.id, input.tags, scope.member);
      await this.outbox.add(
        m,
        petUpdatedEvent,
        {
          orga_id: scope.orgaId,
          store_id: row.store_id,
          pet_id: row.id,
          customer_id: row.customer_id,
          pet: await petEventSnapshot(m, row.id),
        },
        { ...scope.meta, storeId: row.store_id },
      );
      return this.detail(scope, row.id, m);
    });
  }

  async delete(scope: StoreScope, petId: string): Promise<RpcResponse<typeof deletePetRpc>> {
    const keys = await this.db.transaction(async (m) => {
      const row = await this.visibleRow(scope, petId, m);
      const files: { storage_key: string; thumbnail_key: string | null }[] = await m.query(
        `SELECT storage_key, thumbnail_key FROM stored_file WHERE ${PET_FILES}`,
        [petId],
      );
      await m.query(`DELETE FROM stored_file WHERE ${PET_FILES}`, [petId]);
      await m.query(`DELETE FROM pet WHERE id = $1`, [petId]);
      await refreshCustomerSearch(m, row.customer_id);
      await this.outbox.add(
        m,
        petDeletedEvent,
        { orga_id: scope.orgaId, store_id: row.store_id, pet_id: row.id, customer_id: row.customer_id },
        { ...scope.meta, storeId: row.store_id },
      );
      return files.flatMap((f) => (f.thumbnail_key ? [f.storage_key, f.thumbnail_key] : [f.storage_key]));
    });
    await this.customers.deleteBlobs(keys);
    return { deleted: true, pet_id: petId };
  }

  async list(scope: ListScope, input: RpcRequest<typeof listPetsRpc>): Promise<RpcResponse<typeof listPetsRpc>> {
    const params: unknown[] = [scope.orgaId, scope.storeFilter];
    const where = [`p.orga_id = $1`, `($2::uuid IS NULL OR p.store_id = $2)`];
    if (input.customer_id) {
      params.push(input.customer_id);
      where.push(`p.customer_id = $${params.length}`);
    }
    if (input.q) {
      params.push(`%${foldText(input.q).replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`lower(p.name) LIKE $${params.length}`);
    }
    if (input.last_id) {
      params.push(input.last_id);
      where.push(`(p.name, p.id) > (SELECT x.name, x.id FROM pet x WHERE x.id = $${params.length} AND x.orga_id = $1)`);
    }
    params.push(input.limit);
    const rows: (PetRow & { owner_first_name: string; owner_last_name: string })[] = await this.db.query(
      `SELECT ${PET_COLUMNS}, c.first_name AS owner_first_name, c.last_name AS owner_last_name
       FROM pet p JOIN customer c ON c.id = p.customer_id
       WHERE ${where.join(' AND ')} ORDER BY p.name, p.id LIMIT $${params.length}`,
      params,
    );
    const tags = await this.tags.of(
      'pet',
      rows.map((r) => r.id),
    );
    return {
      items: rows.map(({ owner_first_name, owner_last_name, ...row }) => ({
        ...toPet(row),
        tags: tags.get(row.id) ?? [],
        owner: { first_name: owner_first_name, last_name: owner_last_name },
      })),
      page_size: input.limit,
    };
  }
}

function valueList(v: PetValues): unknown[] {
  return [
    v.name,
    v.pet_type,
    v.breed,
    v.hair,
    v.size,
    v.sex,
    v.born,
    v.weight,
    v.allergies,
    v.sterilized,
    v.vaccinated,
    v.colour,
    v.microchip,
    v.attitude,
    v.notes,
    v.medical,
  ];
}
