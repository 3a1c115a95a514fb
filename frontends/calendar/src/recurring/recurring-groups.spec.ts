import { appointmentOf } from '../test-support/appointments';
import { recurringGroupsOf } from './recurring-groups';

describe('recurring groups', () => {
  it('R3.07 R4.11 one entry per group with its main member and the next date from today', () => {
    const g = '30000000-0000-4000-8000-000000000001';
    const list = {
      items: [
        appointmentOf({
          id: 'm',
          date: '2026-11-04',
          recurring_group_id: g,
          recurring_group_main: true,
          recurring_data: { unit: 'week', every: 1, count: null },
        }),
        appointmentOf({ id: 'b', date: '2026-11-25', recurring_group_id: g }),
        appointmentOf({ id: 'a', date: '2026-11-18', recurring_group_id: g }),
        appointmentOf({ id: 'single', date: '2026-11-20' }),
      ],
      treatments: [],
      pets: [],
    };
    const groups = recurringGroupsOf(list, '2026-11-15');
    expect(groups).toHaveLength(1);
    expect(groups[0]?.main.id).toBe('m');
    expect(groups[0]?.next?.id).toBe('a');
    expect(groups[0]?.members.map((a) => a.id)).toEqual(['m', 'a', 'b']);
  });
});
