import fc from 'fast-check';
import {
  RANKS,
  canReachStore,
  canReadPets,
  canReadStore,
  canWritePets,
  canWriteStore,
  effectiveRank,
  isOrgaAdmin,
  isOwner,
  isStoreAdmin,
  orgaMemberSchema,
  type MinRanks,
  type OrgaMember,
  minRanksOf,
  orgaMemberOf,
  readableStores,
  type OrganizationUserRanks,
} from '.';

const ranks = [0, 1, 2, 3, 4] as const;
const STORE_A = 'store-a';
const STORE_B = 'store-b';

function member(partial: Partial<OrgaMember>): OrgaMember {
  return { orga_rank: RANKS.worker, employee_status: 1, store_overrides: {}, active: true, ...partial };
}

type OverrideCase = { label: string; overrides: Record<string, number>; reachesA: boolean; rankInA: (orga: number) => number };
const overrideCases: OverrideCase[] = [
  { label: 'no overrides', overrides: {}, reachesA: true, rankInA: (orga) => orga },
  { label: 'override on A = 1', overrides: { [STORE_A]: 1 }, reachesA: true, rankInA: () => 1 },
  { label: 'override on A = 4', overrides: { [STORE_A]: 4 }, reachesA: true, rankInA: () => 4 },
  { label: 'override on B only', overrides: { [STORE_B]: 0 }, reachesA: false, rankInA: (orga) => orga },
];

describe('permissions', () => {
  it('R6.01 fixes the five ranks, lower is more power', () => {
    expect(RANKS).toEqual({ owner: 0, admin: 1, moderator: 2, worker: 3, worker2: 4 });
  });

  describe.each(overrideCases)('R6.01 effective rank with $label', ({ overrides, rankInA }) => {
    it.each(ranks)('R6.01 organization rank %i', (orgaRank) => {
      const m = member({ orga_rank: orgaRank, store_overrides: overrides });
      expect(effectiveRank(m, STORE_A)).toBe(rankInA(orgaRank));
      expect(effectiveRank(m)).toBe(orgaRank);
    });
  });

  it.each(ranks)('R6.02 owner only at organization rank 0 (rank %i)', (rank) => {
    expect(isOwner(member({ orga_rank: rank }))).toBe(rank === 0);
    expect(isOwner(member({ orga_rank: 3, store_overrides: { [STORE_A]: rank } }))).toBe(false);
  });

  it.each(ranks)('R6.02 organization admin at rank 1 or lower (rank %i)', (rank) => {
    expect(isOrgaAdmin(member({ orga_rank: rank }))).toBe(rank <= 1);
  });

  it.each(ranks)('R6.02 store admin by store override rank %i', (rank) => {
    const m = member({ orga_rank: RANKS.worker2, store_overrides: { [STORE_A]: rank } });
    expect(isStoreAdmin(m, STORE_A)).toBe(rank <= 1);
    expect(isStoreAdmin(m, STORE_B)).toBe(false);
    expect(isOrgaAdmin(m)).toBe(false);
  });

  it('R6.02 an organization admin without overrides is admin of every store', () => {
    expect(isStoreAdmin(member({ orga_rank: 1, employee_status: 0 }), STORE_A)).toBe(true);
  });

  it('R6.02 a deactivated user holds no rights', () => {
    const m = member({ orga_rank: 0, active: false });
    expect(isOwner(m)).toBe(false);
    expect(isOrgaAdmin(m)).toBe(false);
    expect(isStoreAdmin(m, STORE_A)).toBe(false);
    expect(canReachStore(m, STORE_A)).toBe(false);
  });

  it('R6.04 a user with overrides reaches only those stores', () => {
    const m = member({ store_overrides: { [STORE_A]: 3 } });
    expect(canReachStore(m, STORE_A)).toBe(true);
    expect(canReachStore(m, STORE_B)).toBe(false);
  });

  it('R6.04 without overrides employee_status 1 gives general access, other statuses none', () => {
    expect(canReachStore(member({ employee_status: 1 }), STORE_B)).toBe(true);
    expect(canReachStore(member({ employee_status: 0 }), STORE_B)).toBe(false);
    expect(canReachStore(member({ employee_status: 2 }), STORE_B)).toBe(false);
  });

  const checks = [
    ['read_store', canReadStore],
    ['write_store', canWriteStore],
    ['read_pets', canReadPets],
    ['write_pets', canWritePets],
  ] as const;

  const table: Array<[string, number, string, number]> = [];
  for (const [action] of checks) {
    for (const orgaRank of ranks) for (const oc of overrideCases) for (const min of ranks) table.push([action, orgaRank, oc.label, min]);
  }

  it.each(table)('R6.03 R6.04 %s: orga rank %i, %s, minimum %i', (action, orgaRank, label, min) => {
    const oc = overrideCases.find((c) => c.label === label) as OverrideCase;
    const check = checks.find(([a]) => a === action)?.[1] as (m: OrgaMember, s: string, r: MinRanks) => boolean;
    const minRanks: MinRanks = { read_store: 4, write_store: 4, read_pets: 4, write_pets: 4, [action]: min };
    const m = member({ orga_rank: orgaRank, store_overrides: oc.overrides });
    const expected = oc.reachesA && oc.rankInA(orgaRank) <= min;
    expect(check(m, STORE_A, minRanks)).toBe(expected);
  });

  it('R6.03 each action reads its own minimum', () => {
    const m = member({ orga_rank: 2 });
    const minRanks: MinRanks = { read_store: 2, write_store: 1, read_pets: 3, write_pets: 0 };
    expect(canReadStore(m, STORE_A, minRanks)).toBe(true);
    expect(canWriteStore(m, STORE_A, minRanks)).toBe(false);
    expect(canReadPets(m, STORE_A, minRanks)).toBe(true);
    expect(canWritePets(m, STORE_A, minRanks)).toBe(false);
  });

  it('R6.03 R6.04 property: access implies reach and a low enough effective rank', () => {
    const rank = fc.constantFrom(...ranks);
    fc.assert(
      fc.property(
        rank,
        fc.integer({ min: 0, max: 3 }),
        fc.dictionary(fc.constantFrom(STORE_A, STORE_B, 'store-c'), rank),
        rank,
        fc.boolean(),
        (orgaRank, status, overrides, min, active) => {
          const m = member({ orga_rank: orgaRank, employee_status: status, store_overrides: overrides, active });
          const minRanks: MinRanks = { read_store: min, write_store: min, read_pets: min, write_pets: min };
          const allowed = canWriteStore(m, STORE_A, minRanks);
          expect(allowed).toBe(canReachStore(m, STORE_A) && effectiveRank(m, STORE_A) <= min);
          if (allowed) expect(active).toBe(true);
          if (Object.keys(overrides).length > 0 && !(STORE_A in overrides)) expect(allowed).toBe(false);
        },
      ),
    );
  });

  it('parses an organization user from the API and rejects unknown ranks', () => {
    expect(orgaMemberSchema.parse({ orga_rank: 2, employee_status: 1, store_overrides: { s1: 1 }, active: true }).orga_rank).toBe(2);
    expect(orgaMemberSchema.safeParse({ orga_rank: 5, employee_status: 1, store_overrides: {}, active: true }).success).toBe(false);
  });
});

describe('a membership from the organization member list', () => {
  const orga = {
    users: [{ user_id: 'u1', orga_rank: 3, employee_status: 0, store_override: { s1: 1 }, active: true }, { user_id: 'u2' }],
    min_rank_read_store: 4,
    min_rank_write_store: 3,
    min_rank_read_pets: 4,
    min_rank_write_pets: 2,
  };

  it('R6.01 reads a member with their store overrides, and none for a user who is not a member', () => {
    const member = orgaMemberOf(orga, 'u1');
    expect(member).toEqual({ orga_rank: 3, employee_status: 0, store_overrides: { s1: 1 }, active: true });
    expect(member && isStoreAdmin(member, 's1')).toBe(true);
    expect(orgaMemberOf(orga, 'u3')).toBeNull();
    expect(orgaMemberOf(null, 'u1')).toBeNull();
  });

  it('takes the lowest rights for fields an older answer lacks: rank 4, general access, no overrides', () => {
    expect(orgaMemberOf(orga, 'u2')).toEqual({ orga_rank: 4, employee_status: 1, store_overrides: {}, active: true });
  });

  it("R6.03 reads the organization's minimum ranks", () => {
    expect(minRanksOf(orga)).toEqual({ read_store: 4, write_store: 3, read_pets: 4, write_pets: 2 });
    expect(canWriteStore(orgaMemberOf(orga, 'u1')!, 's1', minRanksOf(orga))).toBe(true);
  });

  it('R6.04 lists the stores a user may read: only the overridden ones, else every one with general access', () => {
    const stores = [{ id: 's1' }, { id: 's2' }];
    const users: OrganizationUserRanks[] = [
      ...orga.users,
      { user_id: 'u3', orga_rank: 3, employee_status: 1, store_override: {} },
      { user_id: 'u4', orga_rank: 3, employee_status: 0, store_override: {} },
      { user_id: 'u5', orga_rank: 3, employee_status: 1, store_override: { s2: 4 } },
    ];
    const ranked = {
      ...orga,
      min_rank_read_store: 3,
      stores,
      users,
    };
    expect(readableStores(ranked, 'u1')).toEqual([{ id: 's1' }]);
    expect(readableStores(ranked, 'u3')).toEqual(stores);
    expect(readableStores(ranked, 'u4')).toEqual([]);
    // s2 reached through the override, but its worker2 rank is below the minimum for reading
    expect(readableStores(ranked, 'u5')).toEqual([]);
    expect(readableStores({ ...ranked, min_rank_read_store: 4 }, 'u5')).toEqual([{ id: 's2' }]);
    expect(readableStores(ranked, 'stranger')).toEqual([]);
  });
});
