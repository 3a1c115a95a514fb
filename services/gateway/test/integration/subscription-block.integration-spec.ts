import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { billingService } from '../../../billing/src/billing.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { schedulingService } from '../../../scheduling/src/scheduling.service-definition';
import { gatewayService } from '../../src/gateway.service-definition';
import { GATEWAY_TEST_SECRET, waitFor, type JsonResponse } from './gateway-test-helpers';
import { ok, teamOfTwoStores } from './membership-change-helpers';

jest.setTimeout(180_000);

const COMPANY = {
  kind: 'company',
  legal_name: 'Toelettatura Fido S.r.l.',
  vat: 'IT00159560366',
  fiscal_code: '',
  pec: 'fido@pec.it',
  codice_destinatario: 'M5UXCR1',
  address: 'Via Verdi 3',
  city: 'Modena',
  zip_code: '41121',
  country: 'IT',
};

const EMPLOYEE_TEXT_IT = "Le tue funzioni premium sono scadute. Chiedi all'amministratore del negozio di acquistare il pacchetto premium.";

/**
 * R4.09 R6.07 R1.24 (docs/adr/0030): an organization whose free trial has expired cannot be used
 * until it subscribes. The gateway refuses its member routes with 402 subscription_inactive, keeps
 * the organization, plan, subscription and payment routes open for it, and lets everything through
 * again once billing's sandbox payment is confirmed and identity mirrors the new tier.
 */
describe('an expired trial is blocked at the gateway until it subscribes (real Postgres and NATS)', () => {
  let env: TestEnv;
  let base = '';
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    Object.assign(process.env, {
      AUTH_TOKEN_SECRET: GATEWAY_TEST_SECRET,
      MAIL_TRANSPORT: 'sandbox',
      TRUSTED_PROXIES: '127.0.0.1, ::1',
      PAWLINE_SERVICES: 'identity,billing,scheduling',
    });
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(billingService);
    await env.start(schedulingService);
    base = (await env.start(gatewayService, { httpPort: 0 })).httpUrl ?? '';
  });

  afterAll(async () => {
    await env?.dispose();
    process.env = savedEnv;
  });

  it('R4.09 R6.07 R1.24 refuses member routes with 402 (admin: subscribe; employee: ask the administrator), keeps plans and payment open, and opens again after paying', async () => {
    const team = await teamOfTwoStores(base);
    const { owner, orga, as, store } = team;
    const employeeToken = await team.signIn();
    const asEmployee = { token: employeeToken, headers: { 'accept-language': 'it' } };
    const appointments = `${orga}/store/${store}/appointments/2026/11/1/2026/11/30`;
    const get = (path: string, who: { token: string; headers?: Record<string, string> }, browser = owner.browser) =>
      browser.request('GET', path, who);

    // during the trial everybody works
    ok('appointments (trial, admin)', await get(appointments, as));
    ok('appointments (trial, employee)', await get(appointments, asEmployee, team.employee));

    // the trial ended a day ago: in billing, which owns it (a subscription then starts at once, not at the trial's
    // end, issue 28), and in identity's mirror the gateway reads (created 16 days ago, subscribed_until yesterday)
    await env.query(
      `UPDATE billing.subscription SET orga_created_at = now() - interval '16 days', trial_ends_at = now() - interval '1 day' WHERE orga_id = $1`,
      [owner.orgaId],
    );
    await env.query(
      `UPDATE identity.organization SET created_at = now() - interval '16 days', subscribed_until = now() - interval '1 day' WHERE id = $1`,
      [owner.orgaId],
    );
    // the gateway kept the membership at most 5 s (ADR 0007): the block shows on the first request after
    const refused = await waitFor(async () => {
      const answer = await get(appointments, as);
      return answer.status === 402 ? answer : undefined;
    }, 10_000);
    expect(refused.body).toMatchObject({ code: 'subscription_inactive', access: 'subscribe' });
    expect((await get(`${orga}/store`, as)).status).toBe(402);
    expect((await get(`${orga}/users`, as)).status).toBe(402);

    // the employee is told to ask the administrator, in their language; their membership is cached on its own,
    // also for at most 5 s, so the block may reach them a moment after the administrator
    const employeeRefused: JsonResponse = await waitFor(async () => {
      const answer = await get(appointments, asEmployee, team.employee);
      return answer.status === 402 ? answer : undefined;
    }, 10_000);
    expect(employeeRefused).toMatchObject({
      status: 402,
      body: { code: 'subscription_inactive', access: 'ask_administrator', message: EMPLOYEE_TEXT_IT },
    });
    // own user and the organization (tier and dates, for the shell's block screen) stay readable
    ok('own user (employee)', await get('/api/v1/user', asEmployee, team.employee));
    ok('organization (employee)', await get(orga, asEmployee, team.employee));
    // the employee may read where the plan stands but not subscribe (an administrator's route)
    ok('plans (employee)', await get(`${orga}/plans`, asEmployee, team.employee));
    expect((await team.employee.request('POST', `${orga}/subscription`, { ...asEmployee, body: { plan_id: 'premium' } })).status).toBe(403);

    // the administrator reads the organization, plans and subscription, and subscribes
    const orgaView = ok('organization (admin)', await get(orga, as)).body as { tier: number; subscribed_until: string };
    expect(orgaView.tier).toBe(0);
    expect(new Date(orgaView.subscribed_until).getTime()).toBeLessThan(Date.now());
    ok('plans (admin)', await get(`${orga}/plans`, as));
    ok('subscription (admin)', await get(`${orga}/subscription`, as));
    ok('billing data', await owner.browser.request('PUT', `${orga}/billing/data`, { ...as, body: { profile: COMPANY } }));
    const started = ok('subscribe', await owner.browser.request('POST', `${orga}/subscription`, { ...as, body: { plan_id: 'premium' } }))
      .body as { payment: { id: string; status: string } };
    expect(started.payment.status).toBe('pending');
    // still blocked while the payment is pending
    expect((await get(appointments, as)).status).toBe(402);
    ok(
      'confirm',
      await owner.browser.request('POST', `${orga}/payment/${started.payment.id}/confirm`, { ...as, body: { outcome: 'succeeded' } }),
    );

    // billing's event reaches identity's mirror, whose event drops the gateway's memberships: access returns
    await waitFor(async () => ((await get(appointments, as)).status === 200 ? true : undefined), 15_000);
    ok('appointments (paid, employee)', await get(appointments, asEmployee, team.employee));
    ok('stores (paid, admin)', await get(`${orga}/store`, as));
    const paid = ok('organization (paid)', await get(orga, as)).body as { tier: number };
    expect(paid.tier).toBe(4);
  });
});
