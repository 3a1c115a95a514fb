import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  customerStandingChangedEvent,
  customerCreatedEvent,
  customerDeletedEvent,
  customerUpdatedEvent,
  petDeletedEvent,
  type AssignedTag,
  type CustomerDetail,
  type RpcRequest,
  type RpcResponse,
  type createCustomerRpc,
  type deleteCustomerRpc,
  type exportCustomerRpc,
  type listCustomersRpc,
  type updateCustomerRpc,
} from '@pawline/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import {
  FILE_STORAGE,
  deleteStoredFiles,
  type FileStorage,
  type ListScope,
  OutboxService,
  PawlineLogger,
  RpcError,
  type StoreScope,
} from '@pawline/nest-kit';
import { toStoredFile, type StoredFileRow } from '../file/file-rows';
import { PET_COLUMNS, toPet, type PetRow } from '../pet/pet-rows';
import { refreshCustomerSearch } from '../search/customer-search';
import { searchPattern } from '../search/search-text';
import { SettingsService } from '../settings/settings.service';
import { TagLinks } from '../tag/tag-links';
import { CUSTOMER_COLUMNS, toCustomer, type CustomerRow } from './customer-rows';
import { customerProblems, mergeCustomer, type CustomerValues } from './customer-rules';
import { publishStanding } from '../no-show/customer-standing';
import { customerEventSnapshot } from './event-snapshots';

type Runner = Pick<EntityManager, 'query'>;
type ExternalInput = { external_service_id: string; entity_id: string };

const SORTS = {
  name: { key: 'c.sort_name', dir: 'ASC', cmp: '>' },
  name_desc: { key: 'c.sort_name', dir: 'DESC', cmp: '<' },
  created: { key: 'c.created_at', dir: 'ASC', cmp: '>' },
  created_desc: { key: 'c.created_at', dir: 'DESC', cmp: '<' },
} as const;

/** Customers: CRUD, the lists with search, sort, tag filter and paging by last id, export, deletion with pets and files. */
@Injectable()
export class CustomerService {
  private readonly log: PawlineLogger;

  constructor(
    private readonly db: DataSource,
    private readonly outbox: OutboxService,
    private readonly tags: TagLinks,
    private readonly settings: SettingsService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    logger: PawlineLogger,
  ) {
    this.log = logger.child({ context: 'CustomerService' });
  }

  /** The customer row if the scope sees it (R6.08), else not_found. */
  async visibleRow(scope: Pick<StoreScope, 'orgaId' | 'storeFilter'>, customerId: string, m: Runner = this.db): Promise<CustomerRow> {
    const rows: CustomerRow[] = await m.query(
      `SELECT ${CUSTOMER_COLUMNS} FROM customer c WHERE c.id = $1 AND c.orga_id = $2 AND ($3::uuid IS NULL OR c.store_id = $3)`,
      [customerId, scope.orgaId, scope.storeFilter],
    );
    const row = rows[0];
    if (!row) throw new RpcError('not_found');
    return row;
  }

  async detail(scope: Pick<StoreScope, 'orgaId' | 'storeFilter'>, customerId: string, m: Runner = this.db): Promise<CustomerDetail> {
    const row = await this.visibleRow(scope, customerId, m);
    const tags = await this.tags.of('customer', [customerId], m);
    const external_services: CustomerDetail['external_services'] = await m.query(
      `SELECT x.external_service_id, s.service_id, s.name, x.entity_id
         FROM customer_external_id x JOIN external_service s ON s.id = x.external_service_id
        WHERE x.customer_id = $1 ORDER BY s.service_id`,
      [customerId],
    );
    // issue 26: how often the customer did not come (their pets' appointments marked no-show, from scheduling's events)
    const [noShows] = await m.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM appointment_no_show n
        WHERE n.orga_id = $1 AND n.no_show AND EXISTS (SELECT 1 FROM pet p WHERE p.customer_id = $2 AND p.id = ANY(n.pet_ids))`,
      [scope.orgaId, customerId],
    );
    // issue 30: staff's deposit choice for this customer, 'automatic' while never made
    const [override] = await m.query<CustomerDetail['deposit_override'][]>(
      `SELECT mode, set_by, to_char(set_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS set_at
         FROM customer_deposit_override WHERE customer_id = $1`,
      [customerId],
    );
    return {
      customer: toCustomer(row),
      tags: tags.get(customerId) ?? [],
      external_services,
      no_shows: noShows?.n ?? 0,
      deposit_override: override ?? { mode: 'automatic', set_by: null, set_at: null },
    };
  }

  private async validated(orgaId: string, values: CustomerValues): Promise<void> {
    const settings = await this.settings.get(orgaId);
    const fields = customerProblems(values, settings.mandatory_customer_info);
    if (Object.keys(fields).length > 0) throw new RpcError('validation_failed', { fields });
  }

  private async replaceExternalIds(m: Runner, orgaId: string, customerId: string, externals: ExternalInput[]): Promise<void> {
    const ids = [...new Set(externals.map((e) => e.external_service_id))];
    if (ids.length !== externals.length)
      throw new RpcError('validation_failed', { fields: { external_services: 'validation.duplicateExternalService' } });
    if (ids.length > 0) {
      const found: { n: string }[] = await m.query(
        `SELECT count(*) AS n FROM external_service WHERE id = ANY($1::uuid[]) AND orga_id = $2`,
        [ids, orgaId],
      );
      if (Number(found[0]?.n) !== ids.length)
        throw new RpcError('validation_failed', { fields: { external_services: 'validation.unknownExternalService' } });
    }
    await m.query(`DELETE FROM customer_external_id WHERE customer_id = $1`, [customerId]);
    for (const e of externals) {
      await m.query(`INSERT INTO customer_external_id (customer_id, external_service_id, entity_id) VALUES ($1, $2, $3)`, [
        customerId,
        e.external_service_id,
        e.entity_id,
      ]);
    }
  }

  async create(scope: StoreScope, input: RpcRequest<typeof createCustomerRpc>): Promise<CustomerDetail> {
    const values = mergeCustomer(null, input);
    await this.validated(scope.orgaId, values);
    const id = randomUUID();
    return this.db.transaction(async (m) => {
      await m.query(
        `INSERT INTO customer (id, orga_id, store_id, first_name, last_name, address, city, zip_code, country, fon, fon_2, email, notes, veterinary,
           consent_messages, consent_reminders, consent_marketing, sort_name, search_text)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, '', '')`,
        [id, scope.orgaId, scope.storeId, ...valueList(values)],
      );
      await refreshCustomerSearch(m, id);
      await this.tags.replace(m, 'customer', scope.orgaId, id, input.tags, scope.member);
      await this.replaceExternalIds(m, scope.orgaId, id, input.external_services);
      await this.outbox.add(
        m,
        customerCreatedEvent,
        { orga_id: scope.orgaId, store_id: scope.storeId, customer_id: id, customer: await customerEventSnapshot(m, id) },
        scope.meta,
      );
      // issue 30 online booking matches customers by phone and e-mail: it keeps its own copy of them
      await publishStanding(m, this.outbox, scope.orgaId, [id], scope.meta);
      return this.detail(scope, id, m);
    });
  }

  async update(scope: StoreScope, input: RpcRequest<typeof updateCustomerRpc>): Promise<CustomerDetail> {
    return this.db.transaction(async (m) => {
      const row = await this.visibleRow(scope, input.customer_id, m);
      const values = mergeCustomer(row, input);
      await this.validated(scope.orgaId, values);
      await m.query(
        `UPDATE customer SET first_name = $2, last_name = $3, address = $4, city = $5, zip_code = $6, country = $7, fon = $8, fon_2 = $9,
           email = $10, notes = $11, veterinary = $12, consent_messages = $13, consent_reminders = $14, consent_marketing = $15, updated_at = now()
         WHERE id = $1`,
        [row.id, ...valueList(values)],
      );
      await refreshCustomerSearch(m, row.id);
      if (input.tags) await this.tags.replace(m, 'customer', scope.orgaId, row.id, input.tags, scope.member);
      if (input.external_services) await this.replaceExternalIds(m, scope.orgaId, row.id, input.external_services);
      await this.outbox.add(
        m,
        customerUpdatedEvent,
        { orga_id: scope.orgaId, store_id: row.store_id, customer_id: row.id, customer: await customerEventSnapshot(m, row.id) },
        { ...scope.meta, storeId: row.store_id },
      );
      await publishStanding(m, this.outbox, scope.orgaId, [row.id], scope.meta);
      return this.detail(scope, row.id, m);
    });
  }

  /** Deletes the customer, their pets (cascade) and every file of theirs and their pets'. */
  async delete(scope: StoreScope, customerId: string): Promise<RpcResponse<typeof deleteCustomerRpc>> {
    const { row, petIds, fileCount, keys } = await this.db.transaction(async (m) => {
      const found = await this.visibleRow(scope, customerId, m);
      const pets: { id: string }[] = await m.query(`SELECT id FROM pet WHERE customer_id = $1`, [customerId]);
      // TypeORM answers DELETE … RETURNING with [rows, count]: read the keys first
      const files: { storage_key: string; thumbnail_key: string | null }[] = await m.query(
        `SELECT storage_key, thumbnail_key FROM stored_file WHERE customer_id = $1`,
        [customerId],
      );
      await m.query(`DELETE FROM stored_file WHERE customer_id = $1`, [customerId]);
      await m.query(`DELETE FROM customer WHERE id = $1`, [customerId]);
      const meta = { ...scope.meta, storeId: found.store_id };
      for (const pet of pets) {
        await this.outbox.add(
          m,
          petDeletedEvent,
          { orga_id: scope.orgaId, store_id: found.store_id, pet_id: pet.id, customer_id: customerId },
          meta,
        );
      }
      await this.outbox.add(m, customerDeletedEvent, { orga_id: scope.orgaId, store_id: found.store_id, customer_id: customerId }, meta);
      await this.outbox.add(
        m,
        customerStandingChangedEvent,
        {
          orga_id: scope.orgaId,
          store_id: found.store_id,
          customer_id: customerId,
          phone_keys: [],
          email: null,
          no_shows: 0,
          deleted: true,
          version: new Date().toISOString(),
        },
        meta,
      );
      return {
        row: found,
        petIds: pets.map((p) => p.id),
        fileCount: files.length,
        keys: files.flatMap((f) => (f.thumbnail_key ? [f.storage_key, f.thumbnail_key] : [f.storage_key])),
      };
    });
    await this.deleteBlobs(keys);
    return { deleted: true, customer_id: row.id, pet_ids: petIds, file_count: fileCount };
  }

  /** After the commit: a blob that cannot be removed is logged, the rows are gone either way. */
  async deleteBlobs(keys: string[]): Promise<void> {
    await deleteStoredFiles(this.storage, keys, this.log);
  }

  async list(scope: ListScope, input: RpcRequest<typeof listCustomersRpc>): Promise<RpcResponse<typeof listCustomersRpc>> {
    const params: unknown[] = [scope.orgaId, scope.storeFilter];
    const where = [`c.orga_id = $1`, `($2::uuid IS NULL OR c.store_id = $2)`];
    const pattern = input.q ? searchPattern(input.q) : null;
    if (pattern) {
      params.push(pattern);
      where.push(`c.search_text LIKE $${params.length}`);
    }
    if (input.tag_ids.length > 0) {
      params.push(input.tag_ids);
      where.push(`EXISTS (SELECT 1 FROM customer_tag ct WHERE ct.customer_id = c.id AND ct.tag_id = ANY($${params.length}::uuid[]))`);
    }
    const sort = SORTS[input.sort];
    if (input.last_id) {
      params.push(input.last_id);
      where.push(
        `(${sort.key}, c.id) ${sort.cmp} (SELECT ${sort.key}, c.id FROM customer c WHERE c.id = $${params.length} AND c.orga_id = $1)`,
      );
    }
    params.push(input.limit);
    const rows: CustomerRow[] = await this.db.query(
      `SELECT ${CUSTOMER_COLUMNS} FROM customer c WHERE ${where.join(' AND ')} ORDER BY ${sort.key} ${sort.dir}, c.id ${sort.dir} LIMIT $${params.length}`,
      params,
    );
    const tags = await this.tags.of(
      'customer',
      rows.map((r) => r.id),
    );
    return { items: rows.map((row) => ({ ...toCustomer(row), tags: tags.get(row.id) ?? ([] as AssignedTag[]) })), page_size: input.limit };
  }

  /** The customer as JSON: data, tags, external ids, pets with tags, and the list of files. */
  async export(scope: StoreScope, customerId: string): Promise<RpcResponse<typeof exportCustomerRpc>> {
    const detail = await this.detail(scope, customerId);
    const petRows: PetRow[] = await this.db.query(`SELECT ${PET_COLUMNS} FROM pet p WHERE p.customer_id = $1 ORDER BY p.name, p.id`, [
      customerId,
    ]);
    const petTags = await this.tags.of(
      'pet',
      petRows.map((p) => p.id),
    );
    const files: StoredFileRow[] = await this.db.query(`SELECT * FROM stored_file WHERE customer_id = $1 ORDER BY created_at, id`, [
      customerId,
    ]);
    return {
      ...detail,
      exported_at: new Date().toISOString(),
      pets: petRows.map((row) => ({ pet: toPet(row), tags: petTags.get(row.id) ?? [] })),
      files: files.map(toStoredFile),
    };
  }
}

/** values in the column order of INSERT/UPDATE ($4/$2 onwards). */
function valueList(v: CustomerValues): unknown[] {
  return [
    v.first_name,
    v.last_name,
    v.address,
    v.city,
    v.zip_code,
    v.country,
    v.fon,
    v.fon_2,
    v.email,
    v.notes,
    v.veterinary,
    v.consent_messages,
    v.consent_reminders,
    v.consent_marketing,
  ];
}
