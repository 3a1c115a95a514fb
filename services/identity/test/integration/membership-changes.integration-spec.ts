import { identityService } from '../../src/identity.service-definition';
import {
  EXPECTED_MEMBERSHIP_STEPS,
  gatewayStackFor,
  membershipChangeSteps,
} from '../../../gateway/test/integration/membership-change-helpers';

jest.setTimeout(120_000);

/**
 * docs/adr/0007: the gateway carries the membership it checked to the service, and drops what it
 * keeps as soon as it proxies a change, so the very next request is answered by the new access.
 */
describe('identity: a membership change is the access of the very next request (gateway, real NATS and Postgres)', () => {
  const stack = gatewayStackFor([identityService]);

  it('R6.01 R6.03 R6.04 R3.03 rank, store override and deactivation changes decide GET /orga/:orga/store/:store (identity) at once', async () => {
    const steps = await membershipChangeSteps(stack.base(), (employee, token, owner, store) =>
      employee.request('GET', `/api/v1/orga/${owner.orgaId}/store/${store}`, { token }),
    );
    expect(steps).toEqual(EXPECTED_MEMBERSHIP_STEPS);
  });
});
