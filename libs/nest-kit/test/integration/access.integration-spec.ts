import { Controller, Module } from '@nestjs/common';
import { defineRpc, memberAccessRpc, type CheckedMember, type MemberAccess, type RpcRequest } from '@pawline/contracts';
import { z } from 'zod';
import { OrgaAdmin, RpcHandler, scopeOf, StoreRead, storeScopeOf, type RpcCallContext, type ServiceDefinition } from '../../src';
import { createTestEnv, type TestEnv } from '../../src/testing';

const ORGA = '0b7c2d1e-3f4a-4b5c-8d6e-7f8091a2b3c4';
const STORE = '1c8d3e2f-4a5b-4c6d-9e7f-8091a2b3c4d5';
const USER = '2d9e4f3a-5b6c-4d7e-8f90-91a2b3c4d5e6';
const auth = { userId: USER, sessionId: '3eaf5a4b-6c7d-4e8f-9a01-a2b3c4d5e6f7', deviceId: null };

const weekRpc = defineRpc(
  'rpc.accessfx.week.read',
  z.object({ orga_id: z.string().uuid(), store_id: z.string().uuid() }),
  z.object({ time_zone: z.string(), store_filter: z.string().nullable() }),
);
const settingsRpc = defineRpc('rpc.accessfx.settings.update', z.object({ orga_id: z.string().uuid() }), z.object({ orga_id: z.string() }));

const membership = (over: Partial<MemberAccess> = {}): MemberAccess => ({
  member: true,
  active: true,
  orga_rank: 3,
  employee_status: 1,
  store_overrides: {},
  store_ids: [STORE],
  min_ranks: { read_store: 3, write_store: 3, read_pets: 3, write_pets: 3 },
  tier: 1,
  share_pets: false,
  store_time_zones: { [STORE]: 'Europe/Berlin' },
  ...over,
});

/** Stands in for identity: answers what the test says, and counts the lookups. */
const identity = { answer: membership(), lookups: 0 };

@Controller()
class AccessFixtureHandlers {
  @RpcHandler(memberAccessRpc)
  access(): MemberAccess {
    identity.lookups += 1;
    return identity.answer;
  }

  @StoreRead()
  @RpcHandler(weekRpc)
  week(_input: RpcRequest<typeof weekRpc>, ctx: RpcCallContext): { time_zone: string; store_filter: string | null } {
    const scope = storeScopeOf(ctx);
    return { time_zone: scope.timeZone, store_filter: scope.storeFilter };
  }

  @OrgaAdmin()
  @RpcHandler(settingsRpc)
  settings(_input: RpcRequest<typeof settingsRpc>, ctx: RpcCallContext): { orga_id: string } {
    return { orga_id: scopeOf(ctx).orgaId };
  }
}

@Module({ controllers: [AccessFixtureHandlers] })
class AccessFixtureModule {}

const accessFixture: ServiceDefinition = { name: 'accessfx', module: AccessFixtureModule, database: false };

describe("the kit's access guard on RPC handlers (real NATS)", () => {
  let env: TestEnv;
  const week = { orga_id: ORGA, store_id: STORE };
  const carried = (over: Partial<MemberAccess> = {}): CheckedMember => ({ ...membership(over), user_id: USER, orga_id: ORGA });

  beforeAll(async () => {
    env = await createTestEnv();
    await env.start(accessFixture);
  }, 60_000);

  afterAll(async () => {
    await env?.dispose();
  }, 60_000);

  beforeEach(() => {
    identity.answer = membership();
    identity.lookups = 0;
  });

  it('R6.03 uses the membership the gateway carried, without asking identity, and hands the store scope to the handler', async () => {
    const client = env.rpcClient();
    await expect(client.call(weekRpc, week, { auth, lang: 'en', member: carried() })).resolves.toEqual({
      time_zone: 'Europe/Berlin',
      store_filter: STORE,
    });
    await expect(client.call(weekRpc, week, { auth, lang: 'en', member: carried({ orga_rank: 4 }) })).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(client.call(settingsRpc, { orga_id: ORGA }, { auth, lang: 'en', member: carried() })).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(client.call(settingsRpc, { orga_id: ORGA }, { auth, lang: 'en', member: carried({ orga_rank: 1 }) })).resolves.toEqual({
      orga_id: ORGA,
    });
    expect(identity.lookups).toBe(0);
  });

  it('a call without a carried membership (service to service) asks identity every time: a change is seen by the next call', async () => {
    const client = env.rpcClient();
    await expect(client.call(weekRpc, week, { auth, lang: 'en' })).resolves.toMatchObject({ time_zone: 'Europe/Berlin' });
    identity.answer = membership({ active: false });
    await expect(client.call(weekRpc, week, { auth, lang: 'en' })).rejects.toMatchObject({ code: 'forbidden' });
    expect(identity.lookups).toBe(2);
  });

  it('a carried membership of another organization or user is not used; no caller is unauthorized', async () => {
    const client = env.rpcClient();
    const elsewhere = { ...carried(), orga_id: '4fb06b5c-7d8e-4f90-8b12-b3c4d5e6f708' };
    identity.answer = membership({ store_ids: [] });
    await expect(client.call(weekRpc, week, { auth, lang: 'en', member: elsewhere })).rejects.toMatchObject({ code: 'forbidden' });
    expect(identity.lookups).toBe(1);
    await expect(client.call(weekRpc, week, { auth: null, lang: 'en' })).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('an id field that is not there is left to the contract schema: validation_failed, not a lookup', async () => {
    await expect(env.rpcClient().call(weekRpc, { orga_id: ORGA } as never, { auth, lang: 'en' })).rejects.toMatchObject({
      code: 'validation_failed',
      fields: { store_id: expect.any(String) },
    });
    expect(identity.lookups).toBe(0);
  });
});
