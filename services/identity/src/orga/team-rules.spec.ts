import { activationRefusal, teamChangeRefusal, type TeamActor } from './team-rules';

const member = (orga_rank: number, active = true): TeamActor => ({ orga_rank, employee_status: 1, store_overrides: {}, active });
const ranks = [0, 1, 2, 3, 4];

describe('team rules (spec §6, R3.03)', () => {
  it('R6.02 R2.02 lets only organization administrators (rank 0 or 1, active) manage the team', () => {
    const table = ranks.map((rank) => [rank, teamChangeRefusal(member(rank), { orgaRank: 4 }, { orgaRank: 4, storeRanks: [] })]);
    expect(table).toEqual([
      [0, null],
      [1, null],
      [2, 'not_admin'],
      [3, 'not_admin'],
      [4, 'not_admin'],
    ]);
    expect(teamChangeRefusal(member(0, false), null, { orgaRank: 3, storeRanks: [] })).toBe('not_admin');
  });

  it('R6.02 only the owner makes an owner or changes one, also through a store override', () => {
    expect(teamChangeRefusal(member(0), null, { orgaRank: 0, storeRanks: [] })).toBeNull();
    expect(teamChangeRefusal(member(0), { orgaRank: 0 }, { orgaRank: 1, storeRanks: [] })).toBeNull();
    expect(teamChangeRefusal(member(1), null, { orgaRank: 0, storeRanks: [] })).toBe('owner_only');
    expect(teamChangeRefusal(member(1), { orgaRank: 0 }, { orgaRank: 0, storeRanks: [] })).toBe('owner_only');
    expect(teamChangeRefusal(member(1), { orgaRank: 0 }, null)).toBe('owner_only');
    expect(teamChangeRefusal(member(1), null, { orgaRank: 3, storeRanks: [0] })).toBe('owner_only');
  });

  it('R6.01 nobody grants a rank above their own, in the organization or in a store (table over ranks 0–4)', () => {
    for (const actorRank of [0, 1]) {
      for (const granted of ranks) {
        const expected = granted < actorRank ? (granted === 0 ? 'owner_only' : 'above_own_rank') : null;
        expect([actorRank, granted, teamChangeRefusal(member(actorRank), null, { orgaRank: granted, storeRanks: [] })]).toEqual([
          actorRank,
          granted,
          expected,
        ]);
        expect([actorRank, granted, teamChangeRefusal(member(actorRank), null, { orgaRank: 4, storeRanks: [granted] })]).toEqual([
          actorRank,
          granted,
          expected,
        ]);
      }
    }
  });

  it('R3.03 deactivation follows the same rules and nobody deactivates themselves', () => {
    expect(activationRefusal(member(1), 'admin', { orgaRank: 3, userId: 'worker' })).toBeNull();
    expect(activationRefusal(member(1), 'admin', { orgaRank: 0, userId: 'owner' })).toBe('owner_only');
    expect(activationRefusal(member(0), 'owner', { orgaRank: 0, userId: 'owner' })).toBe('self');
    expect(activationRefusal(member(3), 'worker', { orgaRank: 4, userId: 'other' })).toBe('not_admin');
    expect(activationRefusal(member(0), 'owner', { orgaRank: 1, userId: 'admin' })).toBeNull();
  });
});
