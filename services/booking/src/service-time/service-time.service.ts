import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { ServiceTime, ServiceTimeInput } from '@pawline/contracts';
import { RpcError } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';

type Runner = Pick<EntityManager, 'query'>;

const COLUMNS = `id, orga_id, treatment_id, pet_type, breed, size, hair, minutes`;

/** R3.09 the organization's service-time matrix. */
@Injectable()
export class ServiceTimeService {
  constructor(private readonly db: DataSource) {}

  list(orgaId: string, runner: Runner = this.db): Promise<ServiceTime[]> {
    return runner.query<ServiceTime[]>(
      `SELECT ${COLUMNS} FROM service_time WHERE orga_id = $1 ORDER BY treatment_id, pet_type, breed NULLS FIRST, size NULLS FIRST, hair NULLS FIRST`,
      [orgaId],
    );
  }

  /** Sets or (minutes null) removes each cell, all or none; treatments must be the organization's. */
  async save(orgaId: string, entries: ServiceTimeInput[]): Promise<ServiceTime[]> {
    return this.db.transaction(async (manager) => {
      const treatmentIds = [...new Set(entries.map((e) => e.treatment_id))];
      const known = await manager.query<{ treatment_id: string }[]>(
        `SELECT treatment_id FROM booking_treatment WHERE orga_id = $1 AND treatment_id = ANY($2::uuid[])`,
        [orgaId, treatmentIds],
      );
      const knownIds = new Set(known.map((row) => row.treatment_id));
      const unknown = treatmentIds.filter((id) => !knownIds.has(id));
      if (unknown.length > 0) throw new RpcError('unknown_reference', { fields: { treatment_id: 'Not a treatment of this organization' } });
      for (const entry of entries) {
        const cell = [orgaId, entry.treatment_id, entry.pet_type, entry.breed, entry.size, entry.hair];
        if (entry.minutes === null) {
          await manager.query(
            `DELETE FROM service_time WHERE orga_id = $1 AND treatment_id = $2 AND pet_type = $3 AND breed IS NOT DISTINCT FROM $4
               AND size IS NOT DISTINCT FROM $5 AND hair IS NOT DISTINCT FROM $6`,
            cell,
          );
          continue;
        }
        await manager.query(
          `INSERT INTO service_time (id, orga_id, treatment_id, pet_type, breed, size, hair, minutes) VALUES ($7, $1, $2, $3, $4, $5, $6, $8)
           ON CONFLICT (orga_id, treatment_id, pet_type, breed, size, hair) DO UPDATE SET minutes = EXCLUDED.minutes`,
          [...cell, randomUUID(), entry.minutes],
        );
      }
      return this.list(orgaId, manager);
    });
  }
}
