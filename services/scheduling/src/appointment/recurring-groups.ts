import { randomUUID } from 'node:crypto';
import type { RecurringScope } from '@pawline/contracts';
import { addDays, formatLocalDate, parseLocalDate } from '@pawline/domain';
import type { EntityManager } from 'typeorm';
import type { AppointmentRow } from './appointment-rows';

// Recurring groups (R3.07, R4.11): how a change of "this and the following" or a deletion keeps a group whole.

const dayBefore = (date: string) => formatLocalDate(addDays(parseLocalDate(date), -1));

/**
 * "This and the following" of a group that started earlier splits it: the target becomes the main
 * member of a new group, and the earlier members' group ends the day before.
 */
export async function splitIfFollowing(
  manager: EntityManager,
  target: AppointmentRow,
  rows: AppointmentRow[],
  recurringScope: RecurringScope,
): Promise<void> {
  if (recurringScope !== 'following' || target.recurring_group_id === null || target.recurring_group_main) return;
  const earlier: { n: number }[] = await manager.query(
    `SELECT count(*)::int AS n FROM appointment WHERE recurring_group_id = $1 AND local_date < $2`,
    [target.recurring_group_id, target.local_date],
  );
  if ((earlier[0]?.n ?? 0) === 0) return;
  const newGroup = randomUUID();
  await manager.query(`UPDATE appointment SET recurring_end = $3 WHERE recurring_group_id = $1 AND local_date < $2`, [
    target.recurring_group_id,
    target.local_date,
    dayBefore(target.local_date),
  ]);
  await manager.query(`UPDATE appointment SET recurring_group_id = $2, recurring_group_main = (id = $3) WHERE id = ANY($1::uuid[])`, [
    rows.map((r) => r.id),
    newGroup,
    target.id,
  ]);
  for (const row of rows) {
    row.recurring_group_id = newGroup;
    row.recurring_group_main = row.id === target.id;
  }
}

/**
 * After members of a group were deleted: "this and the following" ends the group the day before the target,
 * and a group that lost its main member passes the role to the earliest member left.
 */
export async function closeGroupAfterDelete(manager: EntityManager, target: AppointmentRow, recurringScope: RecurringScope): Promise<void> {
  if (target.recurring_group_id === null) return;
  if (recurringScope === 'following') {
    await manager.query(`UPDATE appointment SET recurring_end = $2 WHERE recurring_group_id = $1`, [
      target.recurring_group_id,
      dayBefore(target.local_date),
    ]);
  }
  await passMainRole(manager, target.recurring_group_id);
}

/** The earliest member of a group without a main member becomes it. */
export async function passMainRole(manager: EntityManager, groupId: string): Promise<void> {
  await manager.query(
    `UPDATE appointment SET recurring_group_main = true WHERE id = (
       SELECT id FROM appointment WHERE recurring_group_id = $1 ORDER BY local_date, id LIMIT 1)
     AND NOT EXISTS (SELECT 1 FROM appointment WHERE recurring_group_id = $1 AND recurring_group_main)`,
    [groupId],
  );
}
