import { ApiError } from './api-error';
import { API_ROUTES } from './api-routes.generated';
import type {
  BodyOf,
  ChangePasswordRequest,
  CreateTeamMemberRequest,
  Language,
  OrganizationDataRequest,
  OrganizationSettingsRequest,
  RatingRequest,
  RegisterRequest,
  Session,
  StoreFields,
  UpdateUserRequest,
} from './api-types';
import { getDeviceId } from './device-id';
import { apiOrigin, globalFetch, readJsonBody, sendJson, type FetchLike } from './http';
import { routeRequest, type Send } from './route-call';
import type { JsonRoute, RouteAnswer, RouteArgs, RouteRef } from './route-ref';

export type { FetchLike } from './http';

export type ApiClientOptions = {
  /** Origin (or '' for same origin) in front of /api/v1. */
  baseUrl: string;
  /** Sent as Accept-Language so server messages come in the user's language. */
  getLanguage: () => Language;
  /** Called when a call stays unauthorized after the one refresh attempt. */
  onUnauthorized?: () => void;
  fetch?: FetchLike;
  deviceId?: string;
};

type CallOptions = { body?: unknown; authenticated?: boolean };

// spec §8 / R5.18: these login failures are retried once with the lower-cased username.
const RETRY_LOWERCASE_CODES = new Set(['server_100', 'server_112']);

export type ApiClient = ReturnType<typeof createApiClient>;

// A socket handshake needs a token that will still be valid when the gateway checks it.
const TOKEN_MARGIN_MS = 60_000;

export function createApiClient(options: ApiClientOptions) {
  const doFetch: FetchLike = options.fetch ?? globalFetch;
  const deviceId = options.deviceId ?? getDeviceId();
  let accessToken: string | null = null;
  let accessExpiresAt = 0;
  let refreshing: Promise<Session | null> | null = null;

  const origin = apiOrigin(options.baseUrl);

  function send(method: string, url: string, call: CallOptions): Promise<Response> {
    return sendJson(doFetch, {
      method,
      url,
      body: call.body,
      language: options.getLanguage(),
      deviceId,
      token: call.authenticated !== false ? accessToken : null,
    });
  }

  /** Sends with the bearer token; on 401 refreshes once, retries, and gives up to onUnauthorized. */
  const withSession: Send = async (method, url, body) => {
    const first = await send(method, url, { body });
    if (first.status !== 401) return first;
    const session = await refresh();
    if (!session) {
      options.onUnauthorized?.();
      return first;
    }
    const second = await send(method, url, { body });
    if (second.status === 401) options.onUnauthorized?.();
    return second;
  };

  /** A declared route with the session: params, query, body and answer typed by its declaration. */
  const request = routeRequest(origin, withSession);
  /** A declared route without the bearer token (sign-up, sign-in, password reset). */
  const anonymous = routeRequest(origin, (method, url, body) => send(method, url, { body, authenticated: false }));

  /** Exchanges the httpOnly refresh cookie for a new access token; null when there is no session. */
  function refresh(): Promise<Session | null> {
    refreshing ??= (async () => {
      try {
        const response = await send('POST', `${origin}${API_ROUTES.refresh.path}`, { authenticated: false });
        if (response.status === 401 || response.status === 403) {
          forget();
          return null;
        }
        const session = await readJsonBody<Session>(response);
        remember(session);
        return session;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  function remember(session: Session): void {
    accessToken = session.access_token;
    const expires = Date.parse(session.expires_at);
    accessExpiresAt = Number.isNaN(expires) ? 0 : expires;
  }

  function forget(): void {
    accessToken = null;
    accessExpiresAt = 0;
  }

  async function login(username: string, password: string): Promise<Session> {
    const attempt = (name: string) => anonymous(API_ROUTES.login, { body: { username: name, password } });
    let session: Session;
    try {
      session = await attempt(username);
    } catch (error) {
      const lower = username.toLowerCase();
      if (!(error instanceof ApiError) || !RETRY_LOWERCASE_CODES.has(error.code) || lower === username) throw error;
      session = await attempt(lower);
    }
    remember(session);
    return session;
  }

  /** R2.04: signs in with the u and p of an /autologin link (one-time token). */
  async function autologin(u: string, p: string): Promise<Session> {
    const session = await anonymous(API_ROUTES.autologin, { body: { u, p } });
    remember(session);
    return session;
  }

  /** Issue 29: confirming the registration address signs in; a changed address answers no token. */
  function confirmed(answer: { access_token: string | null; expires_at: string | null }): boolean {
    if (answer.access_token === null || answer.expires_at === null) return false;
    remember({ access_token: answer.access_token, expires_at: answer.expires_at });
    return true;
  }

  async function logout(): Promise<void> {
    try {
      await anonymous(API_ROUTES.logout);
    } finally {
      forget();
    }
  }

  return {
    deviceId,
    getAccessToken: (): string | null => accessToken,
    /** A token for the realtime socket: the current one while it has a minute left, else a refreshed one. */
    async freshAccessToken(now: number = Date.now()): Promise<string | null> {
      if (accessToken && accessExpiresAt - now > TOKEN_MARGIN_MS) return accessToken;
      return (await refresh())?.access_token ?? null;
    },
    clearSession(): void {
      forget();
    },
    refresh,
    login,
    autologin,
    logout,
    async logoutAll(): Promise<void> {
      await request(API_ROUTES.logoutAll);
      forget();
    },
    /**
     * Any declared route with this session (API_ROUTES): the named calls below are this with
     * fixed routes. Remotes use createRemoteHttp(...).request instead, which older shells lack.
     */
    request: <R extends JsonRoute>(route: RouteRef<R>, ...args: RouteArgs<R>): Promise<RouteAnswer<R>> => request(route, ...args),
    register: (body: RegisterRequest) => anonymous(API_ROUTES.register, { body }),
    /** Resolves whether the confirmation signed in (issue 29). */
    verifyEmail: async (token: string): Promise<{ signedIn: boolean }> => ({
      signedIn: confirmed(await anonymous(API_ROUTES.verifyEmail, { body: { token } })),
    }),
    /** Issue 29: the six digits of the verification mail; signs in. */
    verifyEmailCode: async (email: string, code: string): Promise<{ signedIn: boolean }> => ({
      signedIn: confirmed(await anonymous(API_ROUTES.verifyEmailCode, { body: { email, code } })),
    }),
    // issue 29: the same answer whether or not such an unconfirmed account exists
    resendVerification: (username: string) => anonymous(API_ROUTES.resendVerification, { body: { username } }),
    getUser: () => request(API_ROUTES.getUser),
    updateUser: (body: UpdateUserRequest) => request(API_ROUTES.updateUser, { body }),
    changePassword: (body: ChangePasswordRequest) => request(API_ROUTES.changePassword, { body }),
    getOrganization: (orgaId: string) => request(API_ROUTES.getOrga, { params: { orga: orgaId } }),
    // R1.13: the same answer whether or not the address exists
    requestPasswordReset: (email: string) => anonymous(API_ROUTES.requestPasswordReset, { body: { email } }),
    confirmPasswordReset: (token: string, password: string) => anonymous(API_ROUTES.confirmPasswordReset, { body: { token, password } }),
    // R1.14: the new address takes effect once verified; the current password is required (issue 11)
    changeEmail: (email: string, currentPassword: string) =>
      request(API_ROUTES.changeEmail, { body: { email, current_password: currentPassword } }),
    // the link mailed to the old address
    undoEmailChange: (token: string) => anonymous(API_ROUTES.undoEmailChange, { body: { token } }),
    // issue 31 the public page of a signed agreement link: no session, the token is the key
    getPublicAgreement: (token: string) => anonymous(API_ROUTES.getPublicAgreement, { params: { token } }),
    acceptPublicAgreement: (token: string, name: string) =>
      anonymous(API_ROUTES.acceptPublicAgreement, { params: { token }, body: { name } }),
    getAutologinLink: () => request(API_ROUTES.getAutologinLink),
    rate: (body: RatingRequest) => request(API_ROUTES.rate, { body }),
    updateOrganization: (orgaId: string, body: OrganizationDataRequest) =>
      request(API_ROUTES.updateOrga, { params: { orga: orgaId }, body }),
    updateOrganizationSettings: (orgaId: string, body: OrganizationSettingsRequest) =>
      request(API_ROUTES.updateOrgaSettings, { params: { orga: orgaId }, body }),
    cancelOrganization: (orgaId: string, confirmName: string) =>
      request(API_ROUTES.cancelOrga, { params: { orga: orgaId }, body: { confirm_name: confirmName } }),
    createStore: (orgaId: string, body: StoreFields) => request(API_ROUTES.createStore, { params: { orga: orgaId }, body }),
    updateStore: (orgaId: string, storeId: string, body: BodyOf<'updateStore'>) =>
      request(API_ROUTES.updateStore, { params: { orga: orgaId, store: storeId }, body }),
    listTeam: (orgaId: string) => request(API_ROUTES.listTeam, { params: { orga: orgaId } }),
    createTeamMember: (orgaId: string, body: CreateTeamMemberRequest) =>
      request(API_ROUTES.createTeamMember, { params: { orga: orgaId }, body }),
    updateTeamMember: (orgaId: string, userId: string, body: BodyOf<'updateTeamMember'>) =>
      request(API_ROUTES.updateTeamMember, { params: { orga: orgaId, user: userId }, body }),
    deactivateTeamMember: (orgaId: string, userId: string) =>
      request(API_ROUTES.deactivateTeamMember, { params: { orga: orgaId, user: userId } }),
    reactivateTeamMember: (orgaId: string, userId: string) =>
      request(API_ROUTES.reactivateTeamMember, { params: { orga: orgaId, user: userId } }),
  };
}
