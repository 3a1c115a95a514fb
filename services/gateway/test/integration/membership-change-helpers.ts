import { Browser, newOwner, type JsonResponse, type Owner } from './gateway-test-helpers';

export { gatewayStackFor } from './gateway-test-helpers';

/** A request of the service under test, made as the employee, in `storeId` of the owner's organization. */
export type AccessProbe = (employee: Browser, token: string, owner: Owner, storeId: string) => Promise<JsonResponse>;

export type MembershipStep = { change: string; status: number };

/**
 * The membership changes an administrator makes through the gateway, each followed at once (no
 * wait) by the employee's request to a route of the service under test; the statuses they got.
 * The organization's minimum ranks are all 2, so rank 2 passes and rank 3 does not (spec §6).
 */
/** Answers `response` when it has `status`, else fails naming `what`. */
export function ok(what: string, response: JsonResponse, status = 200): JsonResponse {
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response;
}

/** A new organization with two stores, minimum ranks all 2, and an employee hired at rank 2, signed in. */
export async function teamOfTwoStores(base: string) {
  const owner = await newOwner(base);
  const orga = `/api/v1/orga/${owner.orgaId}`;
  const as = { token: owner.token };
  const stores = ok('stores', await owner.browser.request('GET', `${orga}/store`, as)).body as { id: string }[];
  const store = stores[0]?.id ?? '';
  const other = (
    ok(
      'second store',
      await owner.browser.request('POST', `${orga}/store`, {
        ...as,
        body: { name: 'Filiale Nord', country: 'IT', address_from_orga: false, city: 'Milano', phone: null },
      }),
      201,
    ).body as { id: string }
  ).id;
  const minimum = { min_rank_read_store: 2, min_rank_write_store: 2, min_rank_read_pets: 2, min_rank_write_pets: 2 };
  ok('minimum ranks', await owner.browser.request('PUT', `${orga}/settings`, { ...as, body: minimum }));
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const hired = ok(
    'hire',
    await owner.browser.request('POST', `${orga}/users`, {
      ...as,
      body: { first_name: 'Marco', last_name: 'Bianchi', email: `team.${unique}@example.com`, orga_rank: 2 },
    }),
    201,
  ).body as { user_id: string; username: string; first_password: string };
  const employee = new Browser(base);
  const signIn = async (): Promise<string> =>
    (
      ok(
        'login',
        await employee.request('POST', '/api/v1/auth/login', { body: { username: hired.username, password: hired.first_password } }),
      ).body as { access_token: string }
    ).access_token;
  return { owner, orga, as, store, other, hired, employee, signIn };
}

export async function membershipChangeSteps(base: string, probe: AccessProbe): Promise<MembershipStep[]> {
  const { owner, orga, as, store, other, hired, employee, signIn } = await teamOfTwoStores(base);
  let token = await signIn();
  const member = `${orga}/users/${hired.user_id}`;
  const steps: MembershipStep[] = [];
  const after = async (change: string, request: () => Promise<JsonResponse>): Promise<void> => {
    ok(change, await request());
    // the very next request, no pause: the change must already be the access
    steps.push({ change, status: (await probe(employee, token, owner, store)).status });
  };

  steps.push({ change: 'hired at rank 2', status: (await probe(employee, token, owner, store)).status });
  // warm the gateway's membership cache, so a stale entry would be served if a change did not drop it
  await probe(employee, token, owner, store);
  await after('rank 3', () => owner.browser.request('PUT', member, { ...as, body: { orga_rank: 3 } }));
  await after('rank 2', () => owner.browser.request('PUT', member, { ...as, body: { orga_rank: 2 } }));
  await after('rank 3 with a store override of 2', () =>
    owner.browser.request('PUT', member, { ...as, body: { orga_rank: 3, store_override: { [store]: 2 } } }),
  );
  await after('store override of 3', () => owner.browser.request('PUT', member, { ...as, body: { store_override: { [store]: 3 } } }));
  await after('override on the other store only', () =>
    owner.browser.request('PUT', member, { ...as, body: { store_override: { [other]: 2 } } }),
  );
  await after('override back on this store', () =>
    owner.browser.request('PUT', member, { ...as, body: { store_override: { [store]: 2 } } }),
  );
  await after('deactivated', () => owner.browser.request('POST', `${member}/deactivate`, as));
  // deactivation ended every session of the employee up to its second, and JWT times are whole
  // seconds: a token signed in that same second would be refused (README "Sessions")
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  ok('reactivate', await owner.browser.request('POST', `${member}/reactivate`, as));
  token = await signIn();
  steps.push({ change: 'reactivated, signed in again', status: (await probe(employee, token, owner, store)).status });
  return steps;
}

/** What every service must answer after each step (spec §6: R6.01 effective rank, R6.03 minimum ranks, R6.04 reach, R3.03 deactivation). */
export const EXPECTED_MEMBERSHIP_STEPS: MembershipStep[] = [
  { change: 'hired at rank 2', status: 200 },
  { change: 'rank 3', status: 403 },
  { change: 'rank 2', status: 200 },
  { change: 'rank 3 with a store override of 2', status: 200 },
  { change: 'store override of 3', status: 403 },
  { change: 'override on the other store only', status: 403 },
  { change: 'override back on this store', status: 200 },
  { change: 'deactivated', status: 401 },
  { change: 'reactivated, signed in again', status: 200 },
];
