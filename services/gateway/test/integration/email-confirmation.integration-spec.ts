import type { RunningService } from '@pawline/nest-kit';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { identityService } from '../../../identity/src/identity.service-definition';
import { gatewayService } from '../../src/gateway.service-definition';
import { Browser, GATEWAY_TEST_SECRET, REDIS_URL, registration, waitFor } from './gateway-test-helpers';

jest.setTimeout(60_000);

type Mail = { to: string; subject: string; text: string };
type Verified = { verified: true; access_token: string | null; expires_at: string | null };
type Failure = { code: string; message: string; fields?: Record<string, string> };

/** Issue 29 through the gateway: field texts, resending the mail, the short code, and confirming signs in. */
describe('registration and e-mail confirmation (real NATS, Postgres, Redis)', () => {
  let env: TestEnv;
  let gateway: RunningService;
  let base: string;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = GATEWAY_TEST_SECRET;
    process.env['MAIL_TRANSPORT'] = 'sandbox';
    process.env['TRUSTED_PROXIES'] = '127.0.0.1, ::1';
    process.env['PAWLINE_SERVICES'] = 'identity';
    env = await createTestEnv();
    await env.start(identityService);
    gateway = await env.start(gatewayService, { httpPort: 0, redisUrl: REDIS_URL });
    base = gateway.httpUrl ?? '';
  });

  afterAll(async () => {
    await env?.dispose();
    process.env = savedEnv;
  });

  async function mails(email: string, count = 1): Promise<Mail[]> {
    const browser = new Browser(base);
    return waitFor(async () => {
      const response = await browser.request('GET', `/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`);
      const list = response.body as Mail[];
      return response.status === 200 && list.length >= count ? list : undefined;
    });
  }

  /** The link token and the six digits of a verification mail. */
  function linkAndCode(mail: Mail | undefined): { token: string; code: string } {
    const token = /token=([^\s"'&<]+)/.exec(mail?.text ?? '')?.[1];
    const code = /\n(\d{6})\n/.exec(mail?.text ?? '')?.[1];
    if (!token || !code) throw new Error(`no link or code in the mail: ${mail?.text ?? '(none)'}`);
    return { token: decodeURIComponent(token), code };
  }

  async function registered(): Promise<{ browser: Browser; email: string; password: string; mail: Mail }> {
    const browser = new Browser(base);
    const input = registration();
    expect((await browser.request('POST', '/api/v1/auth/register', { body: input })).status).toBe(201);
    const email = String(input['email']);
    const [mail] = await mails(email);
    if (!mail) throw new Error('no verification mail');
    return { browser, email, password: String(input['password']), mail };
  }

  it('names a short password and other field errors in the caller language, never in the schema words', async () => {
    const browser = new Browser(base);
    const languages = {
      'it-IT,it;q=0.9': 'Inserisci almeno 8 caratteri.',
      de: 'Bitte mindestens 8 Zeichen eingeben.',
      fr: 'Veuillez saisir au moins 8 caractères.',
      en: 'Please enter at least 8 characters.',
    };
    for (const [header, text] of Object.entries(languages)) {
      const response = await browser.request('POST', '/api/v1/auth/register', {
        body: registration({ password: 'short' }),
        headers: { 'accept-language': header },
      });
      expect(response.status).toBe(400);
      expect((response.body as Failure).fields).toEqual({ password: text });
    }
    const many = await browser.request('POST', '/api/v1/auth/register', {
      body: { ...registration({ email: 'anna@', first_name: undefined, country: 'UK' }), admin: true },
      headers: { 'accept-language': 'it' },
    });
    const fields = (many.body as Failure).fields ?? {};
    expect(fields).toEqual({
      email: 'Inserisci un indirizzo e-mail valido.',
      first_name: 'Questo campo è obbligatorio.',
      country: 'Scegli uno dei valori proposti.',
      admin: 'Questo campo non è previsto.',
    });
    expect(JSON.stringify(many.body)).not.toMatch(/Too small|expected|received|Invalid input|Unrecognized/);
  });

  it('confirming by the link signs in: the answer carries an access token and sets the refresh cookie; the code of that mail is spent', async () => {
    const { browser, email, mail } = await registered();
    const { token, code } = linkAndCode(mail);
    const confirmed = await browser.request('POST', '/api/v1/auth/verify-email', { body: { token } });
    expect(confirmed.status).toBe(200);
    const body = confirmed.body as Verified;
    expect(body).toMatchObject({ verified: true, access_token: expect.any(String) as string });
    expect(confirmed.headers.get('set-cookie')).toMatch(/^pawline_refresh=[^;]+; .*HttpOnly/);
    const user = await browser.request('GET', '/api/v1/user', { token: body.access_token ?? '' });
    expect(user.body).toMatchObject({ email, email_verified: true });
    expect((await browser.request('POST', '/api/v1/auth/refresh')).status).toBe(200);

    expect((await browser.request('POST', '/api/v1/auth/verify-email', { body: { token } })).status).toBe(400);
    const late = await new Browser(base).request('POST', '/api/v1/auth/verify-email/code', { body: { email, code } });
    expect((late.body as Failure).fields).toEqual({ code: 'validation.verificationCodeWrong' });
  });

  it('R1.13 the six digits confirm and sign in; five tries per code even sent at once, then only a new mail helps', async () => {
    const { email, password, mail } = await registered();
    const { code } = linkAndCode(mail);
    const wrong = code === '000000' ? '000001' : '000000';
    const typist = new Browser(base);

    // eight wrong tries at once: five are counted as tries, the rest find the code used up
    const tries = await Promise.all(
      Array.from({ length: 8 }, () => typist.request('POST', '/api/v1/auth/verify-email/code', { body: { email, code: wrong } })),
    );
    const texts = tries.map((reply) => (reply.body as Failure).fields?.['code']).sort();
    expect(tries.every((reply) => reply.status === 400)).toBe(true);
    expect(texts).toEqual([...Array(3).fill('validation.verificationCodeExhausted'), ...Array(5).fill('validation.verificationCodeWrong')]);
    const right = await typist.request('POST', '/api/v1/auth/verify-email/code', { body: { email, code } });
    expect((right.body as Failure).fields).toEqual({ code: 'validation.verificationCodeExhausted' });

    // a login refused as not confirmed asks for the mail again; a minute after the last one it goes out
    const refused = await typist.request('POST', '/api/v1/auth/login', { body: { username: email, password } });
    expect((refused.body as Failure).code).toBe('server_701');
    await env.query(`UPDATE identity.email_token SET created_at = created_at - interval '2 minutes' WHERE kind = 'verify'`);
    const resent = await typist.request('POST', '/api/v1/auth/verify-email/resend', { body: { username: email.toUpperCase() } });
    expect({ status: resent.status, body: resent.body }).toEqual({ status: 200, body: { sent: true } });
    const both = await mails(email, 2);
    const newest = linkAndCode(both[0]);

    const confirmed = await typist.request('POST', '/api/v1/auth/verify-email/code', { body: { email, code: ` ${newest.code} ` } });
    expect(confirmed.status).toBe(200);
    const access = (confirmed.body as Verified).access_token ?? '';
    expect((await typist.request('GET', '/api/v1/user', { token: access })).body).toMatchObject({ email, email_verified: true });
    // the first mail's link stopped working when the second was sent
    expect((await typist.request('POST', '/api/v1/auth/verify-email', { body: { token: linkAndCode(mail).token } })).status).toBe(400);
  });

  it('resending answers the same for an unknown name, a confirmed account and an unconfirmed one, and mails only the last', async () => {
    const { browser, email, mail } = await registered();
    const confirmedOne = await registered();
    await confirmedOne.browser.request('POST', '/api/v1/auth/verify-email', { body: { token: linkAndCode(confirmedOne.mail).token } });
    await env.query(`UPDATE identity.email_token SET created_at = created_at - interval '2 minutes' WHERE kind = 'verify'`);

    const answers = await Promise.all(
      [`nobody.${email}`, confirmedOne.email, email, 'no-such-username'].map((username) =>
        new Browser(base).request('POST', '/api/v1/auth/verify-email/resend', { body: { username } }),
      ),
    );
    for (const answer of answers) expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: { sent: true } });
    expect(await mails(email, 2)).toHaveLength(2);
    expect(linkAndCode((await mails(email, 2))[0]).token).not.toBe(linkAndCode(mail).token);
    // a second ask within the minute sends nothing more
    await browser.request('POST', '/api/v1/auth/verify-email/resend', { body: { username: email } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mails(email, 2)).toHaveLength(2);
    expect(await mails(confirmedOne.email)).toHaveLength(1);
  });

  it('R5.17 issue 29: 40 "Marco Rossi" registering at once all succeed with distinct usernames, and sign in by e-mail or username', async () => {
    const people = Array.from({ length: 40 }, () => registration({ first_name: 'Marco', last_name: 'Rossi' }));
    const answers = await Promise.all(people.map((person) => new Browser(base).request('POST', '/api/v1/auth/register', { body: person })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(201));
    const emails = people.map((person) => String(person['email']));
    const rows = await env.query<{ username: string }>(`SELECT username FROM identity.person_user WHERE email = ANY($1::text[])`, [emails]);
    const usernames = rows.map((row) => row.username);
    expect(new Set(usernames).size).toBe(40);
    for (const username of usernames) expect(username).toMatch(/^marcorossi(\d{1,2}|[a-z][a-z2-9]{3})?$/);

    const [first] = people;
    const email = String(first?.['email']);
    const browser = new Browser(base);
    const [mail] = await mails(email);
    expect((await browser.request('POST', '/api/v1/auth/verify-email', { body: { token: linkAndCode(mail).token } })).status).toBe(200);
    const [mine] = await env.query<{ username: string }>(`SELECT username FROM identity.person_user WHERE email = $1`, [email]);
    for (const name of [email.toUpperCase(), mine?.username ?? '']) {
      const login = await browser.request('POST', '/api/v1/auth/login', { body: { username: name, password: first?.['password'] } });
      expect(login.status).toBe(200);
    }
  });

  it('a name without letters or digits gets the spec text in German and its own words elsewhere', async () => {
    const browser = new Browser(base);
    const body = registration({ first_name: '…', last_name: '—' });
    const german = await browser.request('POST', '/api/v1/auth/register', { body, headers: { 'accept-language': 'de-DE' } });
    expect({ status: german.status, body: german.body }).toEqual({
      status: 409,
      body: { code: 'username_unavailable', message: 'Benutzername konnte nicht erstellt werden. Bitte versuchen Sie einen neuen Namen.' },
    });
    const italian = await browser.request('POST', '/api/v1/auth/register', { body, headers: { 'accept-language': 'it' } });
    expect((italian.body as Failure).message).toBe(
      'Non è stato possibile creare un nome utente da questo nome. Prova con un nome diverso.',
    );
  });

  it('issue 29 the welcome card is closed once per person, on the server: another browser sees it closed too', async () => {
    const { browser, email, password, mail } = await registered();
    const confirmed = await browser.request('POST', '/api/v1/auth/verify-email', { body: { token: linkAndCode(mail).token } });
    const access = (confirmed.body as Verified).access_token ?? '';
    expect((await browser.request('GET', '/api/v1/user', { token: access })).body).toMatchObject({ welcome_seen: false });
    const closed = await browser.request('POST', '/api/v1/user/welcome-seen', { token: access });
    expect({ status: closed.status, body: closed.body }).toMatchObject({ status: 200, body: { email, welcome_seen: true } });
    expect((await browser.request('POST', '/api/v1/user/welcome-seen', { token: access })).status).toBe(200);

    const elsewhere = new Browser(base);
    const login = await elsewhere.request('POST', '/api/v1/auth/login', { body: { username: email, password } });
    const other = (login.body as { access_token: string }).access_token;
    expect((await elsewhere.request('GET', '/api/v1/user', { token: other })).body).toMatchObject({ welcome_seen: true });
    expect((await new Browser(base).request('POST', '/api/v1/user/welcome-seen')).status).toBe(401);
  });

  it('limits resending per address: the sixth ask within ten minutes is 429', async () => {
    const browser = new Browser(base);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (await browser.request('POST', '/api/v1/auth/verify-email/resend', { body: { username: `nobody${i}@example.com` } })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
