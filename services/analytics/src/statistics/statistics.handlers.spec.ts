import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { CheckedMember } from '@pawline/contracts';
import { AccessService, KitRpcContext, MemberAccessGuard, RpcError, type NatsRpcClient } from '@pawline/nest-kit';
import { StatisticsHandlers, orgaTimeZone } from './statistics.handlers';
import type { StatisticsService } from './statistics.service';

const ORGA = '11111111-1111-4111-8111-111111111111';
const STORE = '55555555-5555-4555-8555-555555555555';
const OTHER_STORE = '66666666-6666-4666-8666-666666666666';
const USER = '22222222-2222-4222-8222-222222222222';
const auth = { userId: USER, sessionId: '33333333-3333-4333-8333-333333333333', deviceId: null };

/** The membership the gateway carried (spec §6 ranks: 0 owner, 1 admin, 3 worker); tier 0 trial, 2 a plan without statistics. */
function member(orgaRank: number, tier = 0, storeOverrides: Record<string, number> = {}): CheckedMember {
  return {
    user_id: USER,
    orga_id: ORGA,
    member: true,
    active: true,
    orga_rank: orgaRank,
    employee_status: 1,
    store_overrides: storeOverrides,
    store_ids: [STORE, OTHER_STORE],
    min_ranks: { read_store: 3, write_store: 2, read_pets: 3, write_pets: 3 },
    tier,
    share_pets: false,
    store_time_zones: { [STORE]: 'Europe/Rome', [OTHER_STORE]: 'Europe/Rome' },
  };
}

function setup() {
  const asked: string[] = [];
  const statistics = {
    salon: async (storeId: string, _q: unknown, timeZone: string) => (asked.push(`salon ${storeId} ${timeZone}`), { ok: true }),
    customers: async (storeId: string, _q: unknown, timeZone: string) => (asked.push(`customers ${storeId} ${timeZone}`), { ok: true }),
    orga: async (orgaId: string, _q: unknown, timeZone: string) => (asked.push(`orga ${orgaId} ${timeZone}`), { ok: true }),
  } as unknown as StatisticsService;
  const handlers = new StatisticsHandlers(statistics);
  const rpc = {
    call: async () => {
      throw new RpcError('not_found');
    },
  } as unknown as NatsRpcClient;
  const guard = new MemberAccessGuard(new Reflector(), new AccessService(rpc));

  async function handle(method: 'salon' | 'customers' | 'orga', input: Record<string, unknown>, carried: CheckedMember) {
    const ctx = new KitRpcContext(`rpc.analytics.${method}`, auth, 'en', carried);
    const context = {
      getHandler: () => StatisticsHandlers.prototype[method],
      getClass: () => StatisticsHandlers,
      switchToRpc: () => ({ getData: () => input, getContext: () => ctx }),
    } as unknown as ExecutionContext;
    await guard.canActivate(context);
    return (handlers[method] as (input: unknown, ctx: KitRpcContext) => Promise<unknown>).call(handlers, input, ctx);
  }
  return { handle, asked };
}

const storeInput = { orga_id: ORGA, store_id: STORE, period: '30d', bucket: 'day' };

describe('analytics statistics handlers (with the kit access guard)', () => {
  it('R6.06 R2.02 shows store statistics to store administrators, in the store time zone, and refuses workers', async () => {
    const admin = setup();
    await expect(admin.handle('salon', storeInput, member(1))).resolves.toEqual({ ok: true });
    await expect(admin.handle('customers', storeInput, member(1))).resolves.toEqual({ ok: true });
    expect(admin.asked).toEqual([`salon ${STORE} Europe/Rome`, `customers ${STORE} Europe/Rome`]);
    const worker = setup();
    await expect(worker.handle('salon', storeInput, member(3))).rejects.toMatchObject({ code: 'forbidden' });
    await expect(worker.handle('customers', storeInput, member(3))).rejects.toMatchObject({ code: 'forbidden' });
    // an administrator of this store only (store override rank 1) sees it
    const storeAdmin = setup();
    await expect(storeAdmin.handle('salon', storeInput, member(3, 0, { [STORE]: 1 }))).resolves.toEqual({ ok: true });
    expect(worker.asked).toEqual([]);
  });

  it("R2.02 shows the organization's statistics to organization administrators only", async () => {
    const owner = setup();
    await expect(owner.handle('orga', { orga_id: ORGA, period: '12m', bucket: 'month' }, member(0))).resolves.toEqual({ ok: true });
    expect(owner.asked).toEqual([`orga ${ORGA} Europe/Rome`]);
    const storeAdmin = setup();
    await expect(
      storeAdmin.handle('orga', { orga_id: ORGA, period: '12m', bucket: 'month' }, member(3, 0, { [STORE]: 1 })),
    ).rejects.toMatchObject({
      code: 'forbidden',
    });
  });

  it('R1.20 salon and customer statistics need a plan with them (the trial, tier 0, has them; tier 2 does not)', async () => {
    const basic = setup();
    await expect(basic.handle('salon', storeInput, member(1, 2))).rejects.toMatchObject({ code: 'plan_required' });
    await expect(basic.handle('customers', storeInput, member(1, 2))).rejects.toMatchObject({ code: 'plan_required' });
    await expect(basic.handle('orga', { orga_id: ORGA, period: '7d', bucket: 'day' }, member(0, 2))).rejects.toMatchObject({
      code: 'plan_required',
    });
    expect(basic.asked).toEqual([]);
  });

  it('takes the organization calendar from its stores when they share a time zone, else UTC', () => {
    expect(orgaTimeZone({ a: 'Europe/Rome', b: 'Europe/Rome' })).toBe('Europe/Rome');
    expect(orgaTimeZone({ a: 'Europe/Rome', b: 'Europe/London' })).toBe('UTC');
    expect(orgaTimeZone({})).toBe('UTC');
  });
});
