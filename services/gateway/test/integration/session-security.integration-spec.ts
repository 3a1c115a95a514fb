import { identityService } from '../../../identity/src/identity.service-definition';
import { Browser, gatewayStackFor, REDIS_URL, mailedToken, newOwner, waitFor, type JsonResponse, type Owner } from './gateway-test-helpers';

jest.setTimeout(90_000);

type Tokens = { access_token: string; expires_at: string };

const accessOf = (response: JsonResponse): string => (response.body as Tokens).access_token;
const iatOf = (token: string): number =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { iat: number }).iat;

/** Resolves just after a second starts, so what follows within a few hundred ms shares that second. */
async function startOfSecond(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
}

/** Findings of the black-box security test (issue 11) on sessions, through the gateway's REST API. */
describe('sessions under attack and under haste (real NATS, Postgres, Redis)', () => {
  const stack = gatewayStackFor([identityService], { env: { PAWLINE_SERVICES: 'identity' }, redisUrl: REDIS_URL });
  let base = '';
  beforeAll(() => {
    base = stack.base();
  });

  const user = (browser: Browser, token: string) => browser.request('GET', '/api/v1/user', { token });
  const signIn = (owner: Owner, password = owner.password) =>
    new Browser(base).request('POST', '/api/v1/auth/login', { body: { username: owner.email, password } });

  /** Repeats `revokeThenSignIn` until the revocation and the new token's iat fall in one second. */
  async function inOneSecond(revokeThenSignIn: () => Promise<{ startedAt: number; token: string }>): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { startedAt, token } = await revokeThenSignIn();
      if (Math.floor(startedAt / 1000) === iatOf(token)) return token;
    }
    throw new Error('could not revoke and sign in within one second in 5 attempts');
  }

  it('a sign-in in the same second as a password reset gets a token that works', async () => {
    const owner = await newOwner(base);
    let password = owner.password;
    const used: string[] = [];
    const token = await inOneSecond(async () => {
      expect((await new Browser(base).request('POST', '/api/v1/auth/password-reset', { body: { email: owner.email } })).status).toBe(200);
      const reset = await mailedToken(base, owner.email, '/reset-password', used);
      used.push(reset);
      password = `${owner.password}-${used.length}`;
      await startOfSecond();
      const startedAt = Date.now();
      const confirmed = await new Browser(base).request('POST', '/api/v1/auth/password-reset/confirm', {
        body: { token: reset, password },
      });
      expect(confirmed.status).toBe(200);
      const login = await signIn(owner, password);
      expect(login.status).toBe(200);
      return { startedAt, token: accessOf(login) };
    });
    // the reset's revocation has reached the gateway: the token from before it is refused
    await waitFor(async () => ((await user(new Browser(base), owner.token)).status === 401 ? true : undefined));
    expect((await user(new Browser(base), token)).status).toBe(200);
  });

  it('a sign-in in the same second as a logout-all gets a token that works', async () => {
    const owner = await newOwner(base);
    let before = owner.token;
    const token = await inOneSecond(async () => {
      before = accessOf(await signIn(owner));
      await startOfSecond();
      const startedAt = Date.now();
      expect((await new Browser(base).request('POST', '/api/v1/auth/logout-all', { token: before })).status).toBe(204);
      const login = await signIn(owner);
      expect(login.status).toBe(200);
      return { startedAt, token: accessOf(login) };
    });
    await waitFor(async () => ((await user(new Browser(base), before)).status === 401 ? true : undefined));
    expect((await user(new Browser(base), token)).status).toBe(200);
    expect((await user(new Browser(base), owner.token)).status).toBe(401);
  });

  it('two tabs refreshing at once with one cookie both get tokens, and the session lives on', async () => {
    const owner = await newOwner(base);
    const cookie = owner.browser.cookie;
    const tabs = [new Browser(base), new Browser(base)];
    for (const tab of tabs) tab.cookie = cookie;
    const answers = await Promise.all(tabs.map((tab) => tab.request('POST', '/api/v1/auth/refresh')));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    // one successor for both: whichever Set-Cookie the browser keeps works
    expect(tabs[0]?.cookie).toBe(tabs[1]?.cookie);
    expect(tabs[0]?.cookie).not.toBe(cookie);
    for (const answer of answers) expect((await user(new Browser(base), accessOf(answer))).status).toBe(200);
    const next = await tabs[0]?.request('POST', '/api/v1/auth/refresh');
    expect(next?.status).toBe(200);
    expect((await user(new Browser(base), accessOf(next))).status).toBe(200);

    // the first cookie is two rotations old now: presenting it is a replay and ends the session
    const thief = new Browser(base);
    thief.cookie = cookie;
    expect((await thief.request('POST', '/api/v1/auth/refresh')).status).toBe(401);
    expect((await tabs[0]?.request('POST', '/api/v1/auth/refresh'))?.status).toBe(401);
    await waitFor(async () => ((await user(new Browser(base), accessOf(next))).status === 401 ? true : undefined));
  });

  describe('an auto-login link stops working when every session ends', () => {
    async function autologinLink(token: string): Promise<{ u: string; p: string }> {
      const link = await new Browser(base).request('GET', '/api/v1/user/autologin-link', { token });
      expect(link.status).toBe(200);
      const url = new URL((link.body as { url: string }).url);
      return { u: url.searchParams.get('u') ?? '', p: url.searchParams.get('p') ?? '' };
    }
    const autologin = (body: { u: string; p: string }) => new Browser(base).request('POST', '/api/v1/auth/autologin', { body });

    it('after a password reset', async () => {
      const owner = await newOwner(base);
      const link = await autologinLink(owner.token);
      expect((await new Browser(base).request('POST', '/api/v1/auth/password-reset', { body: { email: owner.email } })).status).toBe(200);
      const reset = await mailedToken(base, owner.email, '/reset-password');
      const confirmed = await new Browser(base).request('POST', '/api/v1/auth/password-reset/confirm', {
        body: { token: reset, password: `${owner.password}-new` },
      });
      expect(confirmed.status).toBe(200);
      const refused = await autologin(link);
      expect(refused.status).toBe(400);
      expect((refused.body as { code: string }).code).toBe('token_invalid');
      // a link made afterwards works: the refusal is the reset's doing
      const fresh = accessOf(await signIn(owner, `${owner.password}-new`));
      expect((await autologin(await autologinLink(fresh))).status).toBe(200);
    });

    it('after a logout-all', async () => {
      const owner = await newOwner(base);
      const link = await autologinLink(owner.token);
      expect((await new Browser(base).request('POST', '/api/v1/auth/logout-all', { token: owner.token })).status).toBe(204);
      expect(((await autologin(link)).body as { code: string }).code).toBe('token_invalid');
    });
  });
});
