// A campaign on the whole stack with messaging's sandbox provider: the store administrator opens Marketing from
// the drawer, writes a campaign whose filters narrow the audience (counted live), sends it now ('Message added to
// queue'), and the campaign's customers page shows the message going out, delivered and read on the sandbox
// phone (/dev/whatsapp). Customers, a tag and their visits are set up through the API (support/api.ts).
import { randomBytes } from 'node:crypto';
import { apiSession, salonOf, type ApiSession } from './support/api';
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

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** A customer with one dog and its past appointments; the mobile number is returned without its '+'. */
async function customerWithVisits(
  api: ApiSession,
  store: string,
  fields: { first_name: string; city: string; consent_marketing: boolean; tag_ids: string[] },
  visitDays: number[],
): Promise<string> {
  const phone = `39333${String(1_000_000 + (randomBytes(3).readUIntBE(0, 3) % 8_000_000))}`;
  const created = await api.call<{ customer: { id: string } }>('POST', `${store}/customer`, {
    first_name: fields.first_name,
    last_name: 'Campagna',
    city: fields.city,
    fon: `+${phone}`,
    consent_messages: true,
    consent_marketing: fields.consent_marketing,
    tags: fields.tag_ids.map((tag_id) => ({ tag_id, tag_order: 0 })),
  });
  const pet = await api.call<{ pet: { id: string } }>('POST', `${store}/pet`, {
    customer_id: created.customer.id,
    name: `${fields.first_name}'s dog`,
    pet_type: 1,
  });
  for (const days of visitDays) {
    await api.call('POST', `${store}/appointment`, {
      appointment: { date: daysAgo(days), hour: 10, min: 0, duration: 60, pet_ids: [pet.pet.id], treatment_ids: [] },
    });
  }
  return phone;
}

describe('campaigns remote: a campaign sent through the sandbox provider', () => {
  it('R1.07 R4.13 R3.11 R6.06 a store administrator counts the audience by filters, sends it now and sees each message’s status', async () => {
    const salon = await chromium.newBrowser();
    const phone = await chromium.newBrowser();
    const { page } = salon;
    const person = await verifiedAccount(page);
    const api = await apiSession(person.email, person.password);
    const { orgaId, storeIds } = await salonOf(api);
    const storeId = storeIds[0] ?? '';
    const store = `/orga/${orgaId}/store/${storeId}`;

    // Marta: last seen 14 months ago, Milano; Luca: seen last month and bites; Gino: no marketing consent
    const bites = await api.call<{ id: string }>('POST', `/orga/${orgaId}/tag`, { kind: 'customer', name: 'Morde', icon: 3 });
    const marta = await customerWithVisits(
      api,
      store,
      { first_name: 'Marta', city: 'Milano', consent_marketing: true, tag_ids: [] },
      [425],
    );
    await customerWithVisits(api, store, { first_name: 'Luca', city: 'Roma', consent_marketing: true, tag_ids: [bites.id] }, [30]);
    await customerWithVisits(api, store, { first_name: 'Gino', city: 'Milano', consent_marketing: false, tag_ids: [] }, [400]);

    await signIn(page, person);
    await page.getByTestId('welcome-dialog').waitFor();
    await page.getByTestId('welcome-close').click();
    const base = `${productUrl()}/${orgaId}/store/${storeId}/marketing`;

    // Marketing in the drawer (an owner administers every store; premium-marked at tier 0)
    await page.getByTestId('nav-campaigns').click();
    await page.waitForURL(base);
    await page.getByTestId('campaigns-page').waitFor();
    await page.getByTestId('new-campaign').first().click();
    await page.getByTestId('campaign-form').waitFor();

    // marketing's audience learns crm's and scheduling's events: the two customers with marketing consent
    const count = page.getByTestId('audience-count');
    await until(
      async () => {
        if ((await count.textContent())?.includes('2 customers receive this campaign')) return true;
        // a new count is asked whenever the filters change
        await page.locator('input[name="cities"]').fill(' ');
        await page.locator('input[name="cities"]').fill('');
        throw new Error(`the audience counts: ${String(await count.textContent())}`);
      },
      { timeoutMs: 20_000, intervalMs: 500, what: 'the audience counts 2' },
    );
    await page.locator('input[name="name"]').fill('Ci manchi');
    await page.locator('textarea[name="summary"]').fill('Bagno e taglio con il 10% di sconto');
    // away for 3 months or more: Marta only (Luca came last month)
    await page.locator('input[name="monthsAbsent"]').fill('3');
    await count.getByText('1 customers receive this campaign').waitFor();
    // excluding the biting customers and keeping Milano keeps her
    await page.getByTestId('tag-toggle').filter({ hasText: 'Morde' }).click();
    await page.locator('input[name="cities"]').fill('Milano');
    await count.getByText('1 customers receive this campaign').waitFor();
    await page.locator('input[name="cities"]').fill('Roma');
    await count.getByText('0 customers receive this campaign').waitFor();
    await page.locator('input[name="cities"]').fill('Milano');
    await count.getByText('1 customers receive this campaign').waitFor();

    await page.getByTestId('queue-campaign').click();
    await page.getByText('Message added to queue').first().waitFor();
    await page.waitForURL(new RegExp(`/marketing/[0-9a-f-]{36}$`));
    await page.getByTestId('campaign-results').waitFor();

    // sent through messaging's work queue to the sandbox provider: the status follows live, up to read
    const customers = page.getByTestId('campaign-customers');
    await customers.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('campaign-customer').count()).toBe(1);
    await page.getByTestId('customer-status').getByText('Read', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('campaign-customer').textContent()).toContain('Marta');
    expect(await page.getByTestId('figure-resultSent').textContent()).toBe('1');
    expect(await page.getByTestId('figure-resultRead').textContent()).toBe('1');

    // the message is on Marta's sandbox phone, with the marketing template's buttons
    const conversation = phone.page.locator(`a[href*="customer=${marta}"]`);
    await until(
      async () => {
        await phone.page.goto(`${productUrl()}/dev/whatsapp`);
        return (await conversation.count()) > 0;
      },
      { timeoutMs: 20_000, intervalMs: 500, what: 'the campaign reaches the sandbox phone' },
    );
    await conversation.first().click();
    await phone.page.locator('li.message.salon').first().waitFor();

    // the list shows it sent
    await page.goto(base);
    const row = page.locator('[data-testid="campaign-row"]', { hasText: 'Ci manchi' });
    await row.getByTestId('campaign-state').getByText('Sent').waitFor();

    await phone.close();
    await salon.close();
  });
});
