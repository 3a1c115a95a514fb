import type { ApiClient, Organization, PersonUser } from '@pawline/api-client';
import { ApiError } from '@pawline/api-client';

export type SignedIn = { status: 'signed-in'; user: PersonUser; orga: Organization | null; orgaError: ApiError | null };
/** `loggedOut`: the user ended the session here (logout, logout of all devices), so pages go to / (R2.09). */
export type SignedOut = { status: 'signed-out'; startError: ApiError | null; loggedOut: boolean };
export type SessionState = { status: 'starting' } | SignedOut | SignedIn;

type SessionApi = Pick<ApiClient, 'refresh' | 'getUser' | 'getOrganization'>;

function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, 'unknown', error instanceof Error ? error.message : String(error));
}

/** Person data, then the organization; a failing organization still signs the user in. */
export async function loadSignedIn(api: SessionApi): Promise<SignedIn> {
  const user = await api.getUser();
  // the person data has no main organization (orga_id null, e.g. after its cancellation): nothing to load
  if (user.orga_id === null) return { status: 'signed-in', user, orga: null, orgaError: null };
  try {
    return { status: 'signed-in', user, orga: await api.getOrganization(user.orga_id), orgaError: null };
  } catch (error) {
    return { status: 'signed-in', user, orga: null, orgaError: asApiError(error) };
  }
}

/**
 * R4.15 start-up: no stored session → signed out; otherwise the person data is fetched and
 * the user is signed in. The session lives in the httpOnly refresh cookie, so "stored
 * session" means a refresh that succeeds.
 */
export async function startSession(api: SessionApi): Promise<SessionState> {
  try {
    const session = await api.refresh();
    if (!session) return { status: 'signed-out', startError: null, loggedOut: false };
    return await loadSignedIn(api);
  } catch (error) {
    const apiError = asApiError(error);
    return { status: 'signed-out', startError: apiError.status === 401 ? null : apiError, loggedOut: false };
  }
}
