import { organizationOf, organizationUserOf, type Organization } from '@pawline/api-client';

// The shell's subscription tests: a salon whose trial ends on 16 November 2026 at 10:00 UTC, with an
// owner, an administrator and an employee (rank 3).
export const DAY = 86_400_000;
export const until = Date.parse('2026-11-16T10:00:00.000Z');

export function salon(more: Partial<Organization> = {}): Organization {
  return organizationOf({
    id: 'o1',
    name: 'Salon',
    tier: 0,
    created_at: '2026-11-01T10:00:00.000Z',
    subscribed_since: null,
    subscribed_until: new Date(until).toISOString(),
    users: [
      organizationUserOf({ id: 'm0', user_id: 'owner', orga_rank: 0, store_override: {}, employee_status: 1 }),
      organizationUserOf({ id: 'm1', user_id: 'admin', orga_rank: 1, store_override: {}, employee_status: 1 }),
      organizationUserOf({ id: 'm2', user_id: 'lia', orga_rank: 3, store_override: {}, employee_status: 1 }),
    ],
    ...more,
  });
}
