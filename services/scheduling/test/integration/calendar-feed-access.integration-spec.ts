import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { identityService } from '../../../identity/src/identity.service-definition';
import { gatewayService } from '../../../gateway/src/gateway.service-definition';
import {
  EXPECTED_MEMBERSHIP_STEPS,
  membershipChangeSteps,
  ok,
  teamOfTwoStores,
} from '../../../gateway/test/integration/membership-change-helpers';
import { Browser, GATEWAY_TEST_SECRET } from '../../../gateway/test/integration/gateway-test-helpers';
import { schedulingService } from '../../src/scheduling.service-definition';
import { petOf } from './scheduling-test-helpers';

jest.setTimeout(120_000);

/** docs/adr/0010: a calendar feed lives on its member's access, judged again at every fetch. */
describe('calendar feeds follow their member’s access (gateway, real NATS and Postgres)', () => {
  let env: TestEnv;
  let base = '';
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = GATEWAY_TEST_SECRET;
    process.env['MAIL_TRANSPORT'] = 'sandbox';
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(schedulingService);
    base = (await env.start(gatewayService, { httpPort: 0 })).httpUrl ?? '';
  });

  afterAll(async () => {
    await env?.dispose();
    process.env = savedEnv;
  });

  it('R1.15 a feed made by a member is refused on the very next fetch after they lose store read access or are deactivated', async () => {
    let feedPath = '';
    const steps = await membershipChangeSteps(base, async (employee, token, owner, store) => {
      if (!feedPath) {
        const made = ok(
          'feed',
          await employee.request('POST', `/api/v1/orga/${owner.orgaId}/store/${store}/calendar_feed`, { token, body: {} }),
        );
        feedPath = (made.body as { path: string }).path;
      }
      // a calendar fetches without a session: the token is the only secret
      return new Browser(base).request('GET', feedPath);
    });
    // where the member's own requests are refused (403 no access, 401 deactivated), the feed is gone (404)
    expect(steps).toEqual(EXPECTED_MEMBERSHIP_STEPS.map((step) => ({ ...step, status: step.status === 200 ? 200 : 404 })));
  });

  it("R1.15 R6.04 a member's personal feed shows their appointments of the store they read, never another store's", async () => {
    const { owner, orga, as, store, other, hired, employee, signIn } = await teamOfTwoStores(base);
    const book = async (storeId: string, app_name: string): Promise<string> => {
      const pet = await petOf(env, { orgaId: owner.orgaId, storeId });
      const soon = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      const made = ok(
        'book',
        await owner.browser.request('POST', `${orga}/store/${storeId}/appointment`, {
          ...as,
          // the same groomer at the same time in both stores, on purpose: booked anyway
          body: {
            appointment: { date: soon, hour: 10, min: 0, duration: 30, pet_ids: [pet], user_id: hired.user_id, app_name },
            allow_conflict: true,
          },
        }),
        201,
      ).body as { items: { id: string }[] };
      return made.items[0]?.id ?? '';
    };
    const here = await book(store, 'Fido');
    const there = await book(other, 'Rex');

    const token = await signIn();
    const makeFeed = async (storeId: string): Promise<string> =>
      (
        ok('feed', await employee.request('POST', `${orga}/store/${storeId}/calendar_feed`, { token, body: { user_id: hired.user_id } }))
          .body as { path: string }
      ).path;
    const feedHere = await makeFeed(store);
    const feedThere = await makeFeed(other);
    expect(String(ok('fetch', await new Browser(base).request('GET', feedThere)).body)).toContain(`UID:${there}@pawline`);

    // rank 3 reads nothing; an override of 2 on the first store leaves that store (only) readable
    ok(
      'rank 3, override on the first store',
      await owner.browser.request('PUT', `${orga}/users/${hired.user_id}`, {
        ...as,
        body: { orga_rank: 3, store_override: { [store]: 2 } },
      }),
    );
    const body = String(ok('fetch', await new Browser(base).request('GET', feedHere)).body);
    expect(body).toContain(`UID:${here}@pawline`);
    expect(body).not.toContain(`UID:${there}@pawline`);
    expect((await new Browser(base).request('GET', feedThere)).status).toBe(404);
    expect(
      (await employee.request('POST', `${orga}/store/${other}/calendar_feed`, { token, body: { user_id: hired.user_id } })).status,
    ).toBe(403);
  });
});
