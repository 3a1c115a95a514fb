import { createAppointmentRpc, customerAttendanceRpc, updateAppointmentStatusRpc } from '@pawline/contracts';
import { addDays, formatLocalDate, noShowRiskOf, parseLocalDate } from '@pawline/domain';
import type { NatsRpcClient } from '@pawline/nest-kit';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { identityService } from '../../../identity/src/identity.service-definition';
import { schedulingService } from '../../src/scheduling.service-definition';
import { TEST_SECRET, call, failureOf, petOf, signUp, type Salon } from './scheduling-test-helpers';

jest.setTimeout(120_000);

/** Issue 30 the counts the no-show risk rule reads, over real NATS and Postgres (identity + scheduling). */
describe("a customer's attendance for the no-show risk", () => {
  let env: TestEnv;
  let client: NatsRpcClient;
  let anna: Salon;
  let jurgen: Salon;
  const pets = { fido: '', luna: '', rex: '' };
  const today = new Date().toISOString().slice(0, 10);
  const day = (offset: number) => formatLocalDate(addDays(parseLocalDate(today), offset));
  const scope = () => ({ orga_id: anna.orgaId, store_id: anna.storeId });

  const book = async (offset: number, petId: string, status = 0) => {
    const [item] = (
      await call(
        client,
        createAppointmentRpc,
        {
          ...scope(),
          appointment: { date: day(offset), hour: 10, min: 0, duration: 30, pet_ids: [petId] },
          recurring: null,
          allow_conflict: true,
        },
        anna.auth,
      )
    ).items;
    if (!item) throw new Error('nothing booked');
    if (status !== 0)
      await call(client, updateAppointmentStatusRpc, { ...scope(), appointment_id: item.id, status, allow_conflict: true }, anna.auth);
    return item.id;
  };
  const attendance = (petIds: string[], hours: number) =>
    call(client, customerAttendanceRpc, { ...scope(), pet_ids: petIds, cancellation_window_hours: hours }, anna.auth);

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(schedulingService);
    client = env.rpcClient();
    anna = await signUp(env, client, 'Anna');
    jurgen = await signUp(env, client, 'Jurgen');
    pets.fido = await petOf(env, anna);
    pets.luna = await petOf(env, anna);
    pets.rex = await petOf(env, anna);

    // Fido: an old visit and an old no-show, three visits kept, a fresh no-show, then a decline tomorrow (late for a
    // 48-hour window) and one in ten days (in time), and a visit ahead that is not kept yet
    await book(-400, pets.fido);
    await book(-300, pets.fido, 3);
    await book(-200, pets.fido);
    await book(-100, pets.fido);
    await book(-40, pets.fido);
    await book(-20, pets.fido, 3);
    await book(1, pets.fido, 2);
    await book(10, pets.fido, 2);
    await book(30, pets.fido);
    // Luna: one old no-show, then three visits kept
    await book(-300, pets.luna, 3);
    await book(-200, pets.luna);
    await book(-100, pets.luna);
    await book(-40, pets.luna);
    // Rex (another customer) did not come either: never counted for Fido
    await book(-10, pets.rex, 3);
  });

  afterAll(async () => {
    await env?.dispose();
  });

  it('counts no-shows, late cancellations, declines in time and kept visits, each overall and in the last six months', async () => {
    expect(await attendance([pets.fido], 48)).toEqual({
      no_shows: { total: 2, recent: 1 },
      late_cancellations: { total: 1, recent: 1 },
      declines: { total: 1, recent: 1 },
      kept: { total: 4, recent: 2 },
      kept_since_last_miss: 0,
    });
    expect(noShowRiskOf(await attendance([pets.fido], 48)).level).toBe('watch');
  });

  it("the store's window decides what is late: with none, a decline before the start is in time", async () => {
    expect(await attendance([pets.fido], 0)).toMatchObject({
      late_cancellations: { total: 0, recent: 0 },
      declines: { total: 2, recent: 2 },
    });
  });

  it('kept visits since the latest miss are counted, so an old no-show is forgiven', async () => {
    const luna = await attendance([pets.luna], 24);
    expect(luna).toMatchObject({ no_shows: { total: 1, recent: 0 }, kept: { total: 3, recent: 2 }, kept_since_last_miss: 3 });
    expect(noShowRiskOf(luna)).toEqual({ level: 'none', reasons: [], new_customer: false });
  });

  it('a customer of both pets is one history; no pets is a new customer; another organization is refused', async () => {
    expect((await attendance([pets.fido, pets.luna], 48)).no_shows).toEqual({ total: 3, recent: 1 });
    expect(noShowRiskOf(await attendance([], 24))).toEqual({ level: 'none', reasons: [], new_customer: true });
    const refused = await failureOf(
      client,
      customerAttendanceRpc,
      { ...scope(), pet_ids: [pets.fido], cancellation_window_hours: 24 },
      jurgen.auth,
    );
    expect(refused.code).toBe('forbidden');
  });
});
