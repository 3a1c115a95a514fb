// Issue 27 on the whole stack with the sandbox provider: a salon connects its own WhatsApp number through
// Embedded Signup (the sandbox's /dev/whatsapp/signup popup stands in for Meta's), sees the number as WhatsApp
// reports it, and follows its templates' review: submitted on connect, one rejected with Meta's reason on the
// sandbox's review panel (as Meta's reviewer would), shown live on the templates page in the user's words.
import { until } from '@pawline/nest-kit/testing';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openChromium, productUrl, type Chromium } from './support/browser';
import { signIn, verifiedAccount } from './support/newcomer';

let chromium: Chromium;

beforeAll(async () => {
  chromium = await openChromium();
});

afterAll(async () => {
  await chromium.close();
});

describe('Connect WhatsApp and the templates WhatsApp reviews (issue 27)', () => {
  it('R1.06 R3.13 issue 27 connects a number by Embedded Signup on the sandbox and shows a template rejected with its reason', async () => {
    const salon = await chromium.newBrowser();
    const meta = await chromium.newBrowser();
    const { page } = salon;
    const person = await verifiedAccount(page);
    await signIn(page, person);
    await page.getByTestId('welcome-dialog').waitFor();
    await page.getByTestId('welcome-close').click();
    const storeHref = await page.locator('[data-testid="left-drawer"] a[href*="/store/"]').first().getAttribute('href');
    const match = /^\/([^/]+)\/store\/([^/]+)$/.exec(storeHref ?? '');
    if (!match) throw new Error(`no store link in the drawer: ${String(storeHref)}`);
    const [, orgaId, storeId] = match;
    const base = `${productUrl()}/${orgaId}/store/${storeId}/messages`;

    // nothing connected yet: the tab says so and offers both ways
    await page.goto(`${base}/whatsapp`);
    await page.getByTestId('whatsapp-page').waitFor();
    await page.locator('[data-testid="whatsapp-status"][data-status="not_connected"]').waitFor();
    await page.getByTestId('whatsapp-manual').waitFor();
    await expectNoSeriousA11yViolations(page, 'connect WhatsApp, not connected');

    // Embedded Signup: the popup makes the account and number and answers the opener with a one-time code
    const business = `Salone e2e ${Date.now()}`;
    const phone = `+39 06 ${String(Date.now()).slice(-7)}`;
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('whatsapp-connect').click()]);
    await popup.locator('input[name="business_name"]').fill(business);
    await popup.locator('input[name="display_phone_number"]').fill(phone);
    await popup.locator('#connect').click();

    // connected: the number as WhatsApp reports it, and the templates submitted for review
    await page.locator('[data-testid="whatsapp-status"][data-status="connected"]').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('whatsapp-phone').textContent()).toContain(phone.replace(/\D/g, '').slice(-7));
    expect(await page.getByTestId('whatsapp-name').textContent()).not.toBe('');
    await page.getByText('WhatsApp is connected. The templates are submitted to WhatsApp for review.').waitFor();
    await until(
      async () => {
        await page.reload();
        await page.locator('[data-testid="whatsapp-status"][data-status="connected"]').waitFor();
        return (await page.getByTestId('whatsapp-count-pending').count()) > 0;
      },
      { timeoutMs: 20_000, intervalMs: 1000, what: 'the templates are submitted to WhatsApp' },
    );
    await expectNoSeriousA11yViolations(page, 'connect WhatsApp, connected');

    // the templates page: the birthday template under review at WhatsApp
    await page.goto(`${base}/templates`);
    await page.getByTestId('templates-page').waitFor();
    // (built-in templates come in every language; WhatsApp has them in the salon's languages)
    const birthdays = page.getByTestId('template-type-1').getByTestId('template');
    const submitted = birthdays.filter({ has: page.locator('[data-testid="template-meta-status"][data-status="pending"]') }).first();
    await submitted.waitFor();
    const languageBadge = (await submitted.getByTestId('template-language').textContent())?.trim() ?? '';
    const language = languageBadge.toLowerCase();
    const birthday = birthdays.filter({ has: page.getByTestId('template-language').getByText(languageBadge, { exact: true }) }).first();

    // Meta's reviewer (the sandbox panel) rejects it for its category
    const review = meta.page;
    await review.goto(`${productUrl()}/dev/whatsapp`);
    const row = review
      .locator('li.template[data-status="PENDING"]', { hasText: business })
      .filter({ hasText: 'birthday' })
      .filter({ hasText: ` ${language} ` });
    await row.first().waitFor();
    await row.first().locator('select[name="reason"]').selectOption('INCORRECT_CATEGORY');
    await row.first().locator('button[data-status="REJECTED"]').click();
    await review.locator('li.template[data-status="REJECTED"]', { hasText: business }).first().waitFor();

    // live on the salon's page (the template-status webhook, then realtime): rejected, with the reason in its words
    await birthday.locator('[data-testid="template-meta-status"][data-status="rejected"]').waitFor({ timeout: 20_000 });
    expect(await birthday.getByTestId('template-meta-reason').textContent()).toBe(
      'The category does not fit the text (service message or marketing).',
    );
    await birthday.getByText('Messages with it are not sent until WhatsApp approves it.').waitFor();
    await expectNoSeriousA11yViolations(page, 'templates with their review');
    // the number's page counts it among the rejected ones
    await page.getByTestId('tab-whatsapp').click();
    await page.getByTestId('whatsapp-count-rejected').waitFor();
    expect(await page.getByTestId('whatsapp-count-rejected').textContent()).toBe('Rejected by WhatsApp: 1');
    await meta.close();
    await salon.close();
  }, 120_000);
});
