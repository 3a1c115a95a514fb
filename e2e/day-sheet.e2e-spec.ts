// Issue 29, the day sheet on the running stack: opened from the calendar's toolbar, printed to PDF the way the
// browser prints it (print media). The PDF holds each groomer's pets on a page of their own and none of the
// shell (sidebar, top bar) or the sheet's buttons. Account, pets and appointments are set up through the API.
import type { Page } from 'playwright-core';
import { pdfText } from '../tools/pdf-text/pdf-text';
import { apiSession, salonOf } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openChromium, productUrl, type Chromium } from './support/browser';
import { signIn, verifiedAccount } from './support/newcomer';

// a Thursday of its own (the salon is new: nothing else is booked there)
const DAY = '2027-01-14';

describe('the day sheet (issue 29), on the running stack', () => {
  let chromium: Chromium;
  let page: Page;
  let orgaId = '';
  let storeId = '';

  beforeAll(async () => {
    chromium = await openChromium();
    page = (await chromium.newBrowser()).page;
    const person = await verifiedAccount(page);
    const session = await apiSession(person.email, person.password, 'e2e-day-sheet-api');
    ({
      orgaId,
      storeIds: [storeId = ''],
    } = await salonOf(session));
    const orga = await session.call<{ users: { user_id: string }[] }>('GET', `/orga/${orgaId}`);
    const owner = orga.users[0]?.user_id ?? null;
    const store = `/orga/${orgaId}/store/${storeId}`;
    const petOf = async (first_name: string, fon: string, name: string, allergies?: string) => {
      const customer = await session.call<{ customer: { id: string } }>('POST', `${store}/customer`, {
        first_name,
        last_name: 'Rossi',
        fon,
      });
      const pet = await session.call<{ pet: { id: string } }>('POST', `${store}/pet`, {
        customer_id: customer.customer.id,
        name,
        pet_type: 0,
        breed: 'Poodle',
        ...(allergies ? { allergies } : {}),
      });
      return pet.pet.id;
    };
    const fido = await petOf('Maria', '+39 333 1234567', 'Fido', 'Chlorhexidine');
    const nala = await petOf('Luca', '+39 347 7654321', 'Nala');
    const book = (user_id: string | null, hour: number, pet: string, app_name: string) =>
      session.call('POST', `${store}/appointment`, {
        appointment: { user_id, date: DAY, hour, min: 0, duration: 60, app_name, pet_ids: [pet] },
        recurring: null,
      });
    await book(owner, 9, fido, 'Fido bath');
    await book(null, 11, nala, 'Nala phone booking');
    await signIn(page, person);
    await page.getByTestId('welcome-dialog').waitFor();
    await page.getByTestId('welcome-close').click();
  }, 180000);

  afterAll(async () => {
    await chromium?.close();
  });

  it('issue 29 opens from the calendar and prints only the sheet, a page per groomer, with pets, phones and allergies', async () => {
    await page.goto(`${productUrl()}/${orgaId}/store/${storeId}?day=${DAY}`);
    await page.getByTestId('calendar-day-sheet').click();
    await page.waitForURL(`**/${orgaId}/store/${storeId}/day-sheet?day=${DAY}`);
    const sections = page.getByTestId('day-sheet-section');
    await page.getByText('Chlorhexidine', { exact: false }).waitFor();
    expect(await sections.count()).toBe(2);
    await expectNoSeriousA11yViolations(page, 'day sheet');

    const started = Date.now();
    const bytes = await page.pdf({ format: 'A4', printBackground: false });
    const { pages } = await pdfText(bytes);
    console.log(`day sheet: ${pages.length} PDF pages in ${Date.now() - started} ms`);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Fido');
    expect(pages[0]).toContain('+39 333 1234567');
    expect(pages[0]).toContain('Allergies: Chlorhexidine');
    expect(pages[0]).not.toContain('Nala');
    expect(pages[1]).toContain('Unassigned');
    expect(pages[1]).toContain('Nala');
    expect(pages[1]).toContain('+39 347 7654321');
    // none of the shell or the sheet's own buttons on paper
    const all = pages.join('\n');
    expect(all).not.toContain('Back to the calendar');
    expect(all).not.toContain('Print');
    // every line of the drawer and the top bar, save those the sheet itself shows too (the store's name)
    const sheet = await page.getByTestId('day-sheet').innerText();
    const shell = (await page.locator('nav, [data-testid="top-bar"]').allInnerTexts()).join('\n').split('\n');
    const shellOnly = shell.map((l) => l.trim()).filter((l) => l.length > 3 && !sheet.includes(l));
    expect(shellOnly.length).toBeGreaterThan(0);
    expect(shellOnly.filter((l) => all.includes(l))).toEqual([]);
  });
});
