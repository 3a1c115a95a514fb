import { loginRpc, type Appointment } from '@pawline/contracts';
import { localDateOf } from '@pawline/domain';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { identityService } from '../../../identity/src/identity.service-definition';
import { gatewayService } from '../../../gateway/src/gateway.service-definition';
import { schedulingService } from '../../src/scheduling.service-definition';
import { TEST_SECRET, call, petOf, signUp, type Salon } from './scheduling-test-helpers';

jest.setTimeout(180_000);

type Answer = { status: number; body: Record<string, unknown> | null };

/**
 * Issue 31 report cards through the gateway over real NATS and Postgres: written only after check-out, one per
 * appointment and pet (two saves at once leave one card), the next appointment reads the last card's note, and
 * another organization neither reads nor writes them.
 */
describe('R4.11 report cards after check-out (identity, scheduling, gateway; real NATS and Postgres)', () => {
  let env: TestEnv;
  let base = '';
  let anna: Salon;
  let bruno: Salon;
  const tokens = { anna: '', bruno: '' };

  const storePath = (salon: Salon = anna) => `/api/v1/orga/${salon.orgaId}/store/${salon.storeId}`;
  const http = async (method: string, path: string, body?: unknown, options: { token?: string; lang?: string } = {}): Promise<Answer> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.token ?? tokens.anna}`,
        'accept-language': options.lang ?? 'en',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> | null };
  };
  const book = async (petId: string, date: string, hour: number): Promise<string> => {
    const made = await http('POST', `${storePath()}/appointment`, { appointment: { date, hour, min: 0, duration: 60, pet_ids: [petId] } });
    if (made.status !== 201) throw new Error(`booking answered ${made.status}: ${JSON.stringify(made.body)}`);
    return (made.body?.['items'] as Appointment[])[0]!.id;
  };
  const checkOut = async (id: string) => {
    const done = await http('PATCH', `${storePath()}/appointment/${id}/check_out`, { final_price: '40' });
    if (done.status !== 200) throw new Error(`check-out answered ${done.status}: ${JSON.stringify(done.body)}`);
  };
  const cardPath = (appointment: string, pet: string, salon: Salon = anna) =>
    `${storePath(salon)}/appointment/${appointment}/pet/${pet}/report_card`;
  const day = (offset: number) => localDateOf(Date.now() + offset * 86_400_000, 'Europe/Rome');

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(schedulingService);
    base = (await env.start(gatewayService, { httpPort: 0 })).httpUrl ?? '';
    const client = env.rpcClient();
    [anna, bruno] = await Promise.all([signUp(env, client, 'Anna'), signUp(env, client, 'Bruno')]);
    tokens.anna = (await call(client, loginRpc, { username: anna.email, password: anna.password }, null)).access_token;
    tokens.bruno = (await call(client, loginRpc, { username: bruno.email, password: bruno.password }, null)).access_token;
  });

  afterAll(async () => {
    await env?.dispose();
  });

  it("refuses a card before check-out, in the caller's language", async () => {
    const pet = await petOf(env, anna);
    const id = await book(pet, day(-1), 9);
    const early = await http('PUT', cardPath(id, pet), { note: 'Coat fine', choice: 'send' }, { lang: 'it' });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ code: 'validation_failed', fields: { appointment_id: 'validation.reportCardBeforeCheckOut' } });
    // the message in the caller's language; the field's key is translated by the dialog (libs/i18n validation)
    expect(early.body?.['message']).toBe('Alcuni campi non sono validi.');
    expect((await http('GET', cardPath(id, pet))).body).toBeNull();
  });

  it('keeps one card per appointment and pet when two saves arrive at once', async () => {
    const pet = await petOf(env, anna);
    const id = await book(pet, day(-2), 10);
    await checkOut(id);
    const answers = await Promise.all([
      http('PUT', cardPath(id, pet), { note: 'Matted behind the ears', choice: 'send' }),
      http('PUT', cardPath(id, pet), { note: 'Calm on the table', choice: 'later' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const rows = await env.query<{ note: string }>(`SELECT note FROM scheduling.report_card WHERE appointment_id = $1`, [id]);
    expect(rows).toHaveLength(1);
    const card = (await http('GET', cardPath(id, pet))).body;
    expect(card).toMatchObject({ appointment_id: id, pet_id: pet, note: rows[0]!.note, local_date: day(-2), created_by: anna.userId });
  });

  it("shows the next appointment the last earlier card's note, not its own", async () => {
    const pet = await petOf(env, anna);
    const first = await book(pet, day(-20), 9);
    const second = await book(pet, day(-5), 9);
    const next = await book(pet, day(3), 9);
    await checkOut(first);
    await checkOut(second);
    expect((await http('PUT', cardPath(first, pet), { note: 'Oatmeal shampoo', choice: 'skip' })).status).toBe(200);
    expect((await http('PUT', cardPath(second, pet), { note: 'Shorter on the paws next time', choice: 'send' })).status).toBe(200);
    const forNext = await http('GET', `${storePath()}/pet/${pet}/report_card/last/${next}`);
    expect(forNext.body).toMatchObject({ appointment_id: second, note: 'Shorter on the paws next time', choice: 'send' });
    const forSecond = await http('GET', `${storePath()}/pet/${pet}/report_card/last/${second}`);
    expect(forSecond.body).toMatchObject({ appointment_id: first, note: 'Oatmeal shampoo', choice: 'skip' });
    expect((await http('GET', `${storePath()}/pet/${pet}/report_card/last/${first}`)).body).toBeNull();
    expect((await http('GET', `${storePath()}/pet/${pet}/report_card/last/none`)).body).toMatchObject({ appointment_id: second });
  });

  it('refuses a pet that is not on the appointment and a note too long', async () => {
    const pet = await petOf(env, anna);
    const other = await petOf(env, anna);
    const id = await book(pet, day(-1), 14);
    await checkOut(id);
    expect((await http('PUT', cardPath(id, other), { note: 'x', choice: 'send' })).status).toBe(404);
    const long = await http('PUT', cardPath(id, pet), { note: 'x'.repeat(2001), choice: 'send' });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'validation_failed' });
    expect((await http('PUT', cardPath(id, pet), { note: 'ok', choice: 'maybe' })).status).toBe(400);
  });

  it("never lets another organization read or write a salon's card", async () => {
    const pet = await petOf(env, anna);
    const id = await book(pet, day(-1), 16);
    await checkOut(id);
    expect((await http('PUT', cardPath(id, pet), { note: 'Anxious with the dryer', choice: 'send' })).status).toBe(200);
    // Bruno on Anna's paths: not his organization
    expect((await http('GET', cardPath(id, pet), undefined, { token: tokens.bruno })).status).toBe(403);
    // Bruno on his own store with Anna's ids: nothing there
    expect((await http('GET', cardPath(id, pet, bruno), undefined, { token: tokens.bruno })).status).toBe(404);
    expect((await http('PUT', cardPath(id, pet, bruno), { note: 'x', choice: 'skip' }, { token: tokens.bruno })).status).toBe(404);
    expect((await http('GET', `${storePath(bruno)}/pet/${pet}/report_card/last/none`, undefined, { token: tokens.bruno })).body).toBeNull();
  });
});
