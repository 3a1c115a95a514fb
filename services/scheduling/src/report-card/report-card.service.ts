import { Injectable } from '@nestjs/common';
import type { ReportCard, RpcRequest, saveReportCardRpc } from '@pawline/contracts';
import { RpcError, type StoreScope } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';

type ReportCardRow = {
  appointment_id: string;
  pet_id: string;
  store_id: string;
  note: string;
  choice: ReportCard['choice'];
  local_date: string;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
};

const COLUMNS = `appointment_id, pet_id, store_id, note, choice, to_char(local_date, 'YYYY-MM-DD') AS local_date, created_by, created_at, updated_at`;

function toReportCard(row: ReportCardRow): ReportCard {
  return {
    appointment_id: row.appointment_id,
    pet_id: row.pet_id,
    store_id: row.store_id,
    note: row.note,
    choice: row.choice,
    local_date: row.local_date,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Issue 31 report cards: written for a pet of a checked-out appointment of the store, read back on the pet's history. */
@Injectable()
export class ReportCardService {
  constructor(private readonly db: DataSource) {}

  /** The appointment of the store with this pet on it (not_found otherwise, whatever the reason). */
  private async appointment(
    manager: EntityManager,
    scope: Pick<StoreScope, 'orgaId' | 'storeId'>,
    appointmentId: string,
    petId: string,
    lock: boolean,
  ): Promise<{ starts_at: Date; local_date: string; checked_out: boolean }> {
    const rows: { starts_at: Date; local_date: string; checked_out: boolean }[] = await manager.query(
      `SELECT a.starts_at, to_char(a.local_date, 'YYYY-MM-DD') AS local_date, a.checked_out
         FROM appointment a JOIN appointment_pet p ON p.appointment_id = a.id AND p.pet_id = $4
        WHERE a.id = $1 AND a.store_id = $2 AND a.orga_id = $3${lock ? ' FOR UPDATE OF a' : ''}`,
      [appointmentId, scope.storeId, scope.orgaId, petId],
    );
    if (!rows[0]) throw new RpcError('not_found');
    return rows[0];
  }

  /** Creates or replaces the card; only after check-out (R4.11), when the groomer knows how it went. */
  async save(scope: StoreScope, input: RpcRequest<typeof saveReportCardRpc>): Promise<ReportCard> {
    return this.db.transaction(async (manager) => {
      const appointment = await this.appointment(manager, scope, input.appointment_id, input.pet_id, true);
      if (!appointment.checked_out)
        throw new RpcError('validation_failed', { fields: { appointment_id: 'validation.reportCardBeforeCheckOut' } });
      const rows: ReportCardRow[] = await manager.query(
        `INSERT INTO report_card (appointment_id, pet_id, orga_id, store_id, starts_at, local_date, note, choice, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (appointment_id, pet_id) DO UPDATE SET note = EXCLUDED.note, choice = EXCLUDED.choice, updated_at = now()
         RETURNING ${COLUMNS}`,
        [
          input.appointment_id,
          input.pet_id,
          scope.orgaId,
          scope.storeId,
          appointment.starts_at,
          appointment.local_date,
          input.note,
          input.choice,
          scope.meta.actor?.userId ?? null,
        ],
      );
      return toReportCard(rows[0]);
    });
  }

  async get(scope: StoreScope, appointmentId: string, petId: string): Promise<ReportCard | null> {
    await this.appointment(this.db.manager, scope, appointmentId, petId, false);
    const rows: ReportCardRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM report_card WHERE appointment_id = $1 AND pet_id = $2 AND orga_id = $3`,
      [appointmentId, petId, scope.orgaId],
    );
    return rows[0] ? toReportCard(rows[0]) : null;
  }

  /**
   * The pet's last card in this store from an appointment before the given one (as the pet's history reads
   * appointments by store), or the last of all; a skipped card counts: its note is staff's, not the owner's.
   */
  async last(scope: StoreScope, petId: string, beforeAppointmentId: string | null): Promise<ReportCard | null> {
    let before: Date | null = null;
    if (beforeAppointmentId !== null)
      before = (await this.appointment(this.db.manager, scope, beforeAppointmentId, petId, false)).starts_at;
    const rows: ReportCardRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM report_card
        WHERE pet_id = $1 AND orga_id = $2 AND store_id = $3
          AND ($4::timestamptz IS NULL OR starts_at < $4) AND ($5::uuid IS NULL OR appointment_id <> $5)
        ORDER BY starts_at DESC, appointment_id DESC LIMIT 1`,
      [petId, scope.orgaId, scope.storeId, before, beforeAppointmentId],
    );
    return rows[0] ? toReportCard(rows[0]) : null;
  }
}
