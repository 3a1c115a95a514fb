// `npm start -- --demo` (or `node -r ./tools/swc/register.cjs tools/demo/seed.ts` against a
// running stack): the demo salon, created the way a person would — registration and e-mail
// verification through identity's RPCs — plus what no public route does yet (the short
// username `demo`, a second store) through identity's own entities and outbox. Then, logged in
// as the demo owner, the customer book (seed-crm.ts, issue 4) and the month's calendar
// (seed-calendar.ts, issue 5) through crm's and scheduling's RPCs — those services must run.
// Idempotent: a second run finds everything in place and changes nothing.
import { join, resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { emailVerifiedEvent, loginRpc, listMailboxRpc, registerUserRpc, storeCreatedEvent, verifyEmailRpc } from '@pawline/contracts';
import { NatsRpcClient, OutboxService, RpcError, startService, type ServiceDefinition } from '@pawline/nest-kit';
import { authOfAccessToken, type DemoStore } from './demo-rpc';
import { localToday, seedCalendar, type CalendarSeedResult } from './seed-calendar';
import { seedCrm, type CrmSeedResult } from './seed-crm';

const root = resolve(__dirname, '../..');

export const DEMO = {
  organization: 'Pawline Demo Salon',
  secondStore: 'Pawline Demo Salon Nord',
  username: 'demo',
  password: 'demo-pawline',
  email: 'demo@pawline.local',
  firstName: 'Demo',
  lastName: 'Owner',
  country: 'DE',
  timeZone: 'Europe/Berlin',
} as const;

// The columns of identity's entities the seed touches (entity names are their class names).
type PersonUserRow = { id: string; email: string; username: string; emailVerifiedAt: Date | null };
type OrgaUserRow = { orgaId: string; userId: string; rank: number };
type StoreRow = {
  id: string;
  orgaId: string;
  name: string;
  address: string | null;
  city: string | null;
  zipCode: string | null;
  country: string;
  addressFromOrga: boolean;
  phone: string | null;
  timeZone: string;
};

/** The verification token from the sandbox mail's link (…/verify-email?token=…). */
export function tokenFromMail(text: string): string | null {
  const match = /\/verify-email\?token=([^\s"&<]+)/.exec(text);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

const ctx = { auth: null, lang: 'en' } as const;

async function findUser(dataSource: DataSource): Promise<PersonUserRow | null> {
  return dataSource
    .getRepository<PersonUserRow>('PersonUserEntity')
    .createQueryBuilder('u')
    .where('lower(u.email) = lower(:email)', { email: DEMO.email })
    .getOne();
}

async function verifyDirectly(dataSource: DataSource, outbox: OutboxService, user: PersonUserRow): Promise<void> {
  const verifiedAt = new Date();
  await dataSource.transaction(async (manager) => {
    await manager.getRepository<PersonUserRow>('PersonUserEntity').update({ id: user.id }, { emailVerifiedAt: verifiedAt });
    await outbox.add(
      manager,
      emailVerifiedEvent,
      { user_id: user.id, email: user.email, verified_at: verifiedAt.toISOString() },
      { orgaId: null, storeId: null, actor: { userId: user.id, deviceId: null } },
    );
  });
}

/** What a run added (all zero on a second run). */
export type DemoSeedResult = { crm: Omit<CrmSeedResult, 'books'>; calendar: CalendarSeedResult };

/**
 * `now` fixes "today" (the month the calendar fills); crm and scheduling must be running on the
 * same bus, since the customer book and the month go through their RPCs as the demo owner.
 */
export async function seedDemo(
  client: NatsRpcClient,
  dataSource: DataSource,
  outbox: OutboxService,
  log: (line: string) => void,
  now: Date = new Date(),
): Promise<DemoSeedResult> {
  let user = await findUser(dataSource);
  if (!user) {
    await client.call(
      registerUserRpc,
      {
        email: DEMO.email,
        password: DEMO.password,
        first_name: DEMO.firstName,
        last_name: DEMO.lastName,
        organization_name: DEMO.organization,
        country: DEMO.country,
        language: 'en',
        accept_terms: true,
        accept_privacy: true,
      },
      ctx,
    );
    log(`registered ${DEMO.email} with organization "${DEMO.organization}"`);
    user = await findUser(dataSource);
    if (!user) throw new Error('identity registered the demo user but it is not in identity.person_user');
  }

  if (!user.emailVerifiedAt) {
    const mails = await client.call(listMailboxRpc, { to: DEMO.email }, ctx);
    const tokens = mails.map((mail) => tokenFromMail(mail.text)).filter((t): t is string => t !== null);
    let verified = false;
    for (const token of tokens) {
      try {
        await client.call(verifyEmailRpc, { token }, ctx);
        verified = true;
        break;
      } catch (error) {
        if (!(error instanceof RpcError) || error.code !== 'token_invalid') throw error;
      }
    }
    if (!verified) {
      // An earlier, interrupted seed used the mailed token up: verify as identity would.
      await verifyDirectly(dataSource, outbox, user);
    }
    log(`verified ${DEMO.email}`);
  }

  if (user.username !== DEMO.username) {
    const users = dataSource.getRepository<PersonUserRow>('PersonUserEntity');
    const holder = await users.createQueryBuilder('u').where('lower(u.username) = :name', { name: DEMO.username }).getOne();
    if (holder && holder.id !== user.id) throw new Error(`the username "${DEMO.username}" belongs to another user (${holder.email})`);
    await users.update({ id: user.id }, { username: DEMO.username });
    log(`username set to ${DEMO.username}`);
  }

  const owner = await dataSource.getRepository<OrgaUserRow>('OrgaUserEntity').findOneBy({ userId: user.id, rank: 0 });
  if (!owner) throw new Error('the demo user owns no organization');
  const stores = dataSource.getRepository<StoreRow>('StoreEntity');
  if (!(await stores.findOneBy({ orgaId: owner.orgaId, name: DEMO.secondStore }))) {
    const demoUserId = user.id;
    await dataSource.transaction(async (manager) => {
      const store: StoreRow = {
        id: crypto.randomUUID(),
        orgaId: owner.orgaId,
        name: DEMO.secondStore,
        address: 'Hauptstraße 12',
        city: 'Hamburg',
        zipCode: '20095',
        country: DEMO.country,
        addressFromOrga: false,
        phone: null,
        timeZone: DEMO.timeZone,
      };
      await manager.getRepository<StoreRow>('StoreEntity').insert(store);
      await outbox.add(
        manager,
        storeCreatedEvent,
        { orga_id: owner.orgaId, store_id: store.id, name: store.name, time_zone: store.timeZone },
        { orgaId: owner.orgaId, storeId: store.id, actor: { userId: demoUserId, deviceId: null } },
      );
    });
    log(`second store "${DEMO.secondStore}" created`);
  }

  // The proof that a person can now log in as the banner says; the session is the one the
  // customer book and the calendar are written with.
  const session = await client.call(loginRpc, { username: DEMO.username, password: DEMO.password }, ctx);
  log(`login ${DEMO.username} / ${DEMO.password} works`);

  const storeRows = await stores.find({ where: { orgaId: owner.orgaId } });
  // the store made at registration first, then the second one
  const ordered: DemoStore[] = storeRows
    .sort(
      (a, b) =>
        Number(a.name === DEMO.secondStore) - Number(b.name === DEMO.secondStore) ||
        a.name.localeCompare(b.name) ||
        a.id.localeCompare(b.id),
    )
    .map((s) => ({ id: s.id, name: s.name, timeZone: s.timeZone }));
  const caller = { client, auth: authOfAccessToken(session.access_token), orgaId: owner.orgaId, log };
  const crm = await seedCrm(caller, ordered, localToday(now, DEMO.timeZone));
  const calendar = await seedCalendar(caller, ordered, crm.books, now);
  return { crm: { tagsCreated: crm.tagsCreated, customersCreated: crm.customersCreated, petsCreated: crm.petsCreated }, calendar };
}

async function main(): Promise<void> {
  const definitionFile = join(root, 'services/identity/src/identity.service-definition.ts');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- services are applications, loaded at run time like the launcher does
  const { identityService } = require(definitionFile) as { identityService: ServiceDefinition };
  // A second identity instance in this process: same database and queue group, no HTTP port.
  const identity = await startService(identityService, { httpPort: null });
  try {
    const started = Date.now();
    const result = await seedDemo(identity.app.get(NatsRpcClient), identity.app.get(DataSource), identity.app.get(OutboxService), (line) =>
      console.log(`[demo] ${line}`),
    );
    const { crm, calendar } = result;
    console.log(
      `[demo] added ${crm.tagsCreated} tags, ${crm.customersCreated} customers, ${crm.petsCreated} pets, ${calendar.treatmentsCreated} treatments, ` +
        `${calendar.appointmentsCreated} appointments in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    console.log('[demo] ready: log in as demo / demo-pawline');
  } finally {
    await identity.close();
  }
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('[demo] seeding failed:', error);
      process.exit(1);
    },
  );
}
