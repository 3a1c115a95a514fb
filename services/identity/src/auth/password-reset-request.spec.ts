import type { DataSource, EntityManager } from 'typeorm';
import type { MailDispatcher } from '../mail/mail-dispatcher.service';
import { OutgoingMailEntity } from '../mail/outgoing-mail.entity';
import { AuthService } from './auth.service';
import type { PasswordHasher } from './password-hasher';
import type { SessionService } from './session.service';

const anna = {
  id: 'a7f1c9a4-1f0e-4c8e-9e43-2d9a0c1b7e55',
  email: 'anna@example.it',
  firstName: 'Anna',
  language: 'it',
  deactivatedAt: null,
};

/** identity's reset step 1 over a stand-in database that knows Anna and a mail server that never answers. */
function resetService() {
  const queued: unknown[] = [];
  const manager = {
    query: () => Promise.resolve([]),
    insert: (entity: unknown, row: unknown) => {
      if (entity === OutgoingMailEntity) queued.push(row);
      return Promise.resolve();
    },
  } as unknown as EntityManager;
  const dataSource = {
    getRepository: () => ({
      createQueryBuilder: () => {
        let email = '';
        const query = {
          where: (_sql: string, params: { email: string }) => {
            email = params.email;
            return query;
          },
          getOne: () => Promise.resolve(email.toLowerCase() === anna.email ? anna : null),
        };
        return query;
      },
    }),
    transaction: (work: (m: EntityManager) => Promise<unknown>) => work(manager),
  } as unknown as DataSource;
  let dispatches = 0;
  const mails = {
    dispatchPending: () => {
      dispatches += 1;
      return new Promise<number>(() => undefined);
    },
  } as unknown as MailDispatcher;
  const service = new AuthService(dataSource, {} as never, {} as PasswordHasher, {} as SessionService, mails, {
    PUBLIC_URL: 'http://localhost:3000',
  } as never);
  return { service, queued, dispatches: () => dispatches };
}

const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([work, new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms))]);

describe('password reset request', () => {
  it('R1.13 answers a known and an unknown address alike, without waiting for the mail server', async () => {
    const { service, queued, dispatches } = resetService();
    expect(await within(500, service.requestPasswordReset({ email: 'nobody@example.it' }))).toEqual({ requested: true });
    expect(await within(500, service.requestPasswordReset({ email: 'ANNA@example.it' }))).toEqual({ requested: true });
    // the mail is queued with the token before the answer, and sending it has been started
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ to: anna.email });
    expect(dispatches()).toBe(1);
  });
});
