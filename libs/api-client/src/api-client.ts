import { ApiError } from './api-error';
import type {
  AutologinLink,
  ChangePasswordRequest,
  CreatedTeamMember,
  CreateTeamMemberRequest,
  OrganizationDataRequest,
  OrganizationSettingsRequest,
  RatingRequest,
  StoreFields,
  TeamMember,
  TeamMemberFields,
  Language,
  Organization,
  PersonUser,
  RegisterRequest,
  Session,
  Store,
  UpdateUserRequest,
} from './api-types';
import { getDeviceId } from './device-id';
import { apiBase, globalFetch, orgaPath, readJsonBody, sendJson, storePath, type FetchLike } from './http';

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

  function send(method: string, path: string, call: CallOptions): Promise<Response> {
    return sendJson(doFetch, {
      method,
      url: `${apiBase(options.baseUrl)}${path}`,
      body: call.body,
      language: options.getLanguage(),
      deviceId,
      token: call.authenticated !== false ? accessToken : null,
    });
  }

  /** Calls with the bearer token; on 401 refreshes once, retries, and gives up to onUnauthorized. */
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const first = await send(method, path, { body });
    if (first.status !== 401) return readJsonBody<T>(first);
    const session = await refresh();
    if (!session) {
      options.onUnauthorized?.();
      return readJsonBody<T>(first);
    }
    const second = await send(method, path, { body });
    if (second.status === 401) options.onUnauthorized?.();
    return readJsonBody<T>(second);
  }

  async function callAnonymous<T>(method: string, path: string, body?: unknown): Promise<T> {
    return readJsonBody<T>(await send(method, path, { body, authenticated: false }));
  }

  /** Exchanges the httpOnly refresh cookie for a new access token; null when there is no session. */
  function refresh(): Promise<Session | null> {
    refreshing ??= (async () => {
      try {
        const response = await send('POST', '/auth/refresh', { authenticated: false });
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
    const attempt = (name: string) => callAnonymous<Session>('POST', '/auth/login', { username: name, password });
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
    const session = await callAnonymous<Session>('POST', '/auth/autologin', { u, p });
    remember(session);
    return session;
  }

  async function logout(): Promise<void> {
    try {
      await callAnonymous<void>('POST', '/auth/logout');
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
      await call<void>('POST', '/auth/logout-all');
      forget();
    },
    register: (request: RegisterRequest) => callAnonymous<unknown>('POST', '/auth/register', request),
    verifyEmail: (token: string) => callAnonymous<unknown>('POST', '/auth/verify-email', { token }),
    getUser: () => call<PersonUser>('GET', '/user'),
    updateUser: (request: UpdateUserRequest) => call<unknown>('PUT', '/user', request),
    changePassword: (request: ChangePasswordRequest) => call<unknown>('POST', '/user/password', request),
    getOrganization: (orgaId: string) => call<Organization>('GET', orgaPath(orgaId)),
    // R1.13: the same answer whether or not the address exists
    requestPasswordReset: (email: string) => callAnonymous<unknown>('POST', '/auth/password-reset', { email }),
    confirmPasswordReset: (token: string, password: string) =>
      callAnonymous<unknown>('POST', '/auth/password-reset/confirm', { token, password }),
    // R1.14: the new address takes effect once verified
    changeEmail: (email: string) => call<{ pending_email: string }>('POST', '/user/email', { email }),
    getAutologinLink: () => call<AutologinLink>('GET', '/user/autologin-link'),
    rate: (request: RatingRequest) => call<PersonUser>('PUT', '/user/rating', request),
    updateOrganization: (orgaId: string, request: OrganizationDataRequest) => call<Organization>('PUT', `${orgaPath(orgaId)}`, request),
    updateOrganizationSettings: (orgaId: string, request: OrganizationSettingsRequest) =>
      call<Organization>('PUT', `${orgaPath(orgaId)}/settings`, request),
    cancelOrganization: (orgaId: string, confirmName: string) =>
      call<{ cancelled: true }>('POST', `${orgaPath(orgaId)}/cancel`, { confirm_name: confirmName }),
    createStore: (orgaId: string, store: StoreFields) => call<Store>('POST', `${orgaPath(orgaId)}/store`, store),
    updateStore: (orgaId: string, storeId: string, store: Partial<StoreFields>) => call<Store>('PUT', storePath(orgaId, storeId), store),
    listTeam: (orgaId: string) => call<TeamMember[]>('GET', `${orgaPath(orgaId)}/users`),
    createTeamMember: (orgaId: string, member: CreateTeamMemberRequest) =>
      call<CreatedTeamMember>('POST', `${orgaPath(orgaId)}/users`, member),
    updateTeamMember: (orgaId: string, userId: string, member: Partial<TeamMemberFields>) =>
      call<TeamMember>('PUT', `${orgaPath(orgaId)}/users/${encodeURIComponent(userId)}`, member),
    deactivateTeamMember: (orgaId: string, userId: string) =>
      call<unknown>('POST', `${orgaPath(orgaId)}/users/${encodeURIComponent(userId)}/deactivate`),
    reactivateTeamMember: (orgaId: string, userId: string) =>
      call<unknown>('POST', `${orgaPath(orgaId)}/users/${encodeURIComponent(userId)}/reactivate`),
  };
}
