import type { Appointment, AppointmentList } from '@pawline/contracts';

export type RecurringGroup = {
  groupId: string;
  /** the main member when it is in the range, else the earliest one */
  main: Appointment;
  next: Appointment | null;
  members: Appointment[];
};

/** The recurring groups of a list (R3.07, R4.11): one entry per group, its next member from `today`. */
export function recurringGroupsOf(list: AppointmentList, today: string): RecurringGroup[] {
  const groups = new Map<string, Appointment[]>();
  for (const a of list.items) {
    if (!a.recurring_group_id) continue;
    groups.set(a.recurring_group_id, [...(groups.get(a.recurring_group_id) ?? []), a]);
  }
  const order = (a: Appointment) => `${a.date} ${String(a.hour).padStart(2, '0')}:${String(a.min).padStart(2, '0')}`;
  return [...groups.entries()]
    .map(([groupId, members]) => {
      const sorted = [...members].sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
      const main = sorted.find((a) => a.recurring_group_main) ?? sorted[0];
      return { groupId, main, next: sorted.find((a) => a.date >= today) ?? null, members: sorted };
    })
    .sort((a, b) => (order(a.next ?? a.main) < order(b.next ?? b.main) ? -1 : 1));
}
