// What a salon sees in messaging, on the whole stack with the sandbox provider: the empty inbox, a
// template to a customer, the customer's answer written on the sandbox phone (/dev/whatsapp) arriving
// in the inbox and as a notification in the shell's bell, then the templates and reminder settings.
import type { Page } from 'playwright-core';
import { openChromium, productUrl, type Chromium } from './support/browser';
import { signIn, verifiedAccount } from './support/newcomer';
import { until } from '@pawline/nest-kit/testing';

let chromium: Chromium;

beforeAll(async () => {
  chromium = await openChromium();
});

afterAll(async () => {
  await chromium.close();
});

/** The number in the bell's badge; 0 when there is none. */
async function bellCount(page: Page): Promise<number> {
  const badge = page.getByTestId('notification-count');
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.textContent());
}

describe('messages remote: inbox, answers, notifications, templates and reminder settings', () => {
  it('R2.03 R4.02 R4.03 R5.12 R9.03 a customer answer on the sandbox phone reaches the inbox and the bell; templates and reminder settings show their defaults', async () => {
    const salon = await chromium.newBrowser();
    const phone = await chromium.newBrowser();
    const { page } = salon;
    const person = await verifiedAccount(page);
    await signIn(page, person);
    // the first sign-in's welcome dialog would cover the pages' buttons
    await page.getByTestId('welcome-dialog').waitFor();
    await page.getByTestId('welcome-close').click();

    const storeHref = await page.locator('[data-testid="left-drawer"] a[href*="/store/"]').first().getAttribute('href');
    const match = /^\/([^/]+)\/store\/([^/]+)$/.exec(storeHref ?? '');
    if (!match) throw new Error(`no store link in the drawer: ${String(storeHref)}`);
    const [, orgaId, storeId] = match;
    const base = `${productUrl()}/${orgaId}/store/${storeId}`;

    // a customer with an Italian mobile who agreed to messages and reminders
    await page.goto(`${base}/customers`);
    await page.getByTestId('customer-list-page').waitFor();
    await page.getByTestId('new-customer').click();
    await page.getByTestId('customer-page').waitFor();
    await page.locator('input[name="first_name"]').fill('Giulia');
    await page.locator('input[name="last_name"]').fill('Ferraris');
    await page.locator('input[name="fon"]').fill('+39 333 7654321');
    await page.getByText('Agrees to receive messages').click();
    await page.getByText('Agrees to receive reminders').click();
    await page.getByTestId('save-customer').click();
    await page.waitForURL(/\/customer\/[0-9a-f-]{36}$/);
    const customerId = /\/customer\/([0-9a-f-]{36})$/.exec(page.url())?.[1] ?? '';

    // the messages page at tier 0: the drawer marks it premium; nobody has answered yet
    await page.goto(`${base}/messages`);
    await page.getByTestId('inbox-page').waitFor();
    await page.getByTestId('nav-messages-premium').waitFor();
    await page.getByText('No messages yet').waitFor();
    expect(await bellCount(page)).toBe(0);

    // outside the 24-hour window the conversation offers a template instead of free text
    await page.goto(`${base}/messages/customer/${customerId}`);
    await page.getByTestId('conversation-page').waitFor();
    await page.getByTestId('reply-window-closed').waitFor();
    expect(await page.getByTestId('reply-text').isDisabled()).toBe(true);
    // a template that names no appointment (an appointment reminder asks which appointment, issue 27)
    await page.getByTestId('reply-template').selectOption({ label: 'Reminder to book (EN)' });
    await page.getByTestId('reply-addition').fill('See you soon!');
    await page.getByTestId('reply-send-template').click();
    await page.locator('[data-testid="conversation-entry"][data-direction="out"]').waitFor();

    // the salon waits on its inbox while the customer answers on the sandbox phone
    await page.goto(`${base}/messages`);
    await page.getByText('No messages yet').waitFor();
    const customerPhone = phone.page;
    const conversationLink = customerPhone.locator('a[href*="customer=393337654321"]');
    await until(
      async () => {
        await customerPhone.goto(`${productUrl()}/dev/whatsapp`);
        return (await conversationLink.count()) > 0;
      },
      { timeoutMs: 20_000, intervalMs: 500, what: 'the template reaches the sandbox phone' },
    );
    await conversationLink.first().click();
    await customerPhone.locator('li.message.salon', { hasText: 'See you soon!' }).waitFor();
    await customerPhone.locator('#reply-text input[name="text"]').fill('Grazie, a presto!');
    await customerPhone.locator('#reply-text button').click();
    await customerPhone.locator('li.message.customer', { hasText: 'Grazie, a presto!' }).waitFor();

    // live, without a reload: the answer in the inbox and a count on the bell
    await page.getByTestId('answers').getByText('Grazie, a presto!').waitFor();
    await page.getByTestId('notification-count').waitFor();
    const before = await bellCount(page);
    expect(before).toBeGreaterThan(0);

    // the panel shows the customer message; once on screen it is seen and the count goes down
    await page.getByTestId('notification-bell').click();
    await page.getByTestId('notification-panel').waitFor();
    const notification = page.getByTestId('notification').filter({ hasText: 'New message from a customer' }).first();
    await notification.waitFor();
    await page.waitForFunction((count) => {
      const badge = document.querySelector('[data-testid="notification-count"]');
      return (badge ? Number(badge.textContent) : 0) < count;
    }, before);
    const after = await bellCount(page);
    await notification.getByTestId('notification-open').click();
    await page.waitForURL(`${base}/messages`);
    await page.getByTestId('inbox-page').waitFor();
    // seen on the server too: a reload does not bring the count back
    await page.reload();
    await page.getByTestId('answers').getByText('Grazie, a presto!').waitFor();
    expect(await bellCount(page)).toBe(after);

    // the built-in templates
    await page.goto(`${base}/messages/templates`);
    await page.getByTestId('templates-page').waitFor();
    await page.getByTestId('template-type-0').getByTestId('template').first().waitFor();
    expect(await page.getByTestId('template').count()).toBeGreaterThan(1);

    // reminder settings: 12:00 by default; pre-appointment days below 2 become 2
    await page.goto(`${base}/messages/settings`);
    await page.getByTestId('settings-page').waitFor();
    expect(await page.getByTestId('appointment-reminder-slot').inputValue()).toBe('12:00');
    const days = page.getByTestId('pre-appointment-days');
    await days.fill('1');
    await days.blur();
    expect(await days.inputValue()).toBe('2');
    const saved = page.waitForResponse((r) => r.request().method() !== 'GET' && /\/settings/.test(r.url()));
    await page.getByTestId('settings-save').click();
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await page.getByTestId('settings-page').waitFor();
    expect(await page.getByTestId('pre-appointment-days').inputValue()).toBe('2');

    await phone.close();
    await salon.close();
  });
});
