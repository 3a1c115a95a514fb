// Issue 26, the front desk on the running stack: the appointment dialog names a collision before saving, the
// server refuses the save until "Book anyway" says so on purpose; a deleted appointment comes back through Undo;
// the customer page's Book link opens the dialog for the customer and pet. Account, customer, pet and the
// appointment already there are set up through the API; what is under test is done in the browser.
import type { Page } from 'playwright-core';
import { until } from '@pawline/nest-kit/testing';
import { apiSession, salonOf, type ApiSession } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openChromium, productUrl, type Chromium } from './support/browser';
import { signIn, verifiedAccount } from './support/newcomer';

type Appointment = { id: string; date: string; hour: number; min: number; duration: number; status: number };

// a Wednesday of its own week (the salon is new: nothing else is booked there)
const WEDNESDAY = '2027-01-13';
const WEEK = '2027/1/11/2027/1/17';

type Salon = { orgaId: string; storeId: string; session: ApiSession; customerId: string; petId: string };

const reached = <T>(probe: () => Promise<T | undefined>, what: string): Promise<T> => until(probe, { intervalMs: 250, what });

async function week(salon: Salon): Promise<Appointment[]> {
  return (await salon.session.call<{ items: Appointment[] }>('GET', `/orga/${salon.orgaId}/store/${salon.storeId}/appointments/${WEEK}`))
    .items;
}

describe('the front desk (issue 26), on the running stack', () => {
  let chromium: Chromium;
  let page: Page;
  let salon: Salon;

  beforeAll(async () => {
    chromium = await openChromium();
    page = (await chromium.newBrowser()).page;
    const person = await verifiedAccount(page);
    const session = await apiSession(person.email, person.password, 'e2e-front-desk-api');
    const { orgaId, storeIds } = await salonOf(session);
    const storeId = storeIds[0] ?? '';
    const customer = await session.call<{ customer: { id: string } }>('POST', `/orga/${orgaId}/store/${storeId}/customer`, {
      first_name: 'Maria',
      last_name: 'Rossi',
    });
    const pet = await session.call<{ pet: { id: string } }>('POST', `/orga/${orgaId}/store/${storeId}/pet`, {
      customer_id: customer.customer.id,
      name: 'Fido',
      pet_type: 0,
    });
    salon = { orgaId, storeId, session, customerId: customer.customer.id, petId: pet.pet.id };
    // Fido is already booked on Wednesday 9:00–10:00 (unassigned, as a phone booking often is)
    await session.call('POST', `/orga/${orgaId}/store/${storeId}/appointment`, {
      appointment: { user_id: null, date: WEDNESDAY, hour: 9, min: 0, duration: 60, app_name: 'Fido first', pet_ids: [pet.pet.id] },
      recurring: null,
    });
    await signIn(page, person);
    await page.getByTestId('welcome-dialog').waitFor();
    await page.getByTestId('welcome-close').click();
    await page.goto(`${productUrl()}/${orgaId}/store/${storeId}?day=${WEDNESDAY}`);
    await page.getByTestId('time-grid').waitFor();
    await page.locator(`[data-testid="grid-column"][data-day="${WEDNESDAY}"] [data-testid="appointment-card"]`).waitFor();
  }, 180000);

  afterAll(async () => {
    await chromium?.close();
  });

  it('issue 26 R3.07 a second appointment for the same pet warns with the collision; the server refuses it until "Book anyway" books it', async () => {
    // the toolbar's New appointment (a drag on the grid would start on Fido's card and move it)
    await page.getByTestId('calendar-new').click();
    const dialog = page.getByTestId('appointment-dialog');
    await dialog.waitFor();
    await dialog.locator('input[type="date"]').first().fill(WEDNESDAY);
    await dialog.locator('input[type="time"]').fill('09:30');
    await page.getByTestId('duration-input').fill('60');
    await page.getByTestId('customer-search').fill('Rossi');
    await page.getByTestId('customer-option').first().click();
    await page.getByTestId('chosen-customer').waitFor();
    const warning = page.getByTestId('conflict-warning');
    await warning.waitFor();
    expect(await warning.getByTestId('conflict-line').allTextContents()).toEqual(['Fido 09:00–10:00, unassigned (the same pet)']);
    await expectNoSeriousA11yViolations(page, 'appointment dialog with a collision');

    await page.getByTestId('appointment-save').click();
    await warning.getByText('Not saved: this time collides with:').waitFor();
    expect(await week(salon)).toHaveLength(1);

    await page.getByTestId('book-anyway').click();
    await dialog.waitFor({ state: 'detached' });
    const both = await reached(async () => {
      const items = await week(salon);
      return items.length === 2 ? items : undefined;
    }, 'the deliberate double booking to reach the server');
    expect(both.map((a) => `${a.hour}:${a.min} ${a.duration}`).sort()).toEqual(['9:0 60', '9:30 60']);
  });

  it('issue 26 R4.11 a delete shows Undo for ten seconds; Undo brings the appointment back through the server, asking again about its collision', async () => {
    const card = page.locator(
      `[data-testid="grid-column"][data-day="${WEDNESDAY}"] [data-testid="appointment-card"][aria-label^="09:30–10:30"]`,
    );
    await card.click();
    await page.getByTestId('appointment-delete').click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await card.waitFor({ state: 'detached' });
    await reached(async () => ((await week(salon)).length === 1 ? true : undefined), 'the delete to reach the server');
    const toast = page.getByTestId('undo-toast');
    expect(await toast.textContent()).toContain('Appointment deleted');
    await page.getByTestId('undo-button').click();
    // the double booking was deliberate: coming back, it collides again, and the server asks once more
    const ask = page.getByTestId('conflict-ask');
    await ask.waitFor();
    expect(await ask.getByTestId('conflict-line').allTextContents()).toEqual(['Fido 09:00–10:00, unassigned (the same pet)']);
    await page.getByTestId('confirm-dialog-confirm').click();
    await card.waitFor();
    const back = await reached(async () => {
      const items = await week(salon);
      return items.length === 2 ? items : undefined;
    }, 'the undone delete to reach the server');
    expect(back.find((a) => a.hour === 9 && a.min === 30)).toMatchObject({ duration: 60, status: 0 });
  });

  it("issue 26 the customer page's Book link opens a new appointment for the customer and the pet", async () => {
    await page.goto(
      `${productUrl()}/${salon.orgaId}/store/${salon.storeId}?day=${WEDNESDAY}&book_customer=${salon.customerId}&book_pet=${salon.petId}`,
    );
    const dialog = page.getByTestId('appointment-dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('chosen-customer').textContent()).toBe('Maria Rossi');
    await expect(dialog.getByRole('checkbox', { name: 'Fido' }).isChecked()).resolves.toBe(true);
    // the link has left the address: a reload opens the calendar alone
    expect(page.url()).not.toContain('book_customer');
  });
});
