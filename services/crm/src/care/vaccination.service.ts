import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  PET_VACCINATIONS_MAX,
  petUpdatedEvent,
  type PetCard,
  type RpcRequest,
  type Vaccination,
  type createVaccinationRpc,
  type updateVaccinationRpc,
  type verifyVaccinationRpc,
} from '@pawline/contracts';
import { vaccinationDatesProblem, vaccineKey } from '@pawline/domain';
import { OutboxService, RpcError, type StoreScope } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { CustomerService } from '../customer/customer.service';
import { toStoredFile, type StoredFileRow } from '../file/file-rows';
import { PetService } from '../pet/pet.service';

type Runner = Pick<EntityManager, 'query'>;
type VaccinationRow = {
  id: string;
  pet_id: string;
  vaccine: string;
  given_on: string;
  valid_until: string;
  verified_by: string | null;
  verified_at: Date | null;
  created_by: string | null;
  created_at: Date;
};
type Dates = { given_on: string; valid_until: string };

const COLUMNS = `v.id, v.pet_id, v.vaccine, to_char(v.given_on, 'YYYY-MM-DD') AS given_on,
  to_char(v.valid_until, 'YYYY-MM-DD') AS valid_until, v.verified_by, v.verified_at, v.created_by, v.created_at`;

/**
 * Issue 31 a pet's vaccinations (ADR 0062): recorded unverified, verified by staff beside the proof; a change of
 * vaccine, dates or proof makes one unverified again. Each change is the pet's change, so every screen reads it again.
 */
@Injectable()
export class VaccinationService {
  constructor(
    private readonly db: DataSource,
    private readonly outbox: OutboxService,
    private readonly pets: PetService,
    private readonly customers: CustomerService,
  ) {}

  private async toVaccinations(m: Runner, rows: VaccinationRow[]): Promise<Vaccination[]> {
    const proofs: StoredFileRow[] =
      rows.length === 0
        ? []
        : await m.query(`SELECT * FROM stored_file WHERE kind = 'vaccination_proof' AND owner_id = ANY($1::uuid[])`, [
            rows.map((r) => r.id),
          ]);
    return rows.map((row) => {
      const proof = proofs.find((p) => p.owner_id === row.id);
      return {
        id: row.id,
        pet_id: row.pet_id,
        vaccine: row.vaccine,
        given_on: row.given_on,
        valid_until: row.valid_until,
        proof: proof ? toStoredFile(proof) : null,
        verified_by: row.verified_by,
        verified_at: row.verified_at ? row.verified_at.toISOString() : null,
        created_by: row.created_by,
        created_at: row.created_at.toISOString(),
      };
    });
  }

  async list(scope: Pick<StoreScope, 'orgaId' | 'storeFilter'>, petId: string): Promise<{ items: Vaccination[] }> {
    const pet = await this.pets.visibleRow(scope, petId);
    const rows: VaccinationRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM pet_vaccination v WHERE v.pet_id = $1 ORDER BY v.given_on DESC, v.created_at DESC, v.id LIMIT $2`,
      [pet.id, PET_VACCINATIONS_MAX],
    );
    return { items: await this.toVaccinations(this.db, rows) };
  }

  /** The vaccination of the path's pet, locked for the change (not_found for another pet's or another store's). */
  private async visibleRow(scope: Pick<StoreScope, 'orgaId' | 'storeFilter'>, petId: string, id: string, m: Runner) {
    const pet = await this.pets.visibleRow(scope, petId, m);
    const rows: VaccinationRow[] = await m.query(
      `SELECT ${COLUMNS} FROM pet_vaccination v WHERE v.id = $1 AND v.pet_id = $2 AND v.orga_id = $3 FOR UPDATE`,
      [id, pet.id, scope.orgaId],
    );
    if (!rows[0]) throw new RpcError('not_found');
    return { pet, row: rows[0] };
  }

  private checkDates(dates: Dates): void {
    if (vaccinationDatesProblem(dates.given_on, dates.valid_until)) {
      throw new RpcError('validation_failed', { fields: { valid_until: 'validation.validUntilBeforeGivenOn' } });
    }
  }

  private async petChanged(m: EntityManager, scope: StoreScope, pet: { id: string; store_id: string; customer_id: string }) {
    await this.outbox.add(
      m,
      petUpdatedEvent,
      { orga_id: scope.orgaId, store_id: pet.store_id, pet_id: pet.id, customer_id: pet.customer_id },
      { ...scope.meta, storeId: pet.store_id },
    );
  }

  private async one(m: Runner, id: string): Promise<Vaccination> {
    const rows: VaccinationRow[] = await m.query(`SELECT ${COLUMNS} FROM pet_vaccination v WHERE v.id = $1`, [id]);
    const [vaccination] = await this.toVaccinations(m, rows);
    if (!vaccination) throw new RpcError('not_found');
    return vaccination;
  }

  async create(scope: StoreScope, input: RpcRequest<typeof createVaccinationRpc>): Promise<Vaccination> {
    this.checkDates(input);
    const id = randomUUID();
    return this.db.transaction(async (m) => {
      const pet = await this.pets.visibleRow(scope, input.pet_id, m);
      // one writer per pet at a time, so two saves together cannot pass the number a pet keeps
      await m.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`crm-vaccinations:${pet.id}`]);
      const [count] = await m.query<{ n: string }[]>(`SELECT count(*) AS n FROM pet_vaccination WHERE pet_id = $1`, [pet.id]);
      if (Number(count?.n ?? 0) >= PET_VACCINATIONS_MAX) {
        throw new RpcError('validation_failed', {
          fields: { vaccine: 'validation.tooManyVaccinations' },
          params: { limit: PET_VACCINATIONS_MAX },
        });
      }
      await m.query(
        `INSERT INTO pet_vaccination (id, orga_id, pet_id, vaccine, given_on, valid_until, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [id, scope.orgaId, pet.id, input.vaccine, input.given_on, input.valid_until, scope.meta.actor?.userId ?? null],
      );
      await this.petChanged(m, scope, pet);
      return this.one(m, id);
    });
  }

  async update(scope: StoreScope, input: RpcRequest<typeof updateVaccinationRpc>): Promise<Vaccination> {
    this.checkDates(input);
    return this.db.transaction(async (m) => {
      const { pet, row } = await this.visibleRow(scope, input.pet_id, input.vaccination_id, m);
      const same = row.vaccine === input.vaccine && row.given_on === input.given_on && row.valid_until === input.valid_until;
      if (!same) {
        await m.query(
          `UPDATE pet_vaccination SET vaccine = $2, given_on = $3, valid_until = $4, verified_by = NULL, verified_at = NULL WHERE id = $1`,
          [row.id, input.vaccine, input.given_on, input.valid_until],
        );
        await this.petChanged(m, scope, pet);
      }
      return this.one(m, row.id);
    });
  }

  /** Staff confirm the dates they read on the proof; a vaccination without a proof cannot be verified. */
  async verify(scope: StoreScope, input: RpcRequest<typeof verifyVaccinationRpc>): Promise<Vaccination> {
    this.checkDates(input);
    return this.db.transaction(async (m) => {
      const { pet, row } = await this.visibleRow(scope, input.pet_id, input.vaccination_id, m);
      const [proof] = await m.query<{ id: string }[]>(`SELECT id FROM stored_file WHERE kind = 'vaccination_proof' AND owner_id = $1`, [
        row.id,
      ]);
      if (!proof) throw new RpcError('validation_failed', { fields: { proof: 'validation.vaccinationProofMissing' } });
      await m.query(`UPDATE pet_vaccination SET given_on = $2, valid_until = $3, verified_by = $4, verified_at = now() WHERE id = $1`, [
        row.id,
        input.given_on,
        input.valid_until,
        scope.meta.actor?.userId ?? null,
      ]);
      await this.petChanged(m, scope, pet);
      return this.one(m, row.id);
    });
  }

  async delete(scope: StoreScope, petId: string, id: string): Promise<{ deleted: true; vaccination_id: string }> {
    const keys = await this.db.transaction(async (m) => {
      const { pet, row } = await this.visibleRow(scope, petId, id, m);
      const files: { storage_key: string; thumbnail_key: string | null }[] = await m.query(
        `SELECT storage_key, thumbnail_key FROM stored_file WHERE kind = 'vaccination_proof' AND owner_id = $1`,
        [row.id],
      );
      await m.query(`DELETE FROM stored_file WHERE kind = 'vaccination_proof' AND owner_id = $1`, [row.id]);
      await m.query(`DELETE FROM pet_vaccination WHERE id = $1`, [row.id]);
      await this.petChanged(m, scope, pet);
      return files.flatMap((f) => (f.thumbnail_key ? [f.storage_key, f.thumbnail_key] : [f.storage_key]));
    });
    await this.customers.deleteBlobs(keys);
    return { deleted: true, vaccination_id: id };
  }

  /** The calendar card's lean view: per pet, the latest verified end of each vaccine. */
  async cardVaccinations(petIds: readonly string[]): Promise<Map<string, NonNullable<PetCard['vaccinations']>>> {
    const rows: { pet_id: string; vaccine: string; valid_until: string }[] =
      petIds.length === 0
        ? []
        : await this.db.query(
            `SELECT pet_id, vaccine, to_char(max(valid_until), 'YYYY-MM-DD') AS valid_until FROM pet_vaccination
              WHERE pet_id = ANY($1::uuid[]) AND verified_at IS NOT NULL GROUP BY pet_id, vaccine ORDER BY pet_id, vaccine`,
            [[...petIds]],
          );
    const byPet = new Map<string, NonNullable<PetCard['vaccinations']>>();
    for (const row of rows) {
      const list = byPet.get(row.pet_id) ?? [];
      const key = vaccineKey(row.vaccine);
      const known = list.find((v) => vaccineKey(v.vaccine) === key);
      if (known) known.valid_until = known.valid_until > row.valid_until ? known.valid_until : row.valid_until;
      else list.push({ vaccine: row.vaccine, valid_until: row.valid_until });
      byPet.set(row.pet_id, list);
    }
    return byPet;
  }
}
