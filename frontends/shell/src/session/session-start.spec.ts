import { ApiError, organizationOf, type Organization, type PersonUser } from '@pawline/api-client';
import { startSession } from './session-start';

const user = { id: 'u1', orga_id: 'o1', first_name: 'Ada' } as PersonUser;
const orga: Organization = organizationOf({ id: 'o1', name: 'Salon', tier: 0, created_at: '' });

function fakeApi(overrides: Partial<Record<'refresh' | 'getUser' | 'getOrganization', jest.Mock>> = {}) {
  return {
    refresh: overrides.refresh ?? jest.fn().mockResolvedValue({ access_token: 't', expires_at: 'x' }),
    getUser: overrides.getUser ?? jest.fn().mockResolvedValue(user),
    getOrganization: overrides.getOrganization ?? jest.fn().mockResolvedValue(orga),
  };
}

describe('startSession', () => {
  it('R4.15 without a stored session the user is logged out and no person data is fetched', async () => {
    const api = fakeApi({ refresh: jest.fn().mockResolvedValue(null) });
    await expect(startSession(api)).resolves.toEqual({ status: 'signed-out', startError: null, loggedOut: false });
    expect(api.getUser).not.toHaveBeenCalled();
  });

  it('R4.15 R3.01 with a session the person data is fetched, then the user is logged in', async () => {
    const api = fakeApi();
    await expect(startSession(api)).resolves.toEqual({ status: 'signed-in', user, orga, orgaError: null });
    expect(api.getOrganization).toHaveBeenCalledWith('o1');
  });

  it('stays signed in when only the organization fails, and keeps that error to show', async () => {
    const failure = new ApiError(503, 'service_unavailable', 'Try later');
    const api = fakeApi({ getOrganization: jest.fn().mockRejectedValue(failure) });
    await expect(startSession(api)).resolves.toEqual({ status: 'signed-in', user, orga: null, orgaError: failure });
  });

  it('starts logged out with the error when the server cannot be reached', async () => {
    const failure = new ApiError(0, 'network', 'Failed to fetch');
    const api = fakeApi({ refresh: jest.fn().mockRejectedValue(failure) });
    await expect(startSession(api)).resolves.toEqual({ status: 'signed-out', startError: failure, loggedOut: false });
  });
});
