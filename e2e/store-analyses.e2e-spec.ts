// Statistics with data on the whole stack: a salon's appointments of the last days, two of them checked
// out, reach analytics through the event spine (never its tables) and the store administrator reads them on
// /{orgaId}/store/{storeId}/admin/analyses: the headline figures, a day's revenue in the chart's table, the
// 7-day / 12-month period switch, and the CSV of the revenue chart. Data is set up through the API.
import { readFileSync } from 'node:fs';
import { apiSession, salonOf } from './support/api';
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

type Totals = { appointments: number; checked_out: number; revenue_cents: number };

describe('analyses remote: a store’s statistics with data', () => {
  it('R1.12 the store administrator reads appointments, revenue and average ticket by period and downloads a chart’s CSV', async () => {
    const salon = await chromium.newBrowser();
    const { page } = salon;
    const person = await verifiedAccount(page);
    const api = await apiSession(person.email, person.password);
    const { orgaId, storeIds } = await salonOf(api);
    const storeId = storeIds[0] ?? '';
    const store = `/orga/${orgaId}/store/${storeId}`;

    // one dog, three appointments in the last ten days (at 10:00), two checked out at €45.00 and €30.00
    const customer = await api.call<{ customer: { id: string } }>('POST', `${store}/customer`, {
      first_name: 'Sara',
      last_name: 'Statistica',
      fon: '+393331234567',
    });
    const pet = await api.call<{ pet: { id: string } }>('POST', `${store}/pet`, {
      customer_id: customer.customer.id,
      name: 'Biscotto',
      pet_type: 1,
    });
    const ids: string[] = [];
    for (const days of [2, 3, 10]) {
      const made = await api.call<{ items: { id: string }[] }>('POST', `${store}/appointment`, {
        appointment: { date: daysAgo(days), hour: 10, min: 0, duration: 60, pet_ids: [pet.pet.id], treatment_ids: [] },
      });
      ids.push(made.items[0]?.id ?? '');
    }
    await api.call('PATCH', `${store}/appointment/${ids[0]}/check_out`, { final_price: 4500, discount: 0, cashed_in: true });
    await api.call('PATCH', `${store}/appointment/${ids[1]}/check_out`, { final_price: 3000, discount: 0, cashed_in: true });

    // analytics learns them from scheduling's events
    await until(
      async () => {
        const salonStats = await api.call<{ totals: Totals }>('GET', `${store}/analyses/salon?period=30d&bucket=day`);
        expect(salonStats.totals).toMatchObject({ appointments: 3, checked_out: 2 });
        return true;
      },
      { timeoutMs: 30_000, intervalMs: 500, what: 'analytics counts the appointments' },
    );

    await signIn(page, person);
    await page.getByTestId('welcome-dialog').waitFor();
    await page.getByTestId('welcome-close').click();
    await page.goto(`${productUrl()}/${orgaId}/store/${storeId}/admin/analyses`);
    await page.getByTestId('analyses-page').waitFor();

    // last 30 days, by day: three appointments, €75.00, €37.50 a checked-out appointment
    // (each figure is its label followed by its value)
    const figures = page.getByTestId('analyses-figures');
    await figures.getByText('€75.00').waitFor();
    const headline = (await figures.textContent()) ?? '';
    expect(headline).toContain('Appointments3');
    expect(headline).toContain('Average ticket€37.50');
    expect(headline).toContain('Checked out2');

    // the revenue chart is drawn, and its table has the day of the €45.00 checkout
    const revenue = page.getByTestId('analyses-card-revenue');
    await revenue.getByTestId('statistics-chart-line').waitFor();
    const day = await revenue
      .locator('tr', { hasText: daysAgo(2) })
      .first()
      .textContent();
    expect(day).toContain('€45.00');

    // its CSV has the days with their euros
    const [download] = await Promise.all([page.waitForEvent('download'), revenue.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('revenue.csv');
    const csv = readFileSync((await download.path()) ?? '', 'utf8');
    expect(csv).toContain(`${daysAgo(2)},45`);
    expect(csv).toContain(`${daysAgo(3)},30`);

    // the last 7 days leave out the appointment of ten days ago
    await page.getByRole('combobox', { name: 'Period', exact: true }).selectOption('7d');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="analyses-figures"]')?.textContent?.includes('Appointments2') ?? false,
    );
    expect(await figures.textContent()).toContain('€75.00');

    await salon.close();
  });
});
