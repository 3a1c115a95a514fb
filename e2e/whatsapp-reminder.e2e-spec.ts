// Issue 27's "Done when" on the whole stack with the sandbox provider (the sandbox is the fake Cloud API here:
// it refuses a template that is not approved in the sender's account, exactly as Meta does, cloud-api-rules.ts).
// A salon connects by Embedded Signup; Meta's reviewer (the sandbox's /dev/whatsapp panel) approves or rejects
// its appointment reminder; staff press the appointment dialog's "Send reminder now"; the customer taps Confirm
// on the sandbox phone and the calendar shows the appointment confirmed by the customer. Customer, pet and
// appointment are set up through the API; what is under test is done in the browsers.
import type { Page } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { until } from '@pawline/nest-kit/testing';
import { apiSession, type ApiSession } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openChromium, productUrl, type Chromium } from './support/browser';
import { signIn, verifiedAccount } from './support/newcomer';

const REMINDER = 'pawline_appointment_reminder';

let chromium: Chromium;

beforeAll(async () => {
  chromium = await openChromium();
});

afterAll(async () => {
  await chromium.close();
});

type Connected = { page: Page; api: ApiSession; orgaId: string; storeId: string; base: string; business: string };

/** A new salon that connected its own number through the sandbox's Embedded Signup popup. */
async function connectedSalon(page: Page): Promise<Connected> {
  const person = await verifiedAccount(page);
  const api = await apiSession(person.email, person.password, 'e2e-whatsapp-reminder-api');
  await signIn(page, person);
  await page.getByTestId('welcome-dialog').waitFor();
  await page.getByTestId('welcome-close').click();
  const storeHref = await page.locator('[data-testid="left-drawer"] a[href*="/store/"]').first().getAttribute('href');
  const match = /^\/([^/]+)\/store\/([^/]+)$/.exec(storeHref ?? '');
  if (!match) throw new Error(`no store link in the drawer: ${String(storeHref)}`);
  const [, orgaId, storeId] = match;
  const base = `${productUrl()}/${orgaId}/store/${storeId}`;
  await page.goto(`${base}/messages/whatsapp`);
  await page.locator('[data-testid="whatsapp-status"][data-status="not_connected"]').waitFor();
  const business = `Salone e2e ${Date.now()} ${randomBytes(2).toString('hex')}`;
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('whatsapp-connect').click()]);
  await popup.locator('input[name="business_name"]').fill(business);
  await popup.locator('input[name="display_phone_number"]').fill(`+39 06 ${String(Date.now()).slice(-7)}`);
  await popup.locator('#connect').click();
  await page.locator('[data-testid="whatsapp-status"][data-status="connected"]').waitFor({ timeout: 20_000 });
  return { page, api, orgaId, storeId, base, business };
}

/** A customer who agreed to messages and reminders, with a dog booked in three days at 10:00; the number without '+'. */
async function bookedCustomer(salon: Connected, firstName: string): Promise<{ phone: string; date: string }> {
  const store = `/orga/${salon.orgaId}/store/${salon.storeId}`;
  const phone = `39333${String(1_000_000 + (randomBytes(3).readUIntBE(0, 3) % 8_000_000))}`;
  const created = await salon.api.call<{ customer: { id: string } }>('POST', `${store}/customer`, {
    first_name: firstName,
    last_name: 'Promemoria',
    fon: `+${phone}`,
    consent_messages: true,
    consent_reminders: true,
  });
  const pet = await salon.api.call<{ pet: { id: string } }>('POST', `${store}/pet`, {
    customer_id: created.customer.id,
    name: 'Fido',
    pet_type: 1,
  });
  const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  await salon.api.call('POST', `${store}/appointment`, {
    appointment: { user_id: null, date, hour: 10, min: 0, duration: 60, app_name: 'Fido', pet_ids: [pet.pet.id] },
    recurring: null,
  });
  return { phone, date };
}

/**
 * The reviewer's decision on every language of one of this salon's templates still pending; answers how many.
 * The salon's templates must have reached the panel (they are submitted on connect, shortly after).
 */
async function review(panel: Page, business: string, name: string, decide: 'APPROVED' | 'REJECTED', reason?: string): Promise<number> {
  const pending = () => panel.locator('li.template[data-status="PENDING"]', { hasText: business }).filter({ hasText: name });
  await until(
    async () => {
      await panel.goto(`${productUrl()}/dev/whatsapp`);
      return (await pending().count()) > 0;
    },
    { timeoutMs: 20_000, intervalMs: 1000, what: `${name} is submitted to WhatsApp` },
  );
  let decided = 0;
  while ((await pending().count()) > 0) {
    const row = pending().first();
    const id = await row.getAttribute('data-template-id');
    if (reason) await row.locator('select[name="reason"]').selectOption(reason);
    await row.locator(`button[data-status="${decide}"]`).click();
    await panel.locator(`li.template[data-template-id="${id}"][data-status="${decide}"]`).waitFor();
    decided += 1;
  }
  return decided;
}

/** Opens the appointment's dialog on the calendar and presses "Send reminder now". */
async function sendReminderNow(salon: Connected, date: string): Promise<void> {
  const { page } = salon;
  await page.goto(`${salon.base}?day=${date}`);
  const card = page.locator(`[data-testid="grid-column"][data-day="${date}"] [data-testid="appointment-card"]`).first();
  await card.click();
  await page.getByTestId('appointment-dialog').waitFor();
  await page.getByTestId('appointment-send-reminder').click();
}

/** The sandbox phone's conversation link for this customer, once the salon's first message reached it. */
const conversationOf = (phonePage: Page, phone: string) => phonePage.locator(`a[href*="customer=${phone}"]`);

describe('a reminder with a template WhatsApp reviewed (issue 27)', () => {
  it('issue 27 R1.06 R3.13 Embedded Signup, the reminder template approved, Send reminder now, Confirm tapped: the appointment is confirmed by the customer', async () => {
    const salon = await connectedSalon((await chromium.newBrowser()).page);
    const phoneBrowser = await chromium.newBrowser();
    const metaBrowser = await chromium.newBrowser();
    const { page } = salon;
    const { phone, date } = await bookedCustomer(salon, 'Lucia');

    // Meta's reviewer approves the reminder (only it: every other template of the salon stays pending)
    expect(await review(metaBrowser.page, salon.business, REMINDER, 'APPROVED')).toBeGreaterThan(0);
    // the templates page follows the review (webhook, then realtime): the reminder approved
    await page.goto(`${salon.base}/messages/templates`);
    await page.getByTestId('templates-page').waitFor();
    await page
      .getByTestId('template-type-0')
      .getByTestId('template')
      .locator('[data-testid="template-meta-status"][data-status="approved"]')
      .first()
      .waitFor({ timeout: 20_000 });

    // staff send this appointment's reminder now from its dialog
    await sendReminderNow(salon, date);
    await page.getByText('Reminder added to the queue').waitFor();
    await expectNoSeriousA11yViolations(page, 'appointment dialog, reminder sent');

    // it reaches the sandbox phone (which accepts only a template approved in the salon's account under that
    // name and language) with the appointment's Confirm and Decline
    const customerPhone = phoneBrowser.page;
    await until(
      async () => {
        await customerPhone.goto(`${productUrl()}/dev/whatsapp`);
        return (await conversationOf(customerPhone, phone).count()) > 0;
      },
      { timeoutMs: 20_000, intervalMs: 500, what: 'the reminder reaches the sandbox phone' },
    );
    await conversationOf(customerPhone, phone).first().click();
    // (in the customer's language: the salon's default, Italian for a new salon)
    const reminder = customerPhone.locator('li.message.salon', { hasText: /Lucia\b.*\bFido\b.*10:00/ });
    await reminder.waitFor();
    expect(await reminder.getAttribute('data-status')).not.toBe('failed');
    expect(await reminder.locator('button.quick-reply').allTextContents()).toEqual(['Confirm', 'Decline']);
    await reminder.locator('button.quick-reply', { hasText: 'Confirm' }).click();
    await customerPhone.locator('li.message.customer', { hasText: 'Confirm' }).waitFor();

    // the calendar shows it confirmed by the customer (the button's webhook, then realtime)
    await page.keyboard.press('Escape');
    await page.goto(`${salon.base}?day=${date}`);
    const card = page.locator(`[data-testid="grid-column"][data-day="${date}"] [data-testid="appointment-card"]`).first();
    await until(
      async () => {
        await page.reload();
        await card.waitFor();
        return (await card.getByTestId('confirmed-badge').count()) > 0;
      },
      { timeoutMs: 20_000, intervalMs: 1000, what: 'the appointment shows as confirmed by the customer' },
    );
    expect(await card.getByTestId('confirmed-badge').getAttribute('title')).toBe('Confirmed by the customer');
    await metaBrowser.close();
    await phoneBrowser.close();
  }, 180_000);

  it('issue 27 R1.06 R3.13 a reminder template WhatsApp rejects shows its reason, and Send reminder now sends nothing with it', async () => {
    const salon = await connectedSalon((await chromium.newBrowser()).page);
    const phoneBrowser = await chromium.newBrowser();
    const metaBrowser = await chromium.newBrowser();
    const { page } = salon;
    const { phone, date } = await bookedCustomer(salon, 'Sara');

    expect(await review(metaBrowser.page, salon.business, REMINDER, 'REJECTED', 'INVALID_FORMAT')).toBeGreaterThan(0);
    // every other template approved: what keeps the reminder from going out is its own rejection
    await review(metaBrowser.page, salon.business, 'pawline_', 'APPROVED');

    // the templates page shows the rejection with its reason in the user's words
    await page.goto(`${salon.base}/messages/templates`);
    await page.getByTestId('templates-page').waitFor();
    const rejected = page
      .getByTestId('template-type-0')
      .getByTestId('template')
      .filter({ has: page.locator('[data-testid="template-meta-status"][data-status="rejected"]') })
      .first();
    await rejected.waitFor({ timeout: 20_000 });
    expect(await rejected.getByTestId('template-meta-reason').textContent()).toBe(
      'The format is not valid: check the variables, and that the text neither starts nor ends with one.',
    );
    await rejected.getByText('Messages with it are not sent until WhatsApp approves it.').waitFor();

    // Send reminder now is refused with the reason and nothing reaches the customer's phone
    await sendReminderNow(salon, date);
    const snackbar = page.getByTestId('snackbar').first();
    await snackbar.waitFor();
    expect(await snackbar.textContent()).toBe('Not sent: WhatsApp rejected the template.');
    await page.waitForTimeout(3000);
    await phoneBrowser.page.goto(`${productUrl()}/dev/whatsapp`);
    expect(await conversationOf(phoneBrowser.page, phone).count()).toBe(0);
    await metaBrowser.close();
    await phoneBrowser.close();
  }, 180_000);
});
