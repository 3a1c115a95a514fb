import {
  organizationOf,
  organizationUserOf,
  personUserOf,
  storeOf,
  type FakeGatewayAnswer,
  type FakeGatewayRequest,
  type Organization,
  type PersonUser,
  type Store,
  type TeamMember,
} from '@pawline/api-client';

// The identity routes the settings screens call (libs/contracts/src/http/orga.routes.ts, user.routes.ts), answered
// from memory the way the gateway answers them, for the pages' jsdom tests.

/** A canned answer for the next calls of a method and path pattern (`times` of them; all when absent). */
export type Failure = { method: string; path: RegExp; status: number; body: unknown; times?: number };

const NOT_FOUND: FakeGatewayAnswer = { status: 404, body: { code: 'not_found', message: 'Not found' } };

export function teamMemberOf(fields: Partial<TeamMember> = {}): TeamMember {
  return {
    id: 'm1',
    user_id: 'u-lia',
    orga_id: 'o1',
    first_name: 'Lia',
    last_name: 'Rossi',
    email: 'lia@example.com',
    username: 'liarossi',
    orga_rank: 3,
    store_override: {},
    employee_status: 1,
    color_scheme: '#4c61b4:#6d81d0',
    active: true,
    address: null,
    city: null,
    zip_code: null,
    country: null,
    fon_nr: null,
    ...fields,
  };
}

export class FakeIdentity {
  user: PersonUser;
  orga: Organization;
  team: TeamMember[];
  failures: Failure[] = [];
  /** requests whose path matches never answer (the page stays loading) */
  hang: RegExp | null = null;
  private nextId = 900;

  constructor({ user, orga, team = [] }: { user?: PersonUser; orga?: Organization; team?: TeamMember[] } = {}) {
    this.orga = orga ?? organizationOf({ id: 'o1', name: 'Salone Fido', country: 'IT' });
    this.user = user ?? personUserOf({ id: 'u1', orga_id: this.orga.id });
    this.team = team;
  }

  /** A canned failure for the next call(s) of a method and path. */
  fail(method: string, path: RegExp, status: number, body: unknown, times?: number): void {
    this.failures.push({ method, path, status, body, times });
  }

  answer({ method, path, body }: FakeGatewayRequest): FakeGatewayAnswer | Promise<never> | undefined {
    if (this.hang?.test(path)) return new Promise<never>(() => undefined);
    const failure = this.failures.find((f) => f.method === method && f.path.test(path));
    if (failure) {
      if (failure.times === undefined || --failure.times <= 0) this.failures = this.failures.filter((f) => f !== failure);
      return { status: failure.status, body: failure.body };
    }
    return this.user_(method, path, body) ?? this.orga_(method, path, body) ?? this.team_(method, path, body);
  }

  private user_(method: string, path: string, body: unknown): FakeGatewayAnswer | undefined {
    if (path === '/api/v1/user' && method === 'GET') return { body: this.user };
    if (path === '/api/v1/user' && method === 'PUT') {
      this.user = { ...this.user, ...(body as Partial<PersonUser>) };
      return { body: this.user };
    }
    if (path === '/api/v1/user/password' && method === 'POST') return { body: { changed: true } };
    if (path === '/api/v1/user/email' && method === 'POST') {
      const pending = (body as { email: string }).email;
      this.user = { ...this.user, pending_email: pending };
      return { body: { pending_email: pending } };
    }
    if (path === '/api/v1/user/autologin-link' && method === 'GET')
      return { body: { url: `http://localhost/autologin?u=ada&p=${this.nextId++}`, expires_at: '2026-11-24T10:15:00.000Z' } };
    if (path === '/api/v1/user/rating' && method === 'PUT') return { body: this.user };
    if (path === '/api/v1/auth/logout-all' && method === 'POST') return { body: { revoked_sessions: 2 } };
    return undefined;
  }

  private orga_(method: string, path: string, body: unknown): FakeGatewayAnswer | undefined {
    const base = `/api/v1/orga/${this.orga.id}`;
    if (!path.startsWith(`/api/v1/orga/`)) return undefined;
    if (!path.startsWith(base)) return NOT_FOUND;
    if (path === base && method === 'GET') return { body: this.orga };
    if ((path === base || path === `${base}/settings`) && method === 'PUT') {
      this.orga = { ...this.orga, ...(body as Partial<Organization>) };
      return { body: this.orga };
    }
    if (path === `${base}/cancel` && method === 'POST') return { body: { cancelled: true } };
    if (path === `${base}/store` && method === 'POST') {
      const store = storeOf({
        ...(body as Partial<Store>),
        id: `s0000000-0000-4000-8000-000000000${this.nextId++}`,
        orga_id: this.orga.id,
      });
      this.orga = { ...this.orga, stores: [...this.orga.stores, store] };
      return { status: 201, body: store };
    }
    const store = new RegExp(`^${base}/store/([^/]+)$`).exec(path);
    if (store && method === 'PUT') {
      const found = this.orga.stores.find((s) => s.id === store[1]);
      if (!found) return NOT_FOUND;
      const changed = { ...found, ...(body as Partial<Store>) };
      this.orga = { ...this.orga, stores: this.orga.stores.map((s) => (s === found ? changed : s)) };
      return { body: changed };
    }
    return undefined;
  }

  private team_(method: string, path: string, body: unknown): FakeGatewayAnswer | undefined {
    const users = `/api/v1/orga/${this.orga.id}/users`;
    if (path === users && method === 'GET') return { body: this.team };
    if (path === users && method === 'POST') {
      const fields = body as Partial<TeamMember>;
      const member = teamMemberOf({
        ...fields,
        id: `m${this.nextId}`,
        user_id: `u${this.nextId++}`,
        orga_id: this.orga.id,
        username: `${fields.first_name ?? ''}${fields.last_name ?? ''}`.toLowerCase(),
        active: true,
      });
      this.team = [...this.team, member];
      this.orga = { ...this.orga, users: [...this.orga.users, organizationUserOf({ ...member })] };
      return { status: 201, body: { ...member, first_password: 'Tz4-kq8-Lp2' } };
    }
    const one = new RegExp(`^${users}/([^/]+)(/deactivate|/reactivate)?$`).exec(path);
    if (!one) return undefined;
    const member = this.team.find((m) => m.user_id === one[1]);
    if (!member) return NOT_FOUND;
    const changed: TeamMember =
      method === 'PUT'
        ? { ...member, ...(body as Partial<TeamMember>) }
        : one[2] === '/deactivate'
          ? { ...member, active: false }
          : { ...member, active: true };
    this.team = this.team.map((m) => (m === member ? changed : m));
    return { body: changed };
  }
}
