import { randomUUID } from 'node:crypto';
import { UNDO_WINDOW_MINUTES } from '@pawline/contracts';
import type { StoreScope } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import type { AppointmentRow } from './appointment-rows';

// ADR 0043: a change of appointments keeps what it changed, before and after, for UNDO_WINDOW_MINUTES.

export type ChangeKind = 'update' | 'move' | 'resize' | 'delete' | 'status';

/** The rows a change touched and what hangs on them: their treatments and pets, and their group's ends and main. */
export type ChangeImage = {
  rows: AppointmentRow[];
  treatments: { appointment_id: string; treatment_id: string; name: string }[];
  pets: { appointment_id: string; pet_id: string }[];
  group: { id: string; ends: { id: string; recurring_end: string | null }[]; main: string | null } | null;
};

export type ChangeRow = {
  id: string;
  kind: ChangeKind;
  target_id: string;
  before: ChangeImage;
  after: ChangeImage;
  undone_at: Date | null;
};

/** The image of `ids` now: rows, relations, and the whole group's ends and main member when they belong to one. */
export async function imageOf(manager: EntityManager, rows: AppointmentRow[]): Promise<ChangeImage> {
  const ids = rows.map((row) => row.id);
  const [treatments, pets] = await Promise.all([
    manager.query<ChangeImage['treatments']>(
      `SELECT appointment_id, treatment_id, name FROM appointment_treatment WHERE appointment_id = ANY($1::uuid[]) ORDER BY appointment_id, name`,
      [ids],
    ),
    manager.query<ChangeImage['pets']>(
      `SELECT appointment_id, pet_id FROM appointment_pet WHERE appointment_id = ANY($1::uuid[]) ORDER BY appointment_id, pet_id`,
      [ids],
    ),
  ]);
  const groupId = rows.find((row) => row.recurring_group_id !== null)?.recurring_group_id ?? null;
  if (!groupId) return { rows, treatments, pets, group: null };
  const members = await manager.query<{ id: string; recurring_end: string | null; recurring_group_main: boolean }[]>(
    `SELECT id, recurring_end::text AS recurring_end, recurring_group_main FROM appointment WHERE recurring_group_id = $1 ORDER BY id`,
    [groupId],
  );
  return {
    rows,
    treatments,
    pets,
    group: {
      id: groupId,
      ends: members.map(({ id, recurring_end }) => ({ id, recurring_end })),
      main: members.find((member) => member.recurring_group_main)?.id ?? null,
    },
  };
}

/** Keeps a change for undoing it; changes older than the window go, a hundred at a time. */
export async function recordChange(
  manager: EntityManager,
  scope: Pick<StoreScope, 'orgaId' | 'storeId'>,
  kind: ChangeKind,
  targetId: string,
  before: ChangeImage,
  after: ChangeImage,
): Promise<string> {
  const id = randomUUID();
  await manager.query(
    `INSERT INTO appointment_change (id, orga_id, store_id, kind, target_id, before, after) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
    [id, scope.orgaId, scope.storeId, kind, targetId, JSON.stringify(before), JSON.stringify(after)],
  );
  await manager.query(
    `DELETE FROM appointment_change WHERE id IN (
       SELECT id FROM appointment_change WHERE made_at < now() - make_interval(mins => $1) LIMIT 100)`,
    [UNDO_WINDOW_MINUTES],
  );
  return id;
}

/** A change of the store still within the window and not undone, locked; null otherwise. */
export async function changeToUndo(
  manager: EntityManager,
  scope: Pick<StoreScope, 'orgaId' | 'storeId'>,
  changeId: string,
): Promise<ChangeRow | null> {
  const [row] = await manager.query<ChangeRow[]>(
    `SELECT id, kind, target_id, before, after, undone_at FROM appointment_change
      WHERE id = $1 AND orga_id = $2 AND store_id = $3 AND undone_at IS NULL AND made_at >= now() - make_interval(mins => $4)
      FOR UPDATE`,
    [changeId, scope.orgaId, scope.storeId, UNDO_WINDOW_MINUTES],
  );
  return row ?? null;
}
