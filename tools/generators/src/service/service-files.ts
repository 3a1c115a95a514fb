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
import { NoteHandlers } from './note/note.handlers';
import { NoteService } from './note/note.service';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';

/**
 * Health, NATS, the database, the outbox and access (AccessService and the guard of its decorators)
 * come from the kit. Handler classes are controllers: Nest binds their patterns only on those.
 */
@Module({
  controllers: [NoteHandlers, OrgaPurgeHandlers],
  providers: [NoteService],
})
export class ${className}Module {}
`,
    [`src/${name}.module.spec.ts`]: `import { handlesMessages, listedIn } from '@pawline/nest-kit/testing';
import { ${className}Module } from './${name}.module';
import { NoteHandlers } from './note/note.handlers';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';

// a handler class Nest only binds when the module lists it as a controller (libs/nest-kit/src/testing/module-wiring.ts)
const listed = (key: 'controllers' | 'providers') => listedIn(${className}Module, key);

describe('${name} module', () => {
  it('lists its handler classes as controllers', () => {
    expect(listed('controllers')).toEqual(expect.arrayContaining([NoteHandlers, OrgaPurgeHandlers]));
    expect(listed('controllers').every(handlesMessages)).toBe(true);
  });

  it('lists no handler class as a provider', () => {
    expect(listed('providers').filter(handlesMessages)).toEqual([]);
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
import { OutboxService, type OrgaScope } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';

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
    'src/note/note.handlers.ts': `import { Controller } from '@nestjs/common';
import { ${c.create}, ${c.list}, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { Member, OrgaAdmin, RpcHandler, scopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { NoteService } from './note.service';

/**
 * Any member reads the notes; organization administrators add them. The kit's access decorators
 * check the membership the gateway carried in the envelope (or ask identity) before the handler
 * runs, and leave the allowed scope for scopeOf(ctx) (docs/adr/0007-access-in-one-place.md).
 */
@Controller()
export class NoteHandlers {
  constructor(private readonly notes: NoteService) {}

  @Member()
  @RpcHandler(${c.list})
  async list(_input: RpcRequest<typeof ${c.list}>, ctx: RpcCallContext): Promise<RpcResponse<typeof ${c.list}>> {
    return this.notes.list(scopeOf(ctx).orgaId);
  }

  @OrgaAdmin()
  @RpcHandler(${c.create})
  async create(input: RpcRequest<typeof ${c.create}>, ctx: RpcCallContext): Promise<RpcResponse<typeof ${c.create}>> {
    return this.notes.create(scopeOf(ctx), input.text);
  }
}
`,
    'src/note/note.handlers.spec.ts': `import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { CheckedMember } from '@pawline/contracts';
import { AccessService, KitRpcContext, MemberAccessGuard, RpcError, type NatsRpcClient, type OrgaScope } from '@pawline/nest-kit';
import { NoteHandlers } from './note.handlers';
import type { NoteService } from './note.service';

const ORGA = '11111111-1111-4111-8111-111111111111';
const OTHER_ORGA = '44444444-4444-4444-8444-444444444444';
const USER = '22222222-2222-4222-8222-222222222222';
const auth = { userId: USER, sessionId: '33333333-3333-4333-8333-333333333333', deviceId: null };

/** The membership the gateway checked and carried in the envelope (spec §6 ranks: 1 admin, 3 worker). */
function member(orgaRank: number): CheckedMember {
  return {
    user_id: USER,
    orga_id: ORGA,
    member: true,
    active: true,
    orga_rank: orgaRank,
    employee_status: 1,
    store_overrides: {},
    store_ids: [],
    min_ranks: { read_store: 3, write_store: 2, read_pets: 3, write_pets: 3 },
    tier: 1,
    share_pets: false,
    store_time_zones: {},
  };
}

function setup() {
  const written: { scope: OrgaScope; text: string }[] = [];
  const notes = {
    list: async (orgaId: string) => [{ id: 'n1', orga_id: orgaId, text: 'Closed on Monday' }],
    create: async (scope: OrgaScope, text: string) => {
      written.push({ scope, text });
      return { id: 'n2', orga_id: scope.orgaId, text };
    },
  } as unknown as NoteService;
  const handlers = new NoteHandlers(notes);
  // a call without a carried membership of the organization asks identity, which knows no such member
  const rpc = {
    call: async () => {
      throw new RpcError('not_found');
    },
  } as unknown as NatsRpcClient;
  const guard = new MemberAccessGuard(new Reflector(), new AccessService(rpc));

  /** The handler as Nest runs it: the access guard of its decorators first, then the method. */
  async function handle<K extends 'list' | 'create'>(method: K, input: Parameters<NoteHandlers[K]>[0], carried: CheckedMember | undefined) {
    const ctx = new KitRpcContext(\`rpc.note.\${method}\`, auth, 'en', carried);
    const context = {
      getHandler: () => NoteHandlers.prototype[method],
      getClass: () => NoteHandlers,
      switchToRpc: () => ({ getData: () => input, getContext: () => ctx }),
    } as unknown as ExecutionContext;
    await guard.canActivate(context);
    return (handlers[method] as (input: unknown, ctx: KitRpcContext) => ReturnType<NoteHandlers[K]>).call(handlers, input, ctx);
  }
  return { handle, written };
}

describe('${name} note handlers (with the kit access guard)', () => {
  it('R6.05 lets a member list the notes', async () => {
    const { handle } = setup();
    await expect(handle('list', { orga_id: ORGA }, member(3))).resolves.toEqual([{ id: 'n1', orga_id: ORGA, text: 'Closed on Monday' }]);
  });

  it('R2.02 lets only an organization administrator write a note, with the outbox meta of the caller', async () => {
    const staff = setup();
    await expect(staff.handle('create', { orga_id: ORGA, text: 'New opening hours' }, member(3))).rejects.toMatchObject({ code: 'forbidden' });
    expect(staff.written).toEqual([]);
    const admin = setup();
    await expect(admin.handle('create', { orga_id: ORGA, text: 'New opening hours' }, member(1))).resolves.toMatchObject({
      orga_id: ORGA,
      text: 'New opening hours',
    });
    expect(admin.written).toEqual([
      { scope: expect.objectContaining({ orgaId: ORGA, meta: { orgaId: ORGA, storeId: null, actor: { userId: USER, deviceId: null } } }), text: 'New opening hours' },
    ]);
  });

  it('R6.05 refuses another organization: its membership is not the carried one, and identity knows none', async () => {
    const { handle, written } = setup();
    await expect(handle('list', { orga_id: OTHER_ORGA }, member(1))).rejects.toMatchObject({ code: 'forbidden' });
    await expect(handle('create', { orga_id: OTHER_ORGA, text: 'x' }, member(1))).rejects.toMatchObject({ code: 'forbidden' });
    expect(written).toEqual([]);
  });
});
`,
    'src/purge/orga-purge.handlers.ts': `import { Controller } from '@nestjs/common';
import { orgaCancelledEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';

/** Every ${name} table that holds an organization's rows. */
const ORGA_TABLES = ['note'] as const;

/** R1.17 a cancelled organization loses its ${name} data. */
@Controller()
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

/** A salon's owner: the RPC caller (auth) and the bearer token for the gateway's /api/v1 routes. */
export type Salon = { auth: AuthContext; token: string; userId: string; orgaId: string; orgaName: string };

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
  const claims = await verifyAccessToken(TEST_SECRET, session.access_token);
  if (!claims) throw new Error('access token does not verify with the test secret');
  return {
    auth: { userId: claims.sub, sessionId: claims.sid, deviceId: null },
    token: session.access_token,
    userId: user_id,
    orgaId: orga_id,
    orgaName,
  };
}
`,
    [`test/integration/${name}.integration-spec.ts`]: `import { cancelOrgaRpc, ${c.create}, ${c.list}, type EventEnvelope } from '@pawline/contracts';
import type { NatsRpcClient, RunningService } from '@pawline/nest-kit';
import { call, createTestEnv, failureOf, type TestEnv } from '@pawline/nest-kit/testing';
import { gatewayService } from '../../../gateway/src/gateway.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { ${definition} } from '../../src/${name}.service-definition';
import { TEST_SECRET, signUp, type Salon } from './${name}-test-helpers';

jest.setTimeout(180_000);

describe('${name} service (real Postgres and NATS)', () => {
  let env: TestEnv;
  let service: RunningService;
  let client: NatsRpcClient;
  let base = '';
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
    process.env['PAWLINE_SERVICES'] = 'identity,${name}';
    base = (await env.start(gatewayService, { httpPort: 0 })).httpUrl ?? '';
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

  it('answers its routes through the gateway: 201 and 200 for the administrator, 400 for an unknown field, 403 for another organization', async () => {
    const http = async (salon: Salon | null, method: string, path: string, body?: unknown) => {
      const response = await fetch(\`\${base}/api/v1/orga/\${anna.orgaId}/${name}/\${path}\`, {
        method,
        headers: {
          ...(salon ? { authorization: \`Bearer \${salon.token}\` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const created = await http(anna, 'POST', 'note', { text: 'Through the gateway' });
    expect(created).toMatchObject({ status: 201, body: { orga_id: anna.orgaId, text: 'Through the gateway' } });
    const listed = await http(anna, 'GET', 'notes');
    expect(listed.status).toBe(200);
    expect(listed.body).toContainEqual(created.body);
    expect(await http(anna, 'POST', 'note', { text: 'x', colour: 'red' })).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect((await http(jurgen, 'GET', 'notes')).status).toBe(403);
    expect((await http(jurgen, 'POST', 'note', { text: 'x' })).status).toBe(403);
    expect((await http(null, 'GET', 'notes')).status).toBe(401);
  });

  it("R1.17 purges a cancelled organization's notes and keeps the others'", async () => {
    await call(client, ${c.create}, { orga_id: jurgen.orgaId, text: 'Holidays in August' }, jurgen.auth);
    expect(await notesOf(jurgen.orgaId)).toBe(1);
    await call(client, cancelOrgaRpc, { orga_id: jurgen.orgaId, confirm_name: jurgen.orgaName }, jurgen.auth);
    for (let i = 0; i < 100 && (await notesOf(jurgen.orgaId)) > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await notesOf(jurgen.orgaId)).toBe(0);
    expect(await notesOf(anna.orgaId)).toBe(2);
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
Through libs/nest-kit's access (docs/adr/0007-access-in-one-place.md): \`@Member()\` on the list and
\`@OrgaAdmin()\` on the create handler check spec §6 against the membership the gateway checked and
carried in the envelope (a call without it asks identity), before the contract's schema; the handlers
read the allowed scope with \`scopeOf(ctx)\`. Another organization gets \`forbidden\`, never a row.
The gateway checks the same rule first (\`access\` in its route bindings).

## Run and test
- Alone: \`node -r ./tools/swc/register.cjs ${root}/src/main.ts\` (\`npm start\` runs it with the rest);
  \`GET http://localhost:${port}/health\` (\`${portVar}\` overrides the port).
- \`npx jest -c ${root}/jest.config.cjs ${root}/src\`: unit specs.
- \`npx jest -c ${root}/jest.config.cjs\`: also the integration spec (real Postgres, NATS and Redis; identity and the gateway in-process).
- \`node tools/check-migrations.cjs ${root}/src/${name}.service-definition.ts\`: entities and migrations agree.
`,
  };
}
