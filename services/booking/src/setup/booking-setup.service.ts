import { Injectable } from '@nestjs/common';
import type { BookingSetup, BookingSetupFields } from '@pawline/contracts';
import { RpcError, type StoreScope } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { newPublicId } from './public-id';

type Runner = Pick<EntityManager, 'query'>;

export type BookingStoreRow = {
  store_id: string;
  orga_id: string;
  name: string;
  time_zone: string;
  deleted: boolean;
  public_id: string;
  enabled: boolean;
  allowed_origins: string[];
  min_notice_minutes: number;
  horizon_days: number;
  buffer_minutes: number;
  slot_step_minutes: number;
};

export const STORE_COLUMNS = `store_id, orga_id, name, time_zone, deleted, public_id, enabled, allowed_origins, min_notice_minutes,
  horizon_days, buffer_minutes, slot_step_minutes`;

export function toSetup(row: BookingStoreRow): BookingSetup {
  return {
    orga_id: row.orga_id,
    store_id: row.store_id,
    public_id: row.public_id,
    time_zone: row.time_zone,
    enabled: row.enabled,
    allowed_origins: row.allowed_origins,
    min_notice_minutes: row.min_notice_minutes,
    horizon_days: row.horizon_days,
    buffer_minutes: row.buffer_minutes,
    slot_step_minutes: row.slot_step_minutes as BookingSetupFields['slot_step_minutes'],
  };
}

/** A store's booking setup, kept on its projection row. */
@Injectable()
export class BookingSetupService {
  constructor(private readonly db: DataSource) {}

  /** The setup, made with the defaults (off) when the store has none yet, also before identity's store event arrived. */
  async get(scope: StoreScope, runner: Runner = this.db): Promise<BookingSetup> {
    await runner.query(
      `INSERT INTO booking_store (store_id, orga_id, time_zone, version, public_id) VALUES ($1, $2, $3, '-infinity', $4)
       ON CONFLICT (store_id) DO NOTHING`,
      [scope.storeId, scope.orgaId, scope.timeZone, newPublicId()],
    );
    const [row] = await runner.query<BookingStoreRow[]>(`SELECT ${STORE_COLUMNS} FROM booking_store WHERE store_id = $1 AND orga_id = $2`, [
      scope.storeId,
      scope.orgaId,
    ]);
    if (!row || row.deleted) throw new RpcError('not_found');
    return toSetup(row);
  }

  /** Omitted fields stay; new_public_id retires the widget's id (the old one answers not_found from now on). */
  async update(scope: StoreScope, change: Partial<BookingSetupFields>, newId: boolean): Promise<BookingSetup> {
    return this.db.transaction(async (manager) => {
      await this.get(scope, manager);
      const origins = change.allowed_origins ? [...new Set(change.allowed_origins.map((origin) => origin.toLowerCase()))] : null;
      await manager.query(
        `UPDATE booking_store SET enabled = coalesce($3, enabled), allowed_origins = coalesce($4::text[], allowed_origins),
           min_notice_minutes = coalesce($5, min_notice_minutes), horizon_days = coalesce($6, horizon_days),
           buffer_minutes = coalesce($7, buffer_minutes), slot_step_minutes = coalesce($8, slot_step_minutes),
           public_id = CASE WHEN $9 THEN $10 ELSE public_id END
         WHERE store_id = $1 AND orga_id = $2`,
        [
          scope.storeId,
          scope.orgaId,
          change.enabled ?? null,
          origins,
          change.min_notice_minutes ?? null,
          change.horizon_days ?? null,
          change.buffer_minutes ?? null,
          change.slot_step_minutes ?? null,
          newId,
          newPublicId(),
        ],
      );
      return this.get(scope, manager);
    });
  }
}
