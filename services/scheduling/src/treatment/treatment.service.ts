import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { RpcRequest, Treatment, createTreatmentRpc, updateTreatmentRpc } from '@pawline/contracts';
import { RpcError } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { centsOf, returnedRows } from '../appointment/appointment-rows';

const COLUMNS = 'id, orga_id, name, archive, default_duration, default_price';

/** The organization's treatments catalogue; archived treatments stay on past appointments. */
@Injectable()
export class TreatmentService {
  constructor(private readonly db: DataSource) {}

  async list(orgaId: string, includeArchived: boolean): Promise<Treatment[]> {
    return this.db.query(`SELECT ${COLUMNS} FROM treatment WHERE orga_id = $1 AND ($2 OR NOT archive) ORDER BY name, id`, [
      orgaId,
      includeArchived,
    ]);
  }

  async create(orgaId: string, input: RpcRequest<typeof createTreatmentRpc>): Promise<Treatment> {
    const rows: Treatment[] = await this.db.query(
      `INSERT INTO treatment (id, orga_id, name, default_duration, default_price) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [randomUUID(), orgaId, input.name, input.default_duration, centsOf(input.default_price, 'default_price')],
    );
    if (!rows[0]) throw new RpcError('internal');
    return rows[0];
  }

  async update(orgaId: string, input: RpcRequest<typeof updateTreatmentRpc>): Promise<Treatment> {
    const rows = returnedRows<Treatment>(
      await this.db.query(
        `UPDATE treatment SET name = COALESCE($3, name), archive = COALESCE($4, archive), default_duration = COALESCE($5, default_duration), default_price = COALESCE($6, default_price)
       WHERE id = $1 AND orga_id = $2 RETURNING ${COLUMNS}`,
        [
          input.treatment_id,
          orgaId,
          input.name ?? null,
          input.archive ?? null,
          input.default_duration ?? null,
          input.default_price === undefined ? null : centsOf(input.default_price, 'default_price'),
        ],
      ),
    );
    if (!rows[0]) throw new RpcError('not_found');
    return rows[0];
  }
}
