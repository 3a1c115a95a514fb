import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  appointmentCreatedEvent,
  appointmentStatusEvent,
  appointmentUpdatedEvent,
  type RpcResponse,
  type undoAppointmentChangeRpc,
} from '@pawline/contracts';
import { holdsTime } from '@pawline/domain';
import { RpcError, type StoreScope } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { AppointmentCapacity, type Refused } from './appointment-capacity';
import { capacityWrite } from './appointment-commands';
import { AppointmentQueries } from './appointment-queries';
import type { AppointmentRow } from './appointment-rows';
import { AppointmentStore } from './appointment-store';
import { changeToUndo, type ChangeImage, type ChangeKind, type ChangeRow } from './change-log';
import { passMainRole } from './recurring-groups';

type Undone = RpcResponse<typeof undoAppointmentChangeRpc>;

/** The columns each kind of change wrote: what its undo writes back, and what must still read as it left them. */
const COLUMNS: Record<Exclude<ChangeKind, 'delete'>, readonly (keyof AppointmentRow)[]> = {
  move: ['user_id', 'local_date', 'hour', 'min', 'sec', 'starts_at', 'ends_at'],
  resize: ['duration', 'ends_at'],
  update: [
    'user_id',
    'local_date',
    'hour',
    'min',
    'sec',
    'starts_at',
    'ends_at',
    'duration',
    'color',
    'timed',
    'full_day',
    'app_name',
    'notes',
    'discount',
    'price',
  ],
  status: ['status'],
};

/** A column as the change log (JSON) and a row (pg) both give it: instants compared as instants. */
const comparable = (value: unknown) => {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return Date.parse(value);
  return value ?? null;
};
const same = (a: unknown, b: unknown) => comparable(a) === comparable(b);

const petsOf = (image: ChangeImage, id: string) => image.pets.filter((pet) => pet.appointment_id === id).map((pet) => pet.pet_id);

/**
 * ADR 0043: undoing a change through the server, so every device shows it by the ordinary events. A move, resize,
 * edit or status writes the rows back as they were, if nothing changed them since; a delete books the rows again
 * under new ids (the services that keep copies hold a deleted id as deleted for good). The old time must still be
 * free by the capacity rule, unless the caller books anyway.
 */
@Injectable()
export class AppointmentUndoService {
  constructor(
    private readonly store: AppointmentStore,
    private readonly queries: AppointmentQueries,
    private readonly capacity: AppointmentCapacity,
  ) {}

  async undo(scope: StoreScope, changeId: string, allowConflict = false): Promise<Undone | Refused> {
    return this.capacity.transaction(scope, [], async (manager) => {
      const change = await changeToUndo(manager, scope, changeId);
      if (!change) throw new RpcError('not_found');
      const answer =
        change.kind === 'delete'
          ? await this.restore(manager, scope, change, allowConflict)
          : await this.revert(manager, scope, change, allowConflict);
      await manager.query(`UPDATE appointment_change SET undone_at = now() WHERE id = $1`, [change.id]);
      return answer;
    });
  }

  /** Writes back what a move, resize, edit or status changed; refused (conflict) when the rows changed since. */
  private async revert(manager: EntityManager, scope: StoreScope, change: ChangeRow, allowConflict: boolean): Promise<Undone> {
    const kind = change.kind as Exclude<ChangeKind, 'delete'>;
    const ids = change.before.rows.map((row) => row.id);
    await manager.query(`SELECT 1 FROM appointment WHERE id = ANY($1::uuid[]) FOR UPDATE`, [ids]);
    const now = await this.store.rowsById(manager, ids);
    const left = new Map(change.after.rows.map((row) => [row.id, row]));
    const unchanged =
      now.length === ids.length && now.every((row) => COLUMNS[kind].every((column) => same(row[column], left.get(row.id)?.[column])));
    if (!unchanged) throw new RpcError('conflict');
    const takesTime =
      kind !== 'status' || change.before.rows.some((row) => holdsTime(row.status) && !holdsTime(left.get(row.id)?.status ?? 0));
    if (takesTime) {
      const writes = change.before.rows
        .filter((row) => holdsTime(row.status))
        .map((row) =>
          capacityWrite({ ...row, starts_at: new Date(row.starts_at), ends_at: new Date(row.ends_at) }, petsOf(change.before, row.id)),
        );
      await this.capacity.refuse(manager, scope, writes, ids, allowConflict);
    }
    for (const row of change.before.rows) {
      const columns = COLUMNS[kind];
      const set = columns.map((column, index) => `${column} = $${index + 2}`).join(', ');
      await manager.query(`UPDATE appointment SET ${set}, updated_at = now() WHERE id = $1`, [
        row.id,
        ...columns.map((column) => row[column]),
      ]);
      if (columns.includes('starts_at'))
        await manager.query(`UPDATE appointment_pet SET starts_at = $2 WHERE appointment_id = $1`, [row.id, row.starts_at]);
    }
    if (kind === 'update') {
      await manager.query(`DELETE FROM appointment_treatment WHERE appointment_id = ANY($1::uuid[])`, [ids]);
      await manager.query(`DELETE FROM appointment_pet WHERE appointment_id = ANY($1::uuid[])`, [ids]);
      await this.store.insertTreatments(manager, change.before.treatments);
      await this.store.insertPets(manager, change.before.pets);
    }
    await this.restoreGroup(manager, change.before, change.before.rows);
    const rows = await this.store.rowsById(manager, ids);
    const target = rows.find((row) => row.id === change.target_id) ?? rows[0];
    if (!target) throw new RpcError('not_found');
    if (kind === 'status') {
      const previous = left.get(target.id)?.status;
      await this.store.publish(
        manager,
        appointmentStatusEvent,
        target,
        ids,
        scope.meta,
        previous === undefined ? {} : { previous_status: previous },
      );
    } else await this.store.publish(manager, appointmentUpdatedEvent, target, ids, scope.meta);
    return { ...(await this.queries.withRelations(rows, manager)), kind, restored: [] };
  }

  /** Books the deleted rows again, under new ids, with their treatments, pets and group as they were. */
  private async restore(manager: EntityManager, scope: StoreScope, change: ChangeRow, allowConflict: boolean): Promise<Undone> {
    const { before } = change;
    const fresh = new Map(before.rows.map((row) => [row.id, randomUUID()]));
    const writes = before.rows
      .filter((row) => holdsTime(row.status))
      .map((row) => capacityWrite({ ...row, starts_at: new Date(row.starts_at), ends_at: new Date(row.ends_at) }, petsOf(before, row.id)));
    await this.capacity.refuse(manager, scope, writes, [], allowConflict);
    const newId = (id: string) => fresh.get(id) ?? id;
    const rows = before.rows.map((row) => ({
      ...row,
      id: newId(row.id),
      starts_at: new Date(row.starts_at),
      ends_at: new Date(row.ends_at),
      // a group that passed its main role on keeps it; the role comes back below
      recurring_group_main: false,
    }));
    await this.store.insert(manager, rows);
    for (const row of rows)
      await manager.query(
        `UPDATE appointment SET status = $2, final_price = $3, total = $4, checked_out = $5, cashed_in = $6, discount_percent = $7 WHERE id = $1`,
        [row.id, row.status, row.final_price, row.total, row.checked_out, row.cashed_in, row.discount_percent],
      );
    await this.store.insertTreatments(
      manager,
      before.treatments.map((t) => ({ ...t, appointment_id: newId(t.appointment_id) })),
    );
    await this.store.insertPets(
      manager,
      before.pets.map((p) => ({ ...p, appointment_id: newId(p.appointment_id) })),
    );
    await this.restoreGroup(manager, before, rows, newId);
    const ids = rows.map((row) => row.id);
    const written = await this.store.rowsById(manager, ids);
    const main = written.find((row) => row.recurring_group_main) ?? written[0];
    if (!main) throw new RpcError('not_found');
    await this.store.publish(manager, appointmentCreatedEvent, main, ids, scope.meta);
    const restored = [...fresh].map(([from, to]) => ({ from, to }));
    return { ...(await this.queries.withRelations(written, manager)), kind: 'delete', restored };
  }

  /** The group's ends and main member as the change found them (a split or a deletion moved them). */
  private async restoreGroup(
    manager: EntityManager,
    image: ChangeImage,
    rows: readonly Pick<AppointmentRow, 'id' | 'recurring_group_id'>[],
    newId: (id: string) => string = (id) => id,
  ): Promise<void> {
    const group = image.group;
    if (!group) return;
    const members = new Set(rows.map((row) => row.id));
    // rows a split moved to a new group return to the old one
    await manager.query(`UPDATE appointment SET recurring_group_id = $2 WHERE id = ANY($1::uuid[])`, [[...members], group.id]);
    for (const end of group.ends)
      await manager.query(`UPDATE appointment SET recurring_end = $3 WHERE id = $1 AND recurring_group_id = $2`, [
        newId(end.id),
        group.id,
        end.recurring_end,
      ]);
    if (group.main) {
      await manager.query(`UPDATE appointment SET recurring_group_main = (id = $2) WHERE recurring_group_id = $1`, [
        group.id,
        newId(group.main),
      ]);
    }
    await passMainRole(manager, group.id);
  }
}
