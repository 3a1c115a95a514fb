import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { CheckedMember } from '@pawline/contracts';
import { AccessService, KitRpcContext, MemberAccessGuard, RpcError, type NatsRpcClient, type OrgaScope } from '@pawline/nest-kit';
import { NoteHandlers } from './note.handlers';
import type { NoteService } from './note.service';

const ORGA = '11111111-1111-4111-8111-111111111111';
const OTHER_ORGA = '44444444-4444-4444-8444-444444444444';
const USER = '22222222-2222-4222-8222-222222222222';
const auth = { userId: USER, sessionId: '33333333-3333-4333-8333-333333333333', deviceId: null };

/** The membership the gateway checked and carried in the envelope (spec §6 ranks: 1 admin, 3 worker). */
function member(orgaRank: number): CheckedMember {
  return {
    user_id: USER,
    orga_id: ORGA,
    member: true,
    active: true,
    orga_rank: orgaRank,
    employee_status: 1,
    store_overrides: {},
    store_ids: [],
    min_ranks: { read_store: 3, write_store: 2, read_pets: 3, write_pets: 3 },
    tier: 1,
    share_pets: false,
    store_time_zones: {},
  };
}

function setup() {
  const written: { scope: OrgaScope; text: string }[] = [];
  const notes = {
    list: async (orgaId: string) => [{ id: 'n1', orga_id: orgaId, text: 'Closed on Monday' }],
    create: async (scope: OrgaScope, text: string) => {
      written.push({ scope, text });
      return { id: 'n2', orga_id: scope.orgaId, text };
    },
  } as unknown as NoteService;
  const handlers = new NoteHandlers(notes);
  // a call without a carried membership of the organization asks identity, which knows no such member
  const rpc = {
    call: async () => {
      throw new RpcError('not_found');
    },
  } as unknown as NatsRpcClient;
  const guard = new MemberAccessGuard(new Reflector(), new AccessService(rpc));

  /** The handler as Nest runs it: the access guard of its decorators first, then the method. */
  async function handle<K extends 'list' | 'create'>(method: K, input: Parameters<NoteHandlers[K]>[0], carried: CheckedMember | undefined) {
    const ctx = new KitRpcContext(`rpc.note.${method}`, auth, 'en', carried);
    const context = {
      getHandler: () => NoteHandlers.prototype[method],
      getClass: () => NoteHandlers,
      switchToRpc: () => ({ getData: () => input, getContext: () => ctx }),
    } as unknown as ExecutionContext;
    await guard.canActivate(context);
    return (handlers[method] as (input: unknown, ctx: KitRpcContext) => ReturnType<NoteHandlers[K]>).call(handlers, input, ctx);
  }
  return { handle, written };
}

describe('webhooks note handlers (with the kit access guard)', () => {
  it('R6.05 lets a member list the notes', async () => {
    const { handle } = setup();
    await expect(handle('list', { orga_id: ORGA }, member(3))).resolves.toEqual([{ id: 'n1', orga_id: ORGA, text: 'Closed on Monday' }]);
  });

  it('R2.02 lets only an organization administrator write a note, with the outbox meta of the caller', async () => {
    const staff = setup();
    await expect(staff.handle('create', { orga_id: ORGA, text: 'New opening hours' }, member(3))).rejects.toMatchObject({
      code: 'forbidden',
    });
    expect(staff.written).toEqual([]);
    const admin = setup();
    await expect(admin.handle('create', { orga_id: ORGA, text: 'New opening hours' }, member(1))).resolves.toMatchObject({
      orga_id: ORGA,
      text: 'New opening hours',
    });
    expect(admin.written).toEqual([
      {
        scope: expect.objectContaining({ orgaId: ORGA, meta: { orgaId: ORGA, storeId: null, actor: { userId: USER, deviceId: null } } }),
        text: 'New opening hours',
      },
    ]);
  });

  it('R6.05 refuses another organization: its membership is not the carried one, and identity knows none', async () => {
    const { handle, written } = setup();
    await expect(handle('list', { orga_id: OTHER_ORGA }, member(1))).rejects.toMatchObject({ code: 'forbidden' });
    await expect(handle('create', { orga_id: OTHER_ORGA, text: 'x' }, member(1))).rejects.toMatchObject({ code: 'forbidden' });
    expect(written).toEqual([]);
  });
});
