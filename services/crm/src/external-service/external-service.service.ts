import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { ExternalService, RpcRequest, createExternalServiceRpc, updateExternalServiceRpc } from '@pawline/contracts';
import { RpcError } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; driverError?: { code?: string } }).code ?? (error as { driverError?: { code?: string } }).driverError?.code;
  return code === UNIQUE_VIOLATION;
}

/** R1.10 external service configuration; a service id is unique per organization (R5.14 → server_401, R8.04). */
@Injectable()
export class ExternalServiceService {
  constructor(private readonly db: DataSource) {}

  list(orgaId: string): Promise<ExternalService[]> {
    return this.db.query(`SELECT id, orga_id, service_id, name FROM external_service WHERE orga_id = $1 ORDER BY service_id, id`, [orgaId]);
  }

  private async row(orgaId: string, id: string): Promise<ExternalService> {
    const rows: ExternalService[] = await this.db.query(
      `SELECT id, orga_id, service_id, name FROM external_service WHERE id = $1 AND orga_id = $2`,
      [id, orgaId],
    );
    if (!rows[0]) throw new RpcError('not_found');
    return rows[0];
  }

  async create(input: RpcRequest<typeof createExternalServiceRpc>): Promise<ExternalService> {
    const service: ExternalService = { id: randomUUID(), orga_id: input.orga_id, service_id: input.service_id, name: input.name };
    try {
      await this.db.query(`INSERT INTO external_service (id, orga_id, service_id, name) VALUES ($1, $2, $3, $4)`, [
        service.id,
        service.orga_id,
        service.service_id,
        service.name,
      ]);
    } catch (error) {
      if (isUniqueViolation(error)) throw new RpcError('server_401', { fields: { service_id: 'errors.server_401' } });
      throw error;
    }
    return service;
  }

  async update(input: RpcRequest<typeof updateExternalServiceRpc>): Promise<ExternalService> {
    const current = await this.row(input.orga_id, input.external_service_id);
    const next = { ...current, service_id: input.service_id ?? current.service_id, name: input.name ?? current.name };
    try {
      await this.db.query(`UPDATE external_service SET service_id = $2, name = $3 WHERE id = $1`, [next.id, next.service_id, next.name]);
    } catch (error) {
      if (isUniqueViolation(error)) throw new RpcError('server_401', { fields: { service_id: 'errors.server_401' } });
      throw error;
    }
    return next;
  }

  async delete(orgaId: string, id: string): Promise<{ deleted: true; external_service_id: string }> {
    await this.row(orgaId, id);
    await this.db.query(`DELETE FROM external_service WHERE id = $1`, [id]);
    return { deleted: true, external_service_id: id };
  }
}
