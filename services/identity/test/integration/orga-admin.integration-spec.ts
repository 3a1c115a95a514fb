import {
  autologinLinkRpc,
  autologinRpc,
  cancelOrgaRpc,
  changeEmailRpc,
  createMemberRpc,
  createStoreRpc,
  deactivateMemberRpc,
  deleteStoreRpc,
  getMemberRpc,
  getOrgaRpc,
  getUserRpc,
  listMailboxRpc,
  listMembersRpc,
  listStoresRpc,
  loginRpc,
  memberAccessRpc,
  rateAppRpc,
  reactivateMemberRpc,
  refreshSessionRpc,
  registerUserRpc,
  requestPasswordResetRpc,
  resetPasswordRpc,
  updateMemberRpc,
  updateOrgaRpc,
  updateOrgaSettingsRpc,
  undoEmailChangeRpc,
  updateStoreRpc,
  verifyEmailRpc,
  type AuthContext,
  type RpcRequest,
} from '@pawline/contracts';
import { COLOUR_PRESETS, shouldOpenRatingDialog } from '@pawline/domain';
import type { NatsRpcClient } from '@pawline/nest-kit';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { identityService } from '../../src/identity.service-definition';
import { TEST_SECRET, authOf, call, collectEvents, failureOf, waitFor } from './identity-test-helpers';

jest.setTimeout(90_000);

type Account = { auth: AuthContext; userId: string; orgaId: string; storeId: string; username: string; password: string; email: string };

describe('identity: account features, organizations, stores and team', () => {
  let env: TestEnv;
  let client: NatsRpcClient;
  let bus: ReturnType<typeof collectEvents>;
  let anna: Account;
  let bruno: Account;

  /** The token of the newest mail to `to` with a `path` link; a reset mail is sent after the answer, so it is waited for. */
  async function mailToken(to: string, path: 'verify-email' | 'reset-password' | 'undo-email-change' = 'verify-email'): Promise<string> {
    const pattern = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`);
    return waitFor(async () => {
      const mails = await call(client, listMailboxRpc, { to });
      return pattern.exec(mails.find((mail) => pattern.test(mail.text))?.text ?? '')?.[1];
    });
  }

  async function signIn(username: string, password: string): Promise<AuthContext> {
    return await authOf((await call(client, loginRpc, { username, password })).access_token);
  }

  async function owner(email: string, first: string, last: string, organization: string): Promise<Account> {
    const password = `${first.toLowerCase()}-secret-1`;
    const registration: RpcRequest<typeof registerUserRpc> = {
      email,
      password,
      first_name: first,
      last_name: last,
      organization_name: organization,
      country: 'IT',
      language: 'en',
      accept_terms: true,
      accept_privacy: true,
    };
    const { user_id, orga_id } = await call(client, registerUserRpc, registration);
    await call(client, verifyEmailRpc, { token: await mailToken(email) });
    const auth = await signIn(email, password);
    const person = await call(client, getUserRpc, {}, auth);
    const [store] = await call(client, listStoresRpc, { orga_id }, auth);
    return { auth, userId: user_id, orgaId: orga_id, storeId: store?.id ?? '', username: person.username, password, email };
  }

  async function member(
    admin: Account,
    data: Partial<RpcRequest<typeof createMemberRpc>> & { first_name: string; last_name: string; email: string },
  ) {
    return call(client, createMemberRpc, { orga_id: admin.orgaId, orga_rank: 3, ...data }, admin.auth);
  }

  const count = async (sql: string, params: unknown[]): Promise<number> =>
    Number((await env.query<{ n: string }>(`SELECT count(*) AS n FROM ${sql}`, params))[0]?.n);

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    process.env['PUBLIC_URL'] = 'http://pawline.test';
    delete process.env['MAIL_TRANSPORT'];
    env = await createTestEnv();
    bus = collectEvents(env);
    await env.start(identityService);
    client = env.rpcClient();
    anna = await owner('anna@example.it', 'Anna', 'Rossi', 'Toelettatura Anna');
    bruno = await owner('bruno@example.it', 'Bruno', 'Verdi', 'Bruno Pets');
  });

  afterAll(async () => {
    bus?.stop();
    await env?.dispose();
  });

  describe('account features', () => {
    it('R1.14 keeps a changed e-mail pending until the link mailed to the new address is opened', async () => {
      expect(await call(client, changeEmailRpc, { email: 'anna.new@example.it', current_password: anna.password }, anna.auth)).toEqual({
        pending_email: 'anna.new@example.it',
      });
      expect(await call(client, getUserRpc, {}, anna.auth)).toMatchObject({
        email: 'anna@example.it',
        pending_email: 'anna.new@example.it',
      });
      expect((await failureOf(client, loginRpc, { username: 'anna.new@example.it', password: anna.password })).code).toBe('server_112');

      const mails = await call(client, listMailboxRpc, { to: 'anna.new@example.it' });
      expect(mails[0]?.subject).toBe('Confirm your new e-mail address for Pawline');
      const token = await mailToken('anna.new@example.it');
      expect(mails[0]?.text).toContain(`http://pawline.test/verify-email?token=${token}`);
      expect(await call(client, verifyEmailRpc, { token })).toEqual({ verified: true });
      expect((await failureOf(client, verifyEmailRpc, { token })).code).toBe('token_invalid');

      expect(await call(client, getUserRpc, {}, anna.auth)).toMatchObject({ email: 'anna.new@example.it', pending_email: null });
      expect((await call(client, loginRpc, { username: 'anna.new@example.it', password: anna.password })).user_id).toBe(anna.userId);
      expect((await failureOf(client, loginRpc, { username: 'anna@example.it', password: anna.password })).code).toBe('server_112');
      await waitFor(() =>
        bus.events.find((e) => e.subject === 'evt.identity.email.verified.v1' && JSON.stringify(e.data).includes('anna.new@example.it')),
      );
      anna.email = 'anna.new@example.it';
    });

    it('R1.14 refuses an address another account uses (server_101) and needs a signed-in caller', async () => {
      expect(
        (await failureOf(client, changeEmailRpc, { email: 'BRUNO@example.it', current_password: anna.password }, anna.auth)).code,
      ).toBe('server_101');
      expect((await failureOf(client, changeEmailRpc, { email: 'x@example.it', current_password: anna.password })).code).toBe(
        'unauthorized',
      );
      expect((await failureOf(client, changeEmailRpc, { email: 'not-an-address', current_password: anna.password }, anna.auth)).code).toBe(
        'validation_failed',
      );
    });

    it('R1.14 a change of e-mail address needs the current password, not only a signed-in session', async () => {
      const wrong = await failureOf(client, changeEmailRpc, { email: 'thief@example.it', current_password: 'not-her-password' }, anna.auth);
      expect(wrong.code).toBe('server_112');
      expect(await call(client, listMailboxRpc, { to: 'thief@example.it' })).toEqual([]);
      expect(await call(client, getUserRpc, {}, anna.auth)).toMatchObject({ pending_email: null });
      // the wire contract requires it too
      expect((await failureOf(client, changeEmailRpc, { email: 'thief@example.it' } as never, anna.auth)).code).toBe('validation_failed');
    });

    it('R1.14 tells the old address about a change, and its link undoes the change even after it was confirmed', async () => {
      const carlo = await owner('carlo@example.it', 'Carlo', 'Neri', 'Carlo Pets');
      const other = await call(client, loginRpc, { username: 'carlo@example.it', password: carlo.password });
      await call(client, changeEmailRpc, { email: 'carlo.stolen@example.it', current_password: carlo.password }, carlo.auth);

      const notices = await call(client, listMailboxRpc, { to: 'carlo@example.it' });
      const notice = notices.find((mail) => mail.subject === 'The e-mail address of your Pawline account is being changed');
      expect(notice?.text).toContain('http://pawline.test/undo-email-change?token=');
      const undo = await mailToken('carlo@example.it', 'undo-email-change');
      // the thief confirms the new address: it takes effect
      expect(await call(client, verifyEmailRpc, { token: await mailToken('carlo.stolen@example.it') })).toEqual({ verified: true });
      expect(await call(client, getUserRpc, {}, carlo.auth)).toMatchObject({ email: 'carlo.stolen@example.it' });

      expect(await call(client, undoEmailChangeRpc, { token: undo })).toEqual({ undone: true, email: 'carlo@example.it' });
      expect((await failureOf(client, undoEmailChangeRpc, { token: undo })).code).toBe('token_invalid');
      // the old address is back and every session ended (the thief's too)
      expect((await failureOf(client, getUserRpc, {}, carlo.auth)).code).toBe('session_expired');
      expect((await failureOf(client, refreshSessionRpc, { refresh_token: other.refresh_token })).code).toBe('session_expired');
      expect((await failureOf(client, loginRpc, { username: 'carlo.stolen@example.it', password: carlo.password })).code).toBe(
        'server_112',
      );
      const back = await signIn('carlo@example.it', carlo.password);
      expect(await call(client, getUserRpc, {}, back)).toMatchObject({ email: 'carlo@example.it', pending_email: null });
    });

    it('R1.14 undoing a change that is still pending drops it and its confirmation link', async () => {
      const dora = await owner('dora@example.it', 'Dora', 'Blu', 'Dora Pets');
      await call(client, changeEmailRpc, { email: 'dora.new@example.it', current_password: dora.password }, dora.auth);
      const confirm = await mailToken('dora.new@example.it');
      await call(client, undoEmailChangeRpc, { token: await mailToken('dora@example.it', 'undo-email-change') });
      expect((await failureOf(client, verifyEmailRpc, { token: confirm })).code).toBe('token_invalid');
      const back = await signIn('dora@example.it', dora.password);
      expect(await call(client, getUserRpc, {}, back)).toMatchObject({ email: 'dora@example.it', pending_email: null });
      expect((await failureOf(client, undoEmailChangeRpc, { token: 'no-such-token' })).code).toBe('token_invalid');
    });

    it('R1.14 refuses to apply a verified change when another account took the address meanwhile', async () => {
      await call(client, changeEmailRpc, { email: 'shared@example.it', current_password: bruno.password }, bruno.auth);
      const token = await mailToken('shared@example.it');
      await member(anna, { first_name: 'Sara', last_name: 'Shared', email: 'shared@example.it' });
      expect((await failureOf(client, verifyEmailRpc, { token })).code).toBe('server_101');
      expect(await call(client, getUserRpc, {}, bruno.auth)).toMatchObject({
        email: 'bruno@example.it',
        pending_email: 'shared@example.it',
      });
    });

    it('R1.15 R2.04 builds /autologin?u=&p= with a one-time token, never the password, that signs in once', async () => {
      const link = await call(client, autologinLinkRpc, {}, anna.auth);
      const url = new URL(link.url);
      expect(url.origin + url.pathname).toBe('http://pawline.test/autologin');
      const u = url.searchParams.get('u') ?? '';
      const p = url.searchParams.get('p') ?? '';
      expect(u).toBe(anna.username);
      expect(p).not.toBe(anna.password);
      expect(link.url).not.toContain(encodeURIComponent(anna.password));
      const lifetime = Date.parse(link.expires_at) - Date.now();
      expect(lifetime).toBeGreaterThan(9 * 60_000);
      expect(lifetime).toBeLessThanOrEqual(10 * 60_000);

      expect((await failureOf(client, autologinRpc, { u: bruno.username, p })).code).toBe('token_invalid');
      const session = await call(client, autologinRpc, { u, p, device_id: 'phone' });
      expect(session.user_id).toBe(anna.userId);
      expect((await call(client, getUserRpc, {}, await authOf(session.access_token))).id).toBe(anna.userId);
      expect((await failureOf(client, autologinRpc, { u, p })).code).toBe('token_invalid');
      expect((await failureOf(client, autologinLinkRpc, {})).code).toBe('unauthorized');
    });

    it('R1.15 refuses an expired auto-login token and retires the previous link when a new one is made', async () => {
      const first = new URL((await call(client, autologinLinkRpc, {}, anna.auth)).url);
      const second = new URL((await call(client, autologinLinkRpc, {}, anna.auth)).url);
      expect((await failureOf(client, autologinRpc, { u: anna.username, p: first.searchParams.get('p') ?? '' })).code).toBe(
        'token_invalid',
      );
      await env.query(
        `UPDATE identity.email_token SET expires_at = now() - interval '1 second' WHERE kind = 'autologin' AND used_at IS NULL`,
      );
      expect((await failureOf(client, autologinRpc, { u: anna.username, p: second.searchParams.get('p') ?? '' })).code).toBe(
        'token_invalid',
      );
    });

    it('R1.13 answers a reset request the same for unknown addresses and refuses an expired reset token', async () => {
      expect(await call(client, requestPasswordResetRpc, { email: 'nobody@example.it' })).toEqual({ requested: true });
      expect(await call(client, requestPasswordResetRpc, { email: bruno.email })).toEqual({ requested: true });
      const token = await mailToken(bruno.email, 'reset-password');
      await env.query(`UPDATE identity.email_token SET expires_at = now() - interval '1 second' WHERE kind = 'reset' AND user_id = $1`, [
        bruno.userId,
      ]);
      expect((await failureOf(client, resetPasswordRpc, { token, password: 'another-pass-1' })).code).toBe('token_invalid');
      expect((await call(client, loginRpc, { username: bruno.username, password: bruno.password })).user_id).toBe(bruno.userId);
    });

    it('R7.02 R4.07 R4.06 records a skip (-1) or 1–5 stars and moves last_rating_time, which closes the prompt', async () => {
      const orga = await call(client, getOrgaRpc, { orga_id: bruno.orgaId }, bruno.auth);
      const before = await call(client, getUserRpc, {}, bruno.auth);
      const in31Days = new Date(Date.now() + 31 * 86_400_000);
      expect(shouldOpenRatingDialog({ ...before, orga_created_at: orga.created_at, now: in31Days })).toBe(true);

      const skipped = await call(client, rateAppRpc, { rating: -1 }, bruno.auth);
      expect(skipped.last_rating_time).not.toBeNull();
      expect(shouldOpenRatingDialog({ ...skipped, orga_created_at: orga.created_at, now: in31Days })).toBe(false);
      const rated = await call(client, rateAppRpc, { rating: 4, annotation: 'Great' }, bruno.auth);
      expect(Date.parse(rated.last_rating_time ?? '')).toBeGreaterThanOrEqual(Date.parse(skipped.last_rating_time ?? ''));
      expect((await failureOf(client, rateAppRpc, { rating: 6 }, bruno.auth)).code).toBe('validation_failed');
      const rows = await env.query<{ rating: number }>(`SELECT rating FROM identity.user_rating WHERE user_id = $1 ORDER BY created_at`, [
        bruno.userId,
      ]);
      expect(rows.map((r) => r.rating)).toEqual([-1, 4]);
    });
  });

  describe('organization data and settings (organization administrators only)', () => {
    it('R3.02 R2.02 updates the organization data and announces it', async () => {
      const updated = await call(
        client,
        updateOrgaRpc,
        {
          orga_id: anna.orgaId,
          name: 'Toelettatura Anna & Co',
          address: 'Via Roma 1',
          city: 'Firenze',
          zip_code: '50100',
          country: 'IT',
          address_from_owner: false,
        },
        anna.auth,
      );
      expect(updated).toMatchObject({
        name: 'Toelettatura Anna & Co',
        address: 'Via Roma 1',
        city: 'Firenze',
        zip_code: '50100',
        address_from_owner: false,
      });
      await waitFor(() => bus.events.find((e) => e.subject === 'evt.identity.orga.updated.v1' && e.orgaId === anna.orgaId));
      expect(
        (
          await failureOf(
            client,
            updateOrgaRpc,
            { orga_id: anna.orgaId, country: 'US' } as unknown as RpcRequest<typeof updateOrgaRpc>,
            anna.auth,
          )
        ).code,
      ).toBe('validation_failed');
    });

    it('R3.02 R6.03 stores minimum ranks and share_pets, and the admin notification sanitized', async () => {
      const settings = await call(
        client,
        updateOrgaSettingsRpc,
        {
          orga_id: anna.orgaId,
          min_rank_read_store: 3,
          min_rank_write_store: 2,
          min_rank_read_pets: 3,
          min_rank_write_pets: 2,
          share_pets: true,
          admin_notification: '<p onclick="steal()">Closed <b>Monday</b><script>alert(1)</script> <a href="javascript:x()">x</a></p>',
        },
        anna.auth,
      );
      expect(settings).toMatchObject({
        min_rank_read_store: 3,
        min_rank_write_store: 2,
        min_rank_read_pets: 3,
        min_rank_write_pets: 2,
        share_pets: true,
      });
      expect(settings.admin_notification).toBe('<p>Closed <b>Monday</b> <a>x</a></p>');
      const access = await call(client, memberAccessRpc, { user_id: anna.userId, orga_id: anna.orgaId });
      expect(access.min_ranks).toEqual({ read_store: 3, write_store: 2, read_pets: 3, write_pets: 2 });
      expect(
        (await call(client, updateOrgaSettingsRpc, { orga_id: anna.orgaId, admin_notification: '<script>x</script>' }, anna.auth))
          .admin_notification,
      ).toBeNull();
      await call(
        client,
        updateOrgaSettingsRpc,
        { orga_id: anna.orgaId, min_rank_read_store: 4, min_rank_write_store: 3, min_rank_read_pets: 4, min_rank_write_pets: 3 },
        anna.auth,
      );
    });

    it("stores what the calendar's appointment cards show, refuses a malformed setting and clears it with null", async () => {
      const chosen = await call(
        client,
        updateOrgaSettingsRpc,
        { orga_id: anna.orgaId, appointment_card_custom: '["pets","treatments","price"]' },
        anna.auth,
      );
      expect(chosen.appointment_card_custom).toBe('["pets","treatments","price"]');
      expect((await call(client, getOrgaRpc, { orga_id: anna.orgaId }, anna.auth)).appointment_card_custom).toBe(
        '["pets","treatments","price"]',
      );
      const malformed = { orga_id: anna.orgaId, appointment_card_custom: 'pets,price' };
      expect((await failureOf(client, updateOrgaSettingsRpc, malformed, anna.auth)).code).toBe('validation_failed');
      const [kept] = await env.query<{ appointment_card_custom: string | null }>(
        `SELECT appointment_card_custom FROM identity.organization WHERE id = $1`,
        [anna.orgaId],
      );
      expect(kept?.appointment_card_custom).toBe('["pets","treatments","price"]');
      const cleared = await call(client, updateOrgaSettingsRpc, { orga_id: anna.orgaId, appointment_card_custom: null }, anna.auth);
      expect(cleared.appointment_card_custom).toBeNull();
    });

    it('R2.02 refuses a member of another organization and organization users below admin', async () => {
      const worker = await member(anna, { first_name: 'Walter', last_name: 'Bianchi', email: 'walter@example.it', orga_rank: 2 });
      const workerAuth = await signIn(worker.username, worker.first_password);
      for (const auth of [bruno.auth, workerAuth]) {
        expect((await failureOf(client, updateOrgaRpc, { orga_id: anna.orgaId, name: 'Hacked' }, auth)).code).toBe('forbidden');
        expect((await failureOf(client, updateOrgaSettingsRpc, { orga_id: anna.orgaId, share_pets: false }, auth)).code).toBe('forbidden');
        expect((await failureOf(client, listMembersRpc, { orga_id: anna.orgaId }, auth)).code).toBe('forbidden');
        expect(
          (await failureOf(client, createStoreRpc, { orga_id: anna.orgaId, name: 'X', country: 'IT', address_from_orga: true }, auth)).code,
        ).toBe('forbidden');
      }
      expect((await failureOf(client, updateOrgaRpc, { orga_id: anna.orgaId, name: 'Anon' })).code).toBe('unauthorized');
      const [orga] = await env.query<{ name: string; share_pets: boolean }>(
        `SELECT name, share_pets FROM identity.organization WHERE id = $1`,
        [anna.orgaId],
      );
      expect(orga).toEqual({ name: 'Toelettatura Anna & Co', share_pets: true });
    });
  });

  describe('stores', () => {
    it('R3.04 creates, updates and deletes stores with phone and IANA time zone checks', async () => {
      const store = await call(
        client,
        createStoreRpc,
        {
          orga_id: anna.orgaId,
          name: 'Anna Centro',
          address: 'Via Dante 3',
          city: 'Firenze',
          zip_code: '50123',
          country: 'IT',
          address_from_orga: false,
          phone: '+39 055 123456',
        },
        anna.auth,
      );
      expect(store).toMatchObject({
        orga_id: anna.orgaId,
        name: 'Anna Centro',
        phone: '+39 055 123456',
        time_zone: 'Europe/Rome',
        address_from_orga: false,
      });
      // issue 27: the event carries the address on one line (messaging's booking confirmation names it)
      const [created] = await env.query<{ envelope: { data: { address?: string | null } } }>(
        `SELECT envelope FROM identity.outbox_event WHERE subject LIKE '%store.created.v1' AND envelope->'data'->>'store_id' = $1`,
        [store.id],
      );
      expect(created?.envelope.data.address).toBe('Via Dante 3, 50123 Firenze');
      const zurich = await call(
        client,
        createStoreRpc,
        { orga_id: anna.orgaId, name: 'Anna Zürich', country: 'CH', address_from_orga: true, time_zone: 'Europe/Zurich' },
        anna.auth,
      );
      expect(zurich.time_zone).toBe('Europe/Zurich');

      const badPhone = await failureOf(
        client,
        createStoreRpc,
        { orga_id: anna.orgaId, name: 'X', country: 'IT', address_from_orga: true, phone: 'call me' },
        anna.auth,
      );
      expect([badPhone.code, badPhone.fields]).toEqual(['validation_failed', { phone: 'validation.phoneFormat' }]);
      const badZone = await failureOf(
        client,
        createStoreRpc,
        { orga_id: anna.orgaId, name: 'X', country: 'IT', address_from_orga: true, time_zone: 'Europe/Atlantis' },
        anna.auth,
      );
      expect([badZone.code, badZone.fields]).toEqual(['validation_failed', { time_zone: 'validation.timeZone' }]);

      const updated = await call(
        client,
        updateStoreRpc,
        { orga_id: anna.orgaId, store_id: store.id, name: 'Anna Duomo', phone: '', time_zone: 'Europe/London' },
        anna.auth,
      );
      expect(updated).toMatchObject({ name: 'Anna Duomo', phone: null, time_zone: 'Europe/London', city: 'Firenze' });
      expect((await failureOf(client, updateStoreRpc, { orga_id: bruno.orgaId, store_id: store.id, name: 'Mine' }, bruno.auth)).code).toBe(
        'not_found',
      );
      expect((await failureOf(client, updateStoreRpc, { orga_id: anna.orgaId, store_id: store.id, name: 'Mine' }, bruno.auth)).code).toBe(
        'forbidden',
      );

      expect(await call(client, deleteStoreRpc, { orga_id: anna.orgaId, store_id: zurich.id }, anna.auth)).toEqual({ deleted: true });
      expect((await call(client, listStoresRpc, { orga_id: anna.orgaId }, anna.auth)).map((s) => s.id)).toEqual([anna.storeId, store.id]);
      await waitFor(() => bus.events.find((e) => e.subject === 'evt.identity.store.deleted.v1' && e.storeId === zurich.id));
      expect((await failureOf(client, deleteStoreRpc, { orga_id: bruno.orgaId, store_id: bruno.storeId }, bruno.auth)).code).toBe(
        'conflict',
      );
      expect(await count(`identity.store WHERE orga_id = $1`, [bruno.orgaId])).toBe(1);
    });
  });

  describe('team', () => {
    it('R3.03 R5.17 R9.09 creates a member with a generated username, a first password and the default colours', async () => {
      const created = await member(anna, {
        first_name: 'Jürgen',
        last_name: 'Größe',
        email: 'juergen@example.de',
        address: 'Hauptstraße 1',
        city: 'Berlin',
        zip_code: '10115',
        country: 'DE',
        fon_nr: '+49 30 1234567',
        orga_rank: 3,
      });
      expect(created).toMatchObject({
        username: 'juergengroesse',
        orga_rank: 3,
        employee_status: 1,
        color_scheme: '#4c61b4:#6d81d0',
        active: true,
        fon_nr: '+49 30 1234567',
        country: 'DE',
        store_override: {},
      });
      expect(created.first_password).toMatch(/^[A-Za-z0-9]{14}$/);
      const [row] = await env.query<{ password_hash: string }>(`SELECT password_hash FROM identity.person_user WHERE id = $1`, [
        created.user_id,
      ]);
      expect(row?.password_hash).not.toContain(created.first_password);
      expect((await call(client, loginRpc, { username: 'juergengroesse', password: created.first_password })).user_id).toBe(
        created.user_id,
      );

      const twin = await member(anna, {
        first_name: 'Juergen',
        last_name: 'Groesse',
        email: 'juergen2@example.de',
        color_scheme: `${COLOUR_PRESETS[2]?.border}:${COLOUR_PRESETS[2]?.card}`,
      });
      expect(twin.username).toBe('juergengroesse1');
      expect(twin.color_scheme).toBe('#1b5e20:#2e7d32');
      const custom = await call(
        client,
        updateMemberRpc,
        { orga_id: anna.orgaId, user_id: twin.user_id, color_scheme: '#ABCDEF:#123456' },
        anna.auth,
      );
      expect(custom.color_scheme).toBe('#abcdef:#123456');

      expect(
        (
          await failureOf(
            client,
            createMemberRpc,
            { orga_id: anna.orgaId, first_name: 'A', last_name: 'B', email: 'JUERGEN@example.de', orga_rank: 3 },
            anna.auth,
          )
        ).code,
      ).toBe('server_101');
      const badPhone = await failureOf(
        client,
        createMemberRpc,
        { orga_id: anna.orgaId, first_name: 'A', last_name: 'B', email: 'ab@example.de', orga_rank: 3, fon_nr: 'x' },
        anna.auth,
      );
      expect(badPhone.fields).toEqual({ fon_nr: 'validation.phoneFormat' });
      expect(
        (
          await failureOf(
            client,
            createMemberRpc,
            { orga_id: anna.orgaId, first_name: 'A', last_name: 'B', email: 'ab@example.de', orga_rank: 3, color_scheme: 'red:blue' },
            anna.auth,
          )
        ).code,
      ).toBe('validation_failed');

      const team = await call(client, listMembersRpc, { orga_id: anna.orgaId }, anna.auth);
      expect(team.map((m) => m.username)).toEqual(expect.arrayContaining(['annarossi', 'juergengroesse', 'juergengroesse1']));
      expect(await call(client, getMemberRpc, { orga_id: anna.orgaId, user_id: created.user_id }, anna.auth)).toMatchObject({
        city: 'Berlin',
        zip_code: '10115',
      });
      expect((await failureOf(client, getMemberRpc, { orga_id: anna.orgaId, user_id: created.user_id }, bruno.auth)).code).toBe(
        'forbidden',
      );
      expect((await failureOf(client, getMemberRpc, { orga_id: bruno.orgaId, user_id: created.user_id }, bruno.auth)).code).toBe(
        'not_found',
      );
    });

    it('R6.02 only the owner makes or changes an owner; an admin grants no rank above their own', async () => {
      const admin = await member(anna, { first_name: 'Ada', last_name: 'Admin', email: 'ada@example.it', orga_rank: 1 });
      const adminAuth = await signIn(admin.username, admin.first_password);
      const worker = await member(anna, { first_name: 'Wanda', last_name: 'Worker', email: 'wanda@example.it', orga_rank: 4 });

      expect(
        (
          await failureOf(
            client,
            createMemberRpc,
            { orga_id: anna.orgaId, first_name: 'O', last_name: 'Two', email: 'o2@example.it', orga_rank: 0 },
            adminAuth,
          )
        ).code,
      ).toBe('forbidden');
      expect(
        (await failureOf(client, updateMemberRpc, { orga_id: anna.orgaId, user_id: worker.user_id, orga_rank: 0 }, adminAuth)).code,
      ).toBe('forbidden');
      expect(
        (
          await failureOf(
            client,
            updateMemberRpc,
            { orga_id: anna.orgaId, user_id: worker.user_id, store_override: { [anna.storeId]: 0 } },
            adminAuth,
          )
        ).code,
      ).toBe('forbidden');
      expect(
        (await failureOf(client, updateMemberRpc, { orga_id: anna.orgaId, user_id: anna.userId, first_name: 'Renamed' }, adminAuth)).code,
      ).toBe('forbidden');
      expect((await failureOf(client, deactivateMemberRpc, { orga_id: anna.orgaId, user_id: anna.userId }, adminAuth)).code).toBe(
        'forbidden',
      );

      expect(
        (
          await call(
            client,
            updateMemberRpc,
            { orga_id: anna.orgaId, user_id: worker.user_id, orga_rank: 1, employee_status: 2 },
            adminAuth,
          )
        ).orga_rank,
      ).toBe(1);
      expect(
        (await call(client, updateMemberRpc, { orga_id: anna.orgaId, user_id: worker.user_id, orga_rank: 0 }, anna.auth)).orga_rank,
      ).toBe(0);
      expect(
        (await call(client, updateMemberRpc, { orga_id: anna.orgaId, user_id: worker.user_id, orga_rank: 3 }, anna.auth)).orga_rank,
      ).toBe(3);
      // the last owner cannot step down
      expect((await failureOf(client, updateMemberRpc, { orga_id: anna.orgaId, user_id: anna.userId, orga_rank: 1 }, anna.auth)).code).toBe(
        'conflict',
      );
      const [row] = await env.query<{ rank: number }>(`SELECT rank FROM identity.orga_user WHERE user_id = $1`, [anna.userId]);
      expect(row?.rank).toBe(0);
    });

    it('R6.04 R3.03 a member with store overrides reaches only those stores', async () => {
      const stores = await call(client, listStoresRpc, { orga_id: anna.orgaId }, anna.auth);
      const second = stores.find((s) => s.id !== anna.storeId);
      if (!second) throw new Error('the store test should have left a second store');
      const emma = await member(anna, {
        first_name: 'Emma',
        last_name: 'Store',
        email: 'emma@example.it',
        orga_rank: 3,
        store_override: { [second.id]: 2 },
      });
      expect(emma.store_override).toEqual({ [second.id]: 2 });
      const emmaAuth = await signIn(emma.username, emma.first_password);
      expect((await call(client, listStoresRpc, { orga_id: anna.orgaId }, emmaAuth)).map((s) => s.id)).toEqual([second.id]);
      const access = await call(client, memberAccessRpc, { user_id: emma.user_id, orga_id: anna.orgaId });
      expect(access).toMatchObject({ orga_rank: 3, store_overrides: { [second.id]: 2 }, store_ids: [second.id] });

      expect(
        (
          await failureOf(
            client,
            updateMemberRpc,
            { orga_id: anna.orgaId, user_id: emma.user_id, store_override: { [bruno.storeId]: 3 } },
            anna.auth,
          )
        ).code,
      ).toBe('not_found');
      const general = await call(client, updateMemberRpc, { orga_id: anna.orgaId, user_id: emma.user_id, store_override: {} }, anna.auth);
      expect(general.store_override).toEqual({});
      expect((await call(client, listStoresRpc, { orga_id: anna.orgaId }, emmaAuth)).map((s) => s.id).sort()).toEqual(
        stores.map((s) => s.id).sort(),
      );
    });

    it('R3.03 R6.04 a deactivated member cannot sign in and loses live sessions at once; reactivation restores', async () => {
      const tom = await member(anna, { first_name: 'Tom', last_name: 'Temp', email: 'tom@example.it', orga_rank: 3 });
      const session = await call(client, loginRpc, { username: tom.username, password: tom.first_password });
      const before = bus.events.length;

      const off = await call(client, deactivateMemberRpc, { orga_id: anna.orgaId, user_id: tom.user_id }, anna.auth);
      expect(off.active).toBe(false);
      const revoked = await waitFor(() => bus.events.slice(before).find((e) => e.subject === 'evt.identity.session.revoked.v1'));
      expect(revoked.data).toMatchObject({ user_id: tom.user_id, session_ids: [(await authOf(session.access_token)).sessionId] });
      await waitFor(() =>
        bus.events
          .slice(before)
          .find((e) => e.subject === 'evt.identity.member.changed.v1' && JSON.stringify(e.data).includes(tom.user_id)),
      );
      expect((await failureOf(client, getUserRpc, {}, await authOf(session.access_token))).code).toBe('session_expired');
      expect((await failureOf(client, refreshSessionRpc, { refresh_token: session.refresh_token })).code).toBe('session_expired');
      expect((await failureOf(client, loginRpc, { username: tom.username, password: tom.first_password })).code).toBe('server_1010');
      expect(await call(client, memberAccessRpc, { user_id: tom.user_id, orga_id: anna.orgaId })).toMatchObject({
        active: false,
        store_ids: [],
      });
      expect((await failureOf(client, deactivateMemberRpc, { orga_id: anna.orgaId, user_id: anna.userId }, anna.auth)).code).toBe(
        'conflict',
      );

      expect((await call(client, reactivateMemberRpc, { orga_id: anna.orgaId, user_id: tom.user_id }, anna.auth)).active).toBe(true);
      expect((await call(client, loginRpc, { username: tom.username, password: tom.first_password })).user_id).toBe(tom.user_id);
      expect((await failureOf(client, reactivateMemberRpc, { orga_id: anna.orgaId, user_id: tom.user_id }, bruno.auth)).code).toBe(
        'forbidden',
      );
    });
  });

  describe('cancelling an organization', () => {
    it('R1.17 the owner cancels after repeating the name; nothing of the organization remains in the identity schema', async () => {
      const carla = await owner('carla@example.it', 'Carla', 'Neri', 'Carla Grooming');
      await call(client, createStoreRpc, { orga_id: carla.orgaId, name: 'Carla Due', country: 'IT', address_from_orga: true }, carla.auth);
      const admin = await member(carla, {
        first_name: 'Dino',
        last_name: 'Admin',
        email: 'dino@example.it',
        orga_rank: 1,
        store_override: { [carla.storeId]: 1 },
      });
      const dinoAuth = await signIn(admin.username, admin.first_password);
      await call(client, rateAppRpc, { rating: 5 }, dinoAuth);
      await call(client, changeEmailRpc, { email: 'dino.new@example.it', current_password: admin.first_password }, dinoAuth);
      // Bruno also works for Carla: he keeps his account and his own organization
      await env.query(`INSERT INTO identity.orga_user (id, orga_id, user_id, rank) VALUES (gen_random_uuid(), $1, $2, 3)`, [
        carla.orgaId,
        bruno.userId,
      ]);
      await waitFor(async () => ((await count(`identity.outbox_event WHERE published_at IS NULL`, [])) === 0 ? true : undefined), 10_000);

      expect((await failureOf(client, cancelOrgaRpc, { orga_id: carla.orgaId, confirm_name: 'Carla Grooming' }, dinoAuth)).code).toBe(
        'forbidden',
      );
      expect((await failureOf(client, cancelOrgaRpc, { orga_id: carla.orgaId, confirm_name: 'Carla Grooming' }, anna.auth)).code).toBe(
        'forbidden',
      );
      const wrongName = await failureOf(client, cancelOrgaRpc, { orga_id: carla.orgaId, confirm_name: 'carla grooming' }, carla.auth);
      expect([wrongName.code, wrongName.fields]).toEqual(['validation_failed', { confirm_name: 'validation.confirmName' }]);
      expect(await count(`identity.organization WHERE id = $1`, [carla.orgaId])).toBe(1);

      const before = bus.events.length;
      const [last] = await env.query<{ position: string }>(`SELECT max(position) AS position FROM identity.outbox_event`);
      expect(await call(client, cancelOrgaRpc, { orga_id: carla.orgaId, confirm_name: 'Carla Grooming' }, carla.auth)).toEqual({
        cancelled: true,
      });
      const cancelled = await waitFor(() => bus.events.slice(before).find((e) => e.subject === 'evt.identity.orga.cancelled.v1'));
      expect(cancelled).toMatchObject({ orgaId: carla.orgaId, data: { orga_id: carla.orgaId } });

      const gone = [carla.userId, admin.user_id];
      expect(await count(`identity.organization WHERE id = $1`, [carla.orgaId])).toBe(0);
      expect(await count(`identity.store WHERE orga_id = $1`, [carla.orgaId])).toBe(0);
      expect(await count(`identity.orga_user WHERE orga_id = $1`, [carla.orgaId])).toBe(0);
      expect(await count(`identity.store_user WHERE orga_user_id NOT IN (SELECT id FROM identity.orga_user)`, [])).toBe(0);
      expect(await count(`identity.person_user WHERE id = ANY($1::uuid[])`, [gone])).toBe(0);
      for (const table of ['session', 'email_token', 'user_rating']) {
        expect([table, await count(`identity.${table} WHERE user_id = ANY($1::uuid[])`, [gone])]).toEqual([table, 0]);
      }
      expect(await count(`identity.refresh_token WHERE session_id NOT IN (SELECT id FROM identity.session)`, [])).toBe(0);
      for (const table of ['outgoing_mail', 'sandbox_mail']) {
        expect([
          table,
          await count(`identity.${table} WHERE "to" IN ('carla@example.it', 'dino@example.it', 'dino.new@example.it')`, []),
        ]).toEqual([table, 0]);
      }
      const leftover = await env.query<{ subject: string }>(
        `SELECT subject FROM identity.outbox_event WHERE envelope::text LIKE '%' || $1 || '%' ORDER BY position`,
        [carla.orgaId],
      );
      expect(leftover.map((r) => r.subject).sort()).toEqual(['evt.identity.member.changed.v1', 'evt.identity.orga.cancelled.v1']);
      // what was published before the cancellation about the organization or its users is gone
      for (const id of [carla.orgaId, ...gone]) {
        expect(
          await count(`identity.outbox_event WHERE position <= $1 AND envelope::text LIKE '%' || $2 || '%'`, [last?.position, id]),
        ).toBe(0);
      }

      expect((await failureOf(client, loginRpc, { username: 'carla@example.it', password: carla.password })).code).toBe('server_112');
      expect((await call(client, loginRpc, { username: bruno.username, password: bruno.password })).user_id).toBe(bruno.userId);
      expect(await count(`identity.orga_user WHERE user_id = $1`, [bruno.userId])).toBe(1);
      expect(await count(`identity.organization WHERE id = ANY($1::uuid[])`, [[anna.orgaId, bruno.orgaId]])).toBe(2);
    });
  });
});
