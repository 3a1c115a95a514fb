// Issue 16: axe-core on every page a salon uses outside the calendar (which
// calendar.e2e-spec.ts checks on its own run): 0 serious or critical WCAG 2.1 A/AA violations.
// One Chromium, one account; the data the pages show is set up through the API.
import type { Page } from 'playwright-core';
import { apiSession, salonOf } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openChromium, productUrl, type Chromium } from './support/browser';
import { signIn, verifiedAccount } from './support/newcomer';

let chromium: Chromium;
let page: Page;
// the signed-in salon of the second test, used by the third
let orgaBase = { orgaId: '', base: '' };

/** Opens `pathname`, waits for `testId` and for the page's data to be fetched. */
async function open(pathname: string, testId: string): Promise<void> {
  await page.goto(`${productUrl()}${pathname}`);
  await page.getByTestId(testId).waitFor();
  await page.waitForLoadState('networkidle');
}

beforeAll(async () => {
  chromium = await openChromium();
  page = (await chromium.newBrowser()).page;
}, 30000);

afterAll(async () => {
  await chromium?.close();
});

describe('accessibility (axe-core): no serious or critical violation', () => {
  it('on the signed-out pages: login with its frame, register, and the error page', async () => {
    await open('/login', 'top-bar');
    await page.locator('input[name="username"]').waitFor();
    await expectNoSeriousA11yViolations(page, 'login');
    // the failed sign-in's error, as a user sees it too
    await page.locator('input[name="username"]').fill(`nobody-${Date.now()}`);
    await page.locator('input[name="password"]').fill('not-the-password');
    await page.locator('form button[type="submit"]').click();
    await page.getByTestId('snackbar').first().waitFor();
    await expectNoSeriousA11yViolations(page, 'login with its error');
    await open('/register', 'trial-notice');
    await expectNoSeriousA11yViolations(page, 'register');
    // sent empty: every required field shows its message
    await page.locator('form button[type="submit"]').click();
    await page.getByText('Required').first().waitFor();
    await expectNoSeriousA11yViolations(page, 'register with its field errors');
    await open('/no-such-page', 'error-page');
    await expectNoSeriousA11yViolations(page, 'error page');
    await open('/password-reset', 'top-bar');
    await page.locator('form').waitFor();
    await expectNoSeriousA11yViolations(page, 'password reset');
  });

  it('on the signed-in pages: customers, pets, settings, messages, booking setup, marketing and analyses', async () => {
    const person = await verifiedAccount(page);
    const session = await apiSession(person.email, person.password);
    const { orgaId, storeIds } = await salonOf(session);
    const base = `/${orgaId}/store/${storeIds[0]}`;
    // what the pages show: a second store (the switcher), a coloured treatment, a tagged customer and pet
    await session.call('POST', `/orga/${orgaId}/store`, { name: 'Salone Mare', country: 'IT', address_from_orga: true });
    await session.call('POST', `/orga/${orgaId}/treatment`, { name: 'Bath', default_duration: 45, default_price: '25', color: '#e91e63' });
    const customerTag = await session.call<{ id: string }>('POST', `/orga/${orgaId}/tag`, {
      kind: 'customer',
      name: 'Regular',
      emoji: '⭐',
    });
    const petTag = await session.call<{ id: string }>('POST', `/orga/${orgaId}/tag`, { kind: 'pet', name: 'Shy', icon: 3 });
    const customer = await session.call<{ customer: { id: string } }>('POST', `/orga${base}/customer`, {
      first_name: 'Maria',
      last_name: 'Rossi',
      tags: [{ tag_id: customerTag.id, tag_order: 0 }],
    });
    const pet = await session.call<{ pet: { id: string } }>('POST', `/orga${base}/pet`, {
      customer_id: customer.customer.id,
      name: 'Fido',
      pet_type: 1,
      tags: [{ tag_id: petTag.id, tag_order: 0 }],
    });
    await signIn(page, person);
    // the sign-in lands on the empty calendar with the welcome dialog over it (the grid's scroll area is
    // a named region reachable by Tab: axe's scrollable-region-focusable)
    await page.getByTestId('time-grid').waitFor();
    await page.getByTestId('welcome-dialog').waitFor();
    await expectNoSeriousA11yViolations(page, 'empty calendar with the welcome dialog');
    await open('/user', 'user-page');
    await page.getByTestId('welcome-dialog').waitFor();
    await expectNoSeriousA11yViolations(page, 'welcome dialog');
    await page.getByTestId('welcome-close').click();

    const pages: [string, string, string][] = [
      ['customers list', `${base}/customers`, 'customer-table'],
      ['customer page', `${base}/customer/${customer.customer.id}`, 'customer-page'],
      ['pets list', `${base}/pet`, 'pet-table'],
      ['pet page', `${base}/pet/${pet.pet.id}`, 'pet-page'],
      ['organization settings', `/${orgaId}/settings`, 'orga-settings-page'],
      ['treatments', `/${orgaId}/settings/treatments`, 'treatments-page'],
      ['team', `/${orgaId}/settings/users`, 'team-table'],
      ['stores', `/${orgaId}/store`, 'stores-table'],
      ['user page', '/user', 'user-page'],
      ['update plan', `/${orgaId}/adminV2/plan`, 'plan-page'],
      ['subscribe', `/${orgaId}/payment`, 'payment-page'],
      ['messages inbox', `${base}/messages`, 'inbox-page'],
      ['conversation', `${base}/messages/customer/${customer.customer.id}`, 'conversation-page'],
      ['message templates', `${base}/messages/templates`, 'templates-page'],
      ['reminder settings', `${base}/messages/settings`, 'settings-page'],
      ['WhatsApp profile', `${base}/messages/profile`, 'profile-page'],
      ['booking requests', `${base}/booking`, 'requests-page'],
      ['booking hours', `${base}/booking/hours`, 'hours-page'],
      ['booking service times', `${base}/booking/service-times`, 'service-times-page'],
      ['booking setup', `${base}/booking/setup`, 'setup-page'],
      ['marketing campaigns', `${base}/marketing`, 'campaigns-page'],
      ['new campaign', `${base}/marketing/new`, 'campaign-form'],
      ['store analyses', `${base}/admin/analyses`, 'analyses-page'],
      ['organization analytics', `/${orgaId}`, 'analyses-orga-page'],
      ['help', '/qa', 'top-bar'],
      ['error page (signed in)', `/${orgaId}/settings/no-such-page`, 'error-page'],
    ];
    for (const [where, pathname, testId] of pages) {
      await open(pathname, testId);
      await expectNoSeriousA11yViolations(page, where);
    }
    orgaBase = { orgaId, base };
  });

  it('in the forms and dialogs, also with their field messages', async () => {
    const { orgaId, base } = orgaBase;
    await open(`${base}/customers`, 'new-customer');
    await page.getByTestId('new-customer').click();
    await page.getByTestId('customer-page').waitFor();
    await page.getByTestId('save-customer').click();
    await page.getByText('Required').first().waitFor();
    await expectNoSeriousA11yViolations(page, 'new customer with its field messages');

    const dialogs: [string, string, string][] = [
      ['store dialog', `/${orgaId}/store`, 'new-store'],
      ['treatment dialog', `/${orgaId}/settings/treatments`, 'new-treatment'],
      ['member dialog', `/${orgaId}/settings/users`, 'new-member'],
    ];
    for (const [where, pathname, button] of dialogs) {
      await open(pathname, button);
      await page.getByTestId(button).click();
      const dialog = page.locator('[role="dialog"]');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Required').first().waitFor();
      await expectNoSeriousA11yViolations(page, `${where} with its field messages`);
    }
    // a treatment with its colour: the sample's text on it
    await open(`/${orgaId}/settings/treatments`, 'treatments-table');
    await page.getByTestId('treatments-table').getByRole('button', { name: 'Edit' }).click();
    await page.getByTestId('treatment-colour-sample').waitFor();
    await expectNoSeriousA11yViolations(page, 'treatment dialog with a colour');
  });

  it("with the free-trial banner, and the expired trial's block (the browser's clock moved on)", async () => {
    const { orgaId, base } = orgaBase;
    // the salon was created during this run: its 15-day trial ends about 15 days from now
    const created = Date.now();
    await page.clock.setFixedTime(new Date(created + 12.5 * 86_400_000));
    await open(`/${orgaId}/settings`, 'trial-banner');
    await page.getByTestId('sidebar-trial-notice').waitFor();
    await expectNoSeriousA11yViolations(page, 'free-trial banner and sidebar notice');
    await page.clock.setFixedTime(new Date(created + 16 * 86_400_000));
    await open(base, 'subscription-block');
    await expectNoSeriousA11yViolations(page, 'expired-trial block');
  });
});
