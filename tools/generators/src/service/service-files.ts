import { names } from '@nx/devkit';

/** The names one service's files are written with: `pet-photos` → PetPhotos, petPhotos, PET_PHOTOS. */
export type ServiceNames = {
  name: string;
  className: string;
  propertyName: string;
  /** PET_PHOTOS */
  constantName: string;
  /** PORT_PET_PHOTOS */
  portVar: string;
  /** petPhotosService */
  definition: string;
  port: number;
  /** the first migration's timestamp (ms) */
  migrationTime: number;
};

export function serviceNames(name: string, port: number, migrationTime: number): ServiceNames {
  const { className, propertyName, constantName } = names(name);
  return {
    name,
    className,
    propertyName,
    constantName,
    portVar: `PORT_${constantName}`,
    definition: `${propertyName}Service`,
    port,
    migrationTime,
  };
}

/**
 * The example every new service starts from: an organization's notes. One RPC pair (list, create),
 * one event (note created, through the outbox), the access check, the purge of R1.17 and the
 * migration of the `note` table, so the service runs and its tests pass before the real domain goes in.
 */
export function contractNames(n: ServiceNames) {
  return {
    schema: `${n.propertyName}NoteSchema`,
    type: `${n.className}Note`,
    list: `list${n.className}NotesRpc`,
    create: `create${n.className}NoteRpc`,
    created: `${n.propertyName}NoteCreatedEvent`,
  };
}

/** libs/contracts/src/<name>/: one file per message (core/rpc.ts, core/event.ts), keyed by path from the repository root. */
export function contractFiles(n: ServiceNames): Record<string, string> {
  const c = contractNames(n);
  const dir = `libs/contracts/src/${n.name}`;
  return {
    [`${dir}/${n.name}-shapes.ts`]: `import { z } from 'zod';

/** A note of the ${n.name} service (the generated example: an organization's notes). */
export const ${c.schema} = z.object({
  id: z.string().uuid(),
  orga_id: z.string().uuid(),
  text: z.string(),
});
export type ${c.type} = z.infer<typeof ${c.schema}>;
`,
    [`${dir}/note-list.rpc.ts`]: `import { z } from 'zod';
import { defineRpc } from '../core';
import { ${c.schema} } from './${n.name}-shapes';

/** The organization's notes, newest first (any member). */
export const ${c.list} = defineRpc(
  'rpc.${n.name}.note.list',
  z.strictObject({ orga_id: z.string().uuid() }),
  z.array(${c.schema}),
);
`,
    [`${dir}/note-create.rpc.ts`]: `import { z } from 'zod';
import { defineRpc } from '../core';
import { ${c.schema} } from './${n.name}-shapes';

/** Adds a note to the organization (organization administrators); publishes ${c.created}. */
export const ${c.create} = defineRpc(
  'rpc.${n.name}.note.create',
  z.strictObject({ orga_id: z.string().uuid(), text: z.string().trim().min(1).max(500) }),
  ${c.schema},
);
`,
    [`${dir}/note-created.event.ts`]: `import { z } from 'zod';
import { defineEvent } from '../core';

/** A note was added (written to the outbox in the same transaction as the note). */
export const ${c.created} = defineEvent(
  'evt.${n.name}.note.created.v1',
  z.object({ orga_id: z.string().uuid(), note_id: z.string().uuid() }),
);
`,
    [`${dir}/index.ts`]: `export * from './${n.name}-shapes';
export * from './note-create.rpc';
export * from './note-created.event';
export * from './note-list.rpc';
`,
  };
}

/**
 * The example's /api/v1 routes by their names in HTTP_ROUTES (libs/contracts/src/http): the contracts'
 * declarations, the gateway's bindings and the browser's API_ROUTES entries all come from this list.
 */
export function httpRouteNames(n: ServiceNames) {
  const orga = `/api/v1/orga/:orga/${n.name}`;
  return {
    /** `<propertyName>HttpRoutes`, the area's declarations */
    area: `${n.propertyName}HttpRoutes`,
    list: { name: `list${n.className}Notes`, method: 'get', path: `${orga}/notes` },
    create: { name: `create${n.className}Note`, method: 'post', path: `${orga}/note` },
  } as const;
}

/**
 * libs/contracts/src/http/<name>.routes.ts: the HTTP side of the example RPCs, declared once
 * (ADR 0009); bodies come from the contract with .omit(...), the organization from the path.
 */
export function httpRoutesFile(n: ServiceNames): Record<string, string> {
  const c = contractNames(n);
  const h = httpRouteNames(n);
  return {
    [`libs/contracts/src/http/${n.name}.routes.ts`]: `import { ${c.create}, ${c.list} } from '../${n.name}';
import { defineRoute } from '../core/http-route';

// ${n.name}: the organization's notes. The gateway binds these (services/gateway/src/routes/${n.name}.routes.ts)
// and the browser calls them through API_ROUTES of libs/api-client.

const noteBody = ${c.create}.request.omit({ orga_id: true });

export const ${h.area} = {
  ${h.list.name}: defineRoute({
    method: '${h.list.method}',
    path: '${h.list.path}',
    summary: "The organization's ${n.name} notes, newest first",
    tag: '${n.name}',
    response: ${c.list}.response,
  }),
  ${h.create.name}: defineRoute({
    method: '${h.create.method}',
    path: '${h.create.path}',
    summary: 'Add a ${n.name} note (organization administrators)',
    tag: '${n.name}',
    status: 201,
    body: noteBody,
    response: ${c.create}.response,
  }),
} as const;
`,
  };
}

/** services/gateway/src/routes/<name>.routes.ts: the declarations bound to their access rule and RPC. */
export function gatewayRoutesFile(n: ServiceNames): Record<string, string> {
  const c = contractNames(n);
  const h = httpRouteNames(n);
  return {
    [`services/gateway/src/routes/${n.name}.routes.ts`]: `import { ${c.create}, ${c.list}, ${h.area} as http } from '@pawline/contracts';
import { orgaParam, rpcRoute, type ApiRoute } from '../http/route-definition';

// ${n.name}: the organization's notes; paths and bodies are declared in libs/contracts/src/http/${n.name}.routes.ts.
// The gateway checks the access rule, the service checks it again.

export const ${n.propertyName}Routes: ApiRoute[] = [
  rpcRoute(http.${h.list.name}, {
    access: { orga: 'member' },
    rpc: ${c.list},
    input: (ctx) => ({ orga_id: orgaParam(ctx) }),
  }),
  rpcRoute(http.${h.create.name}, {
    access: { orga: 'orga_admin' },
    rpc: ${c.create},
    input: (ctx) => ({ orga_id: orgaParam(ctx), ...ctx.body }),
  }),
];
`,
  };
}

/** The service's own files, keyed by path relative to services/<name>. */
export function serviceFiles(n: ServiceNames): Record<string, string> {
  const c = contractNames(n);
  const { name, className, definition, port, portVar } = n;
  const root = `services/${name}`;
  const migration = `${className}Init${n.migrationTime}`;
  const access = `${className}Access`;
  return {
    'tsconfig.json': `${JSON.stringify({ extends: '../../tsconfig.base.json', include: ['src/**/*.ts', 'test/**/*.ts'] }, null, 2)}\n`,
    'jest.config.cjs': `module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: '${name}',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.integration-spec.ts'],
};
`,
    'src/main.ts': `import { runService } from '@pawline/nest-kit';
import { ${definition} } from './${name}.service-definition';

runService(${definition});
`,
    [`src/${name}.service-definition.ts`]: `import type { ServiceDefinition } from '@pawline/nest-kit';
import { ${n.constantName}_ENTITIES, ${n.constantName}_MIGRATIONS } from './${name}.entities';
import { ${className}Module } from './${name}.module';

export const ${definition}: ServiceDefinition = {
  name: '${name}',
  module: ${className}Module,
  entities: ${n.constantName}_ENTITIES,
  migrations: ${n.constantName}_MIGRATIONS,
  http: { defaultPort: ${port} },
};
`,
    [`src/${name}.entities.ts`]: `import { ${migration} } from './migrations/${n.migrationTime}-${name}-init';
import { ${className}NoteEntity } from './note/note.entity';

export const ${n.constantName}_ENTITIES = [${className}NoteEntity];

export const ${n.constantName}_MIGRATIONS = [${migration}];
`,
    [`src/${name}.module.ts`]: `import { Module } from '@nestjs/common';
import { ${access} } from './access/${name}-access.service';
import { NoteHandlers } from './note/note.handlers';
import { NoteService } from './note/note.service';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';

/** Health, NATS, the database and the outbox come from the kit; the service adds its features here. */
@Module({
  providers: [${access}, NoteService, NoteHandlers, OrgaPurgeHandlers],
})
export class ${className}Module {}
`,
    // The one place the service decides who may act on an organization's rows (see its comment).
    [`src/access/${name}-access.service.ts`]: `// ACCESS: the one place ${name} decides who may act on an organization's rows. It asks identity
// for the caller's membership as every service does today; when libs/nest-kit/src/access lands,
// swap the body of ${access} for the kit's access and keep orga(ctx, orgaId, need) for the handlers.
import { Injectable } from '@nestjs/common';
import { memberAccessRpc, type AuthContext, type MemberAccess } from '@pawline/contracts';
import { isOrgaAdmin } from '@pawline/domain';
import { NatsRpcClient, RpcError, type OutboxMeta, type RpcCallContext } from '@pawline/nest-kit';

export type OrgaNeed = 'member' | 'orga_admin';

/** A request allowed in one organization, with what the outbox records of it. */
export type OrgaScope = { orgaId: string; meta: OutboxMeta };

const CACHE_MS = 5_000;

/** R6.05 an active member of the organization; orga_admin also needs rank 1 or lower (R2.02). */
export function canUseOrga(m: MemberAccess, need: OrgaNeed): boolean {
  if (!m.member || !m.active) return false;
  if (need === 'member') return true;
  return isOrgaAdmin({ orga_rank: m.orga_rank, employee_status: m.employee_status, store_overrides: m.store_overrides, active: true });
}

/**
 * Every ${name} handler authorizes here with identity's membership (cached for 5 s, as the
 * gateway does): someone of another organization gets forbidden and never a row.
 */
@Injectable()
export class ${access} {
  private readonly memberships = new Map<string, { until: number; value: MemberAccess }>();

  constructor(private readonly rpc: NatsRpcClient) {}

  async orga(ctx: RpcCallContext, orgaId: string, need: OrgaNeed): Promise<OrgaScope> {
    const auth = requireAuth(ctx);
    if (!canUseOrga(await this.membership(auth, ctx.lang, orgaId), need)) throw new RpcError('forbidden');
    return { orgaId, meta: { orgaId, storeId: null, actor: { userId: auth.userId, deviceId: auth.deviceId } } };
  }

  private async membership(auth: AuthContext, lang: string, orgaId: string): Promise<MemberAccess> {
    const key = \`\${auth.userId}:\${orgaId}\`;
    const cached = this.memberships.get(key);
    if (cached && cached.until > Date.now()) return cached.value;
    let value: MemberAccess;
    try {
      value = await this.rpc.call(memberAccessRpc, { user_id: auth.userId, orga_id: orgaId }, { auth, lang });
    } catch (error) {
      // an unknown organization looks the same as someone else's
      if (error instanceof RpcError && (error.code === 'not_found' || error.code === 'forbidden')) throw new RpcError('forbidden');
      throw error;
    }
    if (this.memberships.size > 10_000) this.memberships.clear();
    this.memberships.set(key, { until: Date.now() + CACHE_MS, value });
    return value;
  }
}

function requireAuth(ctx: RpcCallContext): AuthContext {
  if (!ctx.auth) throw new RpcError('unauthorized');
  return ctx.auth;
}
`,
    [`src/access/${name}-access.spec.ts`]: `import type { MemberAccess } from '@pawline/contracts';
import { canUseOrga } from './${name}-access.service';

function member(over: Partial<MemberAccess> = {}): MemberAccess {
  return {
    member: true,
    active: true,
    orga_rank: 3,
    employee_status: 1,
    store_overrides: {},
    store_ids: [],
    min_ranks: { read_store: 3, write_store: 2, read_pets: 3, write_pets: 3 },
    tier: 1,
    ...over,
  };
}

describe('${name} access (spec §6)', () => {
  it('R6.05 lets an active member read and keeps everyone else out', () => {
    expect(canUseOrga(member(), 'member')).toBe(true);
    expect(canUseOrga(member({ member: false }), 'member')).toBe(false);
    expect(canUseOrga(member({ active: false }), 'member')).toBe(false);
  });

  it('R2.02 leaves changes to organization administrators (rank 1 or lower)', () => {
    expect(canUseOrga(member(), 'orga_admin')).toBe(false);
    expect(canUseOrga(member({ orga_rank: 1 }), 'orga_admin')).toBe(true);
    expect(canUseOrga(member({ orga_rank: 0 }), 'orga_admin')).toBe(true);
    expect(canUseOrga(member({ orga_rank: 0, active: false }), 'orga_admin')).toBe(false);
  });
});
`,
    'src/note/note.entity.ts': `import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** An organization's note (the generated example; migrations/${n.migrationTime}-${name}-init.ts creates it). */
@Entity('note')
@Index('ix_note_orga_created', ['orgaId', 'createdAt'])
export class ${className}NoteEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'varchar', length: 500 })
  text!: string;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
`,
    'src/note/note.service.ts': `import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ${c.created}, type ${c.type} } from '@pawline/contracts';
import { OutboxService } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import type { OrgaScope } from '../access/${name}-access.service';

/** The organization's notes. */
@Injectable()
export class NoteService {
  constructor(
    private readonly db: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  async list(orgaId: string): Promise<${c.type}[]> {
    return this.db.query(\`SELECT id, orga_id, text FROM note WHERE orga_id = $1 ORDER BY created_at DESC, id\`, [orgaId]);
  }

  /** The note and its event in one transaction: a crash between them loses neither (the outbox). */
  async create(scope: OrgaScope, text: string): Promise<${c.type}> {
    return this.db.transaction(async (manager) => {
      const note: ${c.type} = { id: randomUUID(), orga_id: scope.orgaId, text };
      await manager.query(\`INSERT INTO note (id, orga_id, text) VALUES ($1, $2, $3)\`, [note.id, note.orga_id, note.text]);
      await this.outbox.add(manager, ${c.created}, { orga_id: note.orga_id, note_id: note.id }, scope.meta);
      return note;
    });
  }
}
`,
    'src/note/note.handlers.ts': `import { Injectable } from '@nestjs/common';
import { ${c.create}, ${c.list}, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { RpcHandler, type RpcCallContext } from '@pawline/nest-kit';
import { ${access} } from '../access/${name}-access.service';
import { NoteService } from './note.service';

/** Any member reads the notes; organization administrators add them. */
@Injectable()
export class NoteHandlers {
  constructor(
    private readonly access: ${access},
    private readonly notes: NoteService,
  ) {}

  @RpcHandler(${c.list})
  async list(input: RpcRequest<typeof ${c.list}>, ctx: RpcCallContext): Promise<RpcResponse<typeof ${c.list}>> {
    await this.access.orga(ctx, input.orga_id, 'member');
    return this.notes.list(input.orga_id);
  }

  @RpcHandler(${c.create})
  async create(input: RpcRequest<typeof ${c.create}>, ctx: RpcCallContext): Promise<RpcResponse<typeof ${c.create}>> {
    const scope = await this.access.orga(ctx, input.orga_id, 'orga_admin');
    return this.notes.create(scope, input.text);
  }
}
`,
    'src/note/note.handlers.spec.ts': `import { RpcError, type RpcCallContext } from '@pawline/nest-kit';
import type { ${access}, OrgaNeed } from '../access/${name}-access.service';
import { NoteHandlers } from './note.handlers';
import type { NoteService } from './note.service';

const ORGA = '11111111-1111-4111-8111-111111111111';
const ctx: RpcCallContext = {
  auth: { userId: '22222222-2222-4222-8222-222222222222', sessionId: '33333333-3333-4333-8333-333333333333', deviceId: null },
  lang: 'en',
};

function handlers(allowed: OrgaNeed[]) {
  const asked: OrgaNeed[] = [];
  const access = {
    orga: async (_ctx: RpcCallContext, orgaId: string, need: OrgaNeed) => {
      asked.push(need);
      if (!allowed.includes(need)) throw new RpcError('forbidden');
      return { orgaId, meta: { orgaId, storeId: null, actor: null } };
    },
  } as unknown as ${access};
  const written: string[] = [];
  const notes = {
    list: async (orgaId: string) => [{ id: 'n1', orga_id: orgaId, text: 'Closed on Monday' }],
    create: async (scope: { orgaId: string }, text: string) => {
      written.push(text);
      return { id: 'n2', orga_id: scope.orgaId, text };
    },
  } as unknown as NoteService;
  return { handlers: new NoteHandlers(access, notes), asked, written };
}

describe('${name} note handlers', () => {
  it('R6.05 lets a member list the notes', async () => {
    const { handlers: h, asked } = handlers(['member']);
    await expect(h.list({ orga_id: ORGA }, ctx)).resolves.toEqual([{ id: 'n1', orga_id: ORGA, text: 'Closed on Monday' }]);
    expect(asked).toEqual(['member']);
  });

  it('R2.02 asks for an organization administrator before writing a note, and writes nothing otherwise', async () => {
    const staff = handlers(['member']);
    await expect(staff.handlers.create({ orga_id: ORGA, text: 'New opening hours' }, ctx)).rejects.toMatchObject({ code: 'forbidden' });
    expect(staff.written).toEqual([]);
    const admin = handlers(['member', 'orga_admin']);
    await expect(admin.handlers.create({ orga_id: ORGA, text: 'New opening hours' }, ctx)).resolves.toMatchObject({ text: 'New opening hours' });
    expect(admin.asked).toEqual(['orga_admin']);
  });
});
`,
    'src/purge/orga-purge.handlers.ts': `import { Injectable } from '@nestjs/common';
import { orgaCancelledEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';

/** Every ${name} table that holds an organization's rows. */
const ORGA_TABLES = ['note'] as const;

/** R1.17 a cancelled organization loses its ${name} data. */
@Injectable()
export class OrgaPurgeHandlers {
  @EventHandler({ durable: '${name}-orga-purge', events: [orgaCancelledEvent], maxDeliver: 5 })
  async onCancelled(event: EventEnvelope<EventPayload<typeof orgaCancelledEvent>>, manager: EntityManager): Promise<void> {
    for (const table of ORGA_TABLES) await manager.query(\`DELETE FROM \${table} WHERE orga_id = $1\`, [event.data.orga_id]);
  }
}
`,
    [`src/migrations/${n.migrationTime}-${name}-init.ts`]: `import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** ${name}'s first tables: the organization's notes. */
export class ${migration} implements MigrationInterface {
  name = '${migration}';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(\`CREATE TABLE \${s}."note" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "text" character varying(500) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_note" PRIMARY KEY ("id"))\`);
    await queryRunner.query(\`CREATE INDEX "ix_note_orga_created" ON \${s}."note" ("orga_id", "created_at")\`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(\`DROP TABLE \${s}."note"\`);
  }
}
`,
    [`src/${name}.service-definition.spec.ts`]: `import { loadKitConfig } from '@pawline/nest-kit';
import { ${definition} } from './${name}.service-definition';

describe('${name} service definition', () => {
  it('names its schema and queue group ${name} and listens for health on ${port}', () => {
    const config = loadKitConfig(${definition}, {});
    expect(config.serviceName).toBe('${name}');
    expect(config.httpPort).toBe(${port});
  });

  it('takes its health port from ${portVar}', () => {
    expect(loadKitConfig(${definition}, { ${portVar}: '4999' }).httpPort).toBe(4999);
  });

  it('has a migration for every entity it maps', () => {
    expect(${definition}.entities?.length).toBeGreaterThan(0);
    expect(${definition}.migrations?.length).toBeGreaterThan(0);
  });
});
`,
    [`test/integration/${name}-test-helpers.ts`]: `import { randomUUID } from 'node:crypto';
import { listMailboxRpc, loginRpc, registerUserRpc, verifyEmailRpc, type AuthContext } from '@pawline/contracts';
import { verifyAccessToken, type NatsRpcClient } from '@pawline/nest-kit';
import { call } from '@pawline/nest-kit/testing';

export const TEST_SECRET = '${name}-integration-secret-0123456789abcdef';

export type Salon = { auth: AuthContext; userId: string; orgaId: string; orgaName: string };

/** Registers a salon through identity (its owner is the organization's administrator), verifies the e-mail and logs in. */
export async function signUp(client: NatsRpcClient, firstName: string): Promise<Salon> {
  const email = \`\${firstName.toLowerCase()}.\${randomUUID().slice(0, 8)}@example.com\`;
  const password = 'a-long-password-1';
  const orgaName = \`Salone \${firstName}\`;
  const { user_id, orga_id } = await call(
    client,
    registerUserRpc,
    {
      email,
      password,
      first_name: firstName,
      last_name: 'Rossi',
      organization_name: orgaName,
      country: 'IT',
      language: 'it',
      accept_terms: true,
      accept_privacy: true,
    },
    null,
  );
  const mails = await call(client, listMailboxRpc, { to: email }, null);
  const token = /verify-email\\?token=([A-Za-z0-9_-]+)/.exec(mails[0]?.text ?? '')?.[1];
  if (!token) throw new Error(\`no verification mail for \${email}\`);
  await call(client, verifyEmailRpc, { token }, null);
  const session = await call(client, loginRpc, { username: email, password }, null);
  const claims = verifyAccessToken(TEST_SECRET, session.access_token);
  if (!claims) throw new Error('access token does not verify with the test secret');
  return { auth: { userId: claims.sub, sessionId: claims.sid, deviceId: null }, userId: user_id, orgaId: orga_id, orgaName };
}
`,
    [`test/integration/${name}.integration-spec.ts`]: `import { cancelOrgaRpc, ${c.create}, ${c.list}, type EventEnvelope } from '@pawline/contracts';
import type { NatsRpcClient, RunningService } from '@pawline/nest-kit';
import { call, createTestEnv, failureOf, type TestEnv } from '@pawline/nest-kit/testing';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the integration test boots the real identity service in-process (memberships)
import { identityService } from '../../../identity/src/identity.service-definition';
import { ${definition} } from '../../src/${name}.service-definition';
import { TEST_SECRET, signUp, type Salon } from './${name}-test-helpers';

jest.setTimeout(180_000);

describe('${name} service (real Postgres and NATS)', () => {
  let env: TestEnv;
  let service: RunningService;
  let client: NatsRpcClient;
  let anna: Salon;
  let jurgen: Salon;
  const published: EventEnvelope[] = [];

  const notesOf = async (orgaId: string) =>
    Number((await env.query<{ n: string }>(\`SELECT count(*) AS n FROM "${name}".note WHERE orga_id = $1\`, [orgaId]))[0]?.n);

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    env = await createTestEnv();
    await env.start(identityService);
    service = await env.start(${definition}, { httpPort: 0 });
    client = env.rpcClient();
    const events = env.nats().subscribe(\`\${env.subjectPrefix}evt.${name}.>\`);
    void (async () => {
      for await (const message of events) published.push(JSON.parse(message.string()) as EventEnvelope);
    })();
    anna = await signUp(client, 'Anna');
    jurgen = await signUp(client, 'Jurgen');
  });

  afterAll(async () => {
    await env.dispose();
  });

  it('answers GET /health with postgres and nats up', async () => {
    const response = await fetch(\`\${service.httpUrl}/health\`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'up', service: '${name}', checks: { postgres: 'up', nats: 'up' } });
  });

  it('answers rpc.${name}.health over NATS in its queue group', async () => {
    const envelope = JSON.stringify({ auth: null, lang: 'en', data: {} });
    const reply = await env.nats().request(\`\${env.subjectPrefix}rpc.${name}.health\`, envelope, { timeout: 5000 });
    expect(JSON.parse(reply.string())).toMatchObject({ ok: true, data: { status: 'up', service: '${name}', deadLetters: 0 } });
  });

  it('R2.02 lets the organization administrator add a note, lists it and publishes the created event', async () => {
    const note = await call(client, ${c.create}, { orga_id: anna.orgaId, text: '  Closed on Monday  ' }, anna.auth);
    expect(note).toMatchObject({ orga_id: anna.orgaId, text: 'Closed on Monday' });
    expect(await call(client, ${c.list}, { orga_id: anna.orgaId }, anna.auth)).toEqual([note]);
    for (let i = 0; i < 100 && !published.some((event) => JSON.stringify(event.data).includes(note.id)); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(published.find((event) => JSON.stringify(event.data).includes(note.id))).toMatchObject({
      subject: 'evt.${name}.note.created.v1',
      orgaId: anna.orgaId,
      data: { orga_id: anna.orgaId, note_id: note.id },
    });
  });

  it('R6.05 refuses another organization and anonymous callers, and shows them no row', async () => {
    expect((await failureOf(client, ${c.list}, { orga_id: anna.orgaId }, jurgen.auth)).code).toBe('forbidden');
    expect((await failureOf(client, ${c.create}, { orga_id: anna.orgaId, text: 'x' }, jurgen.auth)).code).toBe('forbidden');
    expect((await failureOf(client, ${c.list}, { orga_id: anna.orgaId }, null)).code).toBe('unauthorized');
    expect((await failureOf(client, ${c.create}, { orga_id: anna.orgaId, text: '' }, anna.auth)).code).toBe('validation_failed');
  });

  it("R1.17 purges a cancelled organization's notes and keeps the others'", async () => {
    await call(client, ${c.create}, { orga_id: jurgen.orgaId, text: 'Holidays in August' }, jurgen.auth);
    expect(await notesOf(jurgen.orgaId)).toBe(1);
    await call(client, cancelOrgaRpc, { orga_id: jurgen.orgaId, confirm_name: jurgen.orgaName }, jurgen.auth);
    for (let i = 0; i < 100 && (await notesOf(jurgen.orgaId)) > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await notesOf(jurgen.orgaId)).toBe(0);
    expect(await notesOf(anna.orgaId)).toBe(1);
  });
});
`,
    'README.md': `# ${name}

The \`${name}\` service: Postgres schema \`${name}\`, NATS queue group \`${name}\`, health port ${port}.
It starts with the generator's example, an organization's notes, which shows every piece a
service has; replace it with the service's own domain piece by piece.

## What it owns
- \`note\` (id, orga_id, text up to 500 characters, created_at): the organization's notes.

## Subjects (libs/contracts/src/${name})
- RPC: \`rpc.${name}.note.list\` (any member), \`rpc.${name}.note.create\` (organization administrators);
  \`rpc.${name}.health\` and \`rpc.${name}.dead-letter.list\` from the kit.
- Events (outbox): \`evt.${name}.note.created.v1\` (\`orga_id\`, \`note_id\`).
- Consumes \`evt.identity.orga.cancelled.v1\` (durable \`${name}-orga-purge\`): deletes the organization's rows (R1.17).

## Routes
Declared in \`libs/contracts/src/http/${name}.routes.ts\` (\`${n.propertyName}HttpRoutes\`, in \`HTTP_ROUTES\`), bound to
their access rule and RPC in \`services/gateway/src/routes/${name}.routes.ts\`; the browser calls them as
\`request(API_ROUTES.list${className}Notes, { params: { orga } })\` (libs/api-client).
- \`GET /api/v1/orga/:orga/${name}/notes\` (members), \`POST /api/v1/orga/:orga/${name}/note\` \`{ text }\` (organization administrators).

## Access
\`src/access/${name}-access.service.ts\` is the one place the service checks who may act: identity's
\`rpc.identity.member.access\`, cached 5 s; another organization gets \`forbidden\`, never a row.

## Run and test
- Alone: \`node -r ./tools/swc/register.cjs ${root}/src/main.ts\` (\`npm start\` runs it with the rest);
  \`GET http://localhost:${port}/health\` (\`${portVar}\` overrides the port).
- \`npx jest -c ${root}/jest.config.cjs ${root}/src\`: unit specs.
- \`npx jest -c ${root}/jest.config.cjs\`: also the integration spec (real Postgres and NATS, identity in-process).
- \`node tools/check-migrations.cjs ${root}/src/${name}.service-definition.ts\`: entities and migrations agree.
`,
  };
}
