import type { ApiClient } from '@pawline/api-client';
import { createSchedulingApi, type FetchLike } from './scheduling-api';

const ORGA = '10000000-0000-4000-8000-000000000001';
const STORE = '20000000-0000-4000-8000-000000000001';

function harness(answers: { status: number; body: string }[]) {
  const seen: { url: string; init: RequestInit }[] = [];
  const fetch: FetchLike = async (url, init) => {
    seen.push({ url, init });
    const next = answers.shift() ?? { status: 200, body: '{}' };
    return new Response(next.body, { status: next.status });
  };
  const api = {
    deviceId: 'device-1',
    freshAccessToken: jest.fn().mockResolvedValue('token-1'),
    refresh: jest.fn().mockResolvedValue({ access_token: 'token-2', expires_at: '' }),
  } as unknown as ApiClient;
  return { seen, scheduling: createSchedulingApi({ api, language: 'it', fetch }), api };
}

describe('scheduling api', () => {
  it('R7.05 asks for the range with the six date parts in the path, with token, device and language', async () => {
    const { seen, scheduling } = harness([{ status: 200, body: JSON.stringify({ items: [], treatments: [], pets: [] }) }]);
    await scheduling.range(ORGA, STORE, { y: 2026, m: 11, d: 16, y2: 2026, m2: 11, d2: 22 });
    expect(seen[0]?.url).toBe(`/api/v1/orga/${ORGA}/store/${STORE}/appointments/2026/11/16/2026/11/22`);
    expect(seen[0]?.init.headers).toMatchObject({ Authorization: 'Bearer token-1', 'X-Device-Id': 'device-1', 'Accept-Language': 'it' });
  });

  it('R7.05 the recurring group route also takes the six date parts', async () => {
    const { seen, scheduling } = harness([{ status: 200, body: '{"items":[],"treatments":[],"pets":[]}' }]);
    await scheduling.recurringGroup(ORGA, STORE, 'g1', { y: 2026, m: 1, d: 1, y2: 2026, m2: 2, d2: 28 });
    expect(seen[0]?.url).toBe(`/api/v1/orga/${ORGA}/store/${STORE}/appointments_recurring_group/g1/2026/1/1/2026/2/28`);
  });

  it('moves, resizes and deletes with the recurring scope', async () => {
    const { seen, scheduling } = harness([]);
    await scheduling.move(ORGA, STORE, 'a1', { date: '2026-11-19', hour: 10, min: 15 }, 'following');
    await scheduling.resize(ORGA, STORE, 'a1', 75, 'all');
    await scheduling.remove(ORGA, STORE, 'a1', 'one');
    expect(seen.map((s) => `${s.init.method} ${s.url}`)).toEqual([
      `PATCH /api/v1/orga/${ORGA}/store/${STORE}/appointment/a1/move`,
      `PATCH /api/v1/orga/${ORGA}/store/${STORE}/appointment/a1/resize`,
      `DELETE /api/v1/orga/${ORGA}/store/${STORE}/appointment/a1?scope=one`,
    ]);
    expect(JSON.parse(seen[0]?.init.body as string)).toEqual({ scope: 'following', date: '2026-11-19', hour: 10, min: 15 });
    expect(JSON.parse(seen[1]?.init.body as string)).toEqual({ scope: 'all', duration: 75 });
  });

  it('refreshes the session once on 401 and reports server errors with their message', async () => {
    const { seen, scheduling } = harness([
      { status: 401, body: '{"message":"expired"}' },
      { status: 200, body: '[]' },
      { status: 404, body: '{"code":"not_found","message":"Appointment not found"}' },
    ]);
    await expect(scheduling.treatments(ORGA)).resolves.toEqual([]);
    expect(seen[1]?.init.headers).toMatchObject({ Authorization: 'Bearer token-2' });
    await expect(scheduling.get(ORGA, STORE, 'missing')).rejects.toMatchObject({ status: 404, message: 'Appointment not found' });
  });
});
