// Issue 16, phones and tablets: a new owner at a phone's and a tablet's size. The drawer is an
// overlay on the phone (opened from the top bar, closed by an entry, Escape or the backdrop) and
// the mini variant on the tablet; the calendar opens in Day view on the phone; an appointment is
// booked, moved and resized by touch (a long press, so that a swipe still scrolls the day); the appointment
// dialog fills the phone's screen; and axe finds no serious or critical violation on the calendar.
import type { CDPSession, Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openBrowser, PHONE, productUrl, TABLET, type Browser, type Device } from './support/browser';
import { verifiedAccount, type Newcomer } from './support/newcomer';
import { box, type Point } from './support/pointer';

const PX_PER_HOUR = 48;
// the grid's long press (frontends/calendar/src/grid/long-press.ts) is 450 ms
const HOLD_MS = 700;

type Session = { orgaId: string; storeId: string; token: string };
type Appointment = { id: string; date: string; hour: number; min: number; duration: number };

async function call<T>(session: Session, method: string, pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(`${productUrl()}/api/v1${pathname}`, {
    method,
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function signInOnScreen(page: Page, person: Newcomer): Promise<void> {
  await page.goto(`${productUrl()}/login`);
  await page.locator('input[name="username"]').fill(person.email);
  await page.locator('input[name="password"]').fill(person.password);
  await page.locator('form button[type="submit"]').click();
  await page.getByTestId('top-bar').waitFor();
}

/** A finger on the screen (Chrome's touch input, as a phone sends it): held `holdMs`, then moved in steps. */
async function touch(cdp: CDPSession, from: Point, to: Point, holdMs: number): Promise<void> {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
  const steps = 10;
  for (let i = 1; i <= steps; i += 1) {
    const point = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
    await new Promise((resolve) => setTimeout(resolve, 16));
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

async function drawerState(page: Page) {
  const drawer = page.getByTestId('left-drawer');
  if ((await drawer.count()) === 0) return null;
  const at = await box(drawer);
  return { overlay: await drawer.getAttribute('data-overlay'), mini: await drawer.getAttribute('data-mini'), width: Math.round(at.width) };
}

const DEVICES: [string, Device][] = [
  ['phone', PHONE],
  ['tablet', TABLET],
];

describe.each(DEVICES)('on a %s', (name, device) => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await openBrowser(device);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('drawer, calendar view, booking, moving and resizing by touch, a full-screen dialog and no serious axe violation', async () => {
    const { page } = browser;
    const phone = name === 'phone';
    const person = await verifiedAccount(page);
    await signInOnScreen(page, person);
    await page.getByTestId('calendar-page').waitFor();
    const [, orgaId = '', , storeId = ''] = new URL(page.url()).pathname.split('/');
    const login = await fetch(`${productUrl()}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: person.email, password: person.password }),
    });
    const session: Session = { orgaId, storeId, token: ((await login.json()) as { access_token: string }).access_token };
    const customer = await call<{ customer: { id: string } }>(session, 'POST', `/orga/${orgaId}/store/${storeId}/customer`, {
      first_name: 'Maria',
      last_name: 'Rossi',
    });
    await call(session, 'POST', `/orga/${orgaId}/store/${storeId}/pet`, { customer_id: customer.customer.id, name: 'Fido', pet_type: 1 });

    // the drawer: an overlay on the phone, the 72 px mini variant on the tablet (R2.06 stays for wide screens)
    if (phone) {
      expect(await drawerState(page)).toBeNull();
      await page.getByTestId('drawer-open').click();
      expect(await drawerState(page)).toEqual({ overlay: 'true', mini: 'false', width: 280 });
      await page.getByTestId('nav-customers').click();
      await page.waitForURL(/\/customers$/);
      await page.getByTestId('left-drawer').waitFor({ state: 'detached' });
      await page.getByTestId('drawer-open').click();
      await page.keyboard.press('Escape');
      await page.getByTestId('left-drawer').waitFor({ state: 'detached' });
      // focus is back on the menu button
      expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe('drawer-open');
      await page.getByTestId('drawer-open').click();
      await page.mouse.click(device.viewport.width - 10, device.viewport.height / 2); // the backdrop beside the drawer
      await page.getByTestId('left-drawer').waitFor({ state: 'detached' });
      await page.getByTestId('drawer-open').click();
      await page.getByTestId('nav-store').click();
      await page.getByTestId('calendar-page').waitFor();
      expect(await drawerState(page)).toBeNull();
    } else {
      expect(await drawerState(page)).toEqual({ overlay: 'false', mini: 'true', width: 72 });
      expect(await page.getByTestId('drawer-open').count()).toBe(0);
    }

    // Day view on the phone (nothing remembered on this device yet), Week on the tablet; the menu a
    // collapsible group on the phone; no page-wide sideways scrolling; no column narrower than a card's time
    const calendar = page.getByTestId('calendar-page');
    expect(await calendar.getAttribute('data-view')).toBe(phone ? 'day' : 'week');
    expect(await page.getByTestId('view-menu-toggle').isVisible()).toBe(phone);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // the week's answer may still be on its way: the grid's columns render with it
    await page.getByTestId('grid-column').first().waitFor();
    const columns = page.getByTestId('grid-column');
    expect(await columns.count()).toBe(phone ? 1 : 7);
    for (const column of await columns.all()) expect((await box(column)).width).toBeGreaterThanOrEqual(87);

    const grid = page.getByTestId('time-grid');
    await grid.scrollIntoViewIfNeeded();
    const column = phone ? columns.first() : columns.last();
    const day = (await column.getAttribute('data-day')) ?? '';
    const firstHour = Number(await page.getByTestId('grid-body').getAttribute('data-first-hour'));
    const cdp = await page.context().newCDPSession(page);

    // a quick swipe scrolls the day and books nothing
    const at = await box(column);
    const x = at.x + at.width / 2;
    await touch(cdp, { x, y: at.y + 300 }, { x, y: at.y + 100 }, 0);
    await page.waitForTimeout(400);
    expect(await page.getByTestId('appointment-dialog').count()).toBe(0);
    // the phone's day is taller than its grid's box: the swipe scrolled it (the tablet's fits)
    if (phone) expect(await grid.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    await grid.evaluate((element) => element.scrollTo(0, 0));
    await grid.scrollIntoViewIfNeeded();

    // a long press at 10:00 dragged to 11:00 books 10:00–11:00
    const top = (await box(column)).y;
    const yAt = (minutes: number) => top + ((minutes - firstHour * 60) / 60) * PX_PER_HOUR;
    await touch(cdp, { x, y: yAt(600) + 3 }, { x, y: yAt(660) - 3 }, HOLD_MS);
    const dialog = page.getByTestId('appointment-dialog');
    await dialog.waitFor();
    await page.waitForTimeout(500); // the dialog scales in
    const dialogBox = await box(dialog);
    if (phone) {
      // full screen on the phone
      expect(Math.round(dialogBox.width)).toBeGreaterThanOrEqual(device.viewport.width - 1);
      expect(Math.round(dialogBox.height)).toBeGreaterThanOrEqual(device.viewport.height - 1);
    } else expect(dialogBox.width).toBeLessThan(device.viewport.width);
    await page.getByTestId('customer-search').fill('Rossi');
    await page.getByTestId('customer-option').first().click();
    await page.getByTestId('chosen-customer').waitFor();
    // the customer's only pet is picked once their pets arrive
    await page.getByTestId('appointment-dialog').locator('input[type="checkbox"]:checked').first().waitFor({ state: 'attached' });
    await page.getByTestId('appointment-save').click();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByTestId('appointment-card');
    await card.waitFor();
    const [y, m, d] = day.split('-').map(Number);
    const range = `/orga/${orgaId}/store/${storeId}/appointments/${y}/${m}/${d}/${y}/${m}/${d}`;
    const booked = (await call<{ items: Appointment[] }>(session, 'GET', range)).items;
    expect(booked.map((a) => ({ date: a.date, hour: a.hour, min: a.min, duration: a.duration }))).toEqual([
      { date: day, hour: 10, min: 0, duration: 60 },
    ]);

    // a long press on the card and a drag one hour down moves it to 11:00
    const cardBox = await box(card);
    const from = { x: cardBox.x + cardBox.width / 2, y: cardBox.y + 12 };
    await touch(cdp, from, { x: from.x, y: from.y + PX_PER_HOUR }, HOLD_MS);
    await page.waitForFunction(
      async ([url, token]) => {
        const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        const list = (await response.json()) as { items: { hour: number }[] };
        return list.items[0]?.hour === 11;
      },
      [`${productUrl()}/api/v1${range}`, session.token],
    );
    expect(await page.getByTestId('appointment-dialog').count()).toBe(0);

    // a long press on its bottom edge and a drag half an hour down makes it 90 minutes long
    await page.waitForFunction(() => document.querySelector('[data-testid="appointment-card"]')?.textContent?.startsWith('11:00'));
    const handle = await box(page.getByTestId('resize-handle'));
    const edge = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
    await touch(cdp, edge, { x: edge.x, y: edge.y + PX_PER_HOUR / 2 }, HOLD_MS);
    await page.waitForFunction(
      async ([url, token]) => {
        const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        const list = (await response.json()) as { items: { hour: number; duration: number }[] };
        return list.items[0]?.hour === 11 && list.items[0]?.duration === 90;
      },
      [`${productUrl()}/api/v1${range}`, session.token],
    );
    await cdp.detach();

    // the calendar with its appointment: no serious or critical accessibility violation
    await expectNoSeriousA11yViolations(page, `calendar (${name})`);

    if (phone) {
      // the view chosen on this device is the one the calendar opens in next time
      await page.getByTestId('view-menu-toggle').click();
      await page.locator('[data-testid="view-menu-group"] [data-view="four_days"]').click();
      await page.reload();
      await page.getByTestId('calendar-page').waitFor();
      expect(await page.getByTestId('calendar-page').getAttribute('data-view')).toBe('four_days');
      // four columns of at least 88 px: the grid scrolls sideways, the page does not
      await page.getByTestId('time-grid').waitFor();
      expect(await columns.count()).toBe(4);
      for (const column of await columns.all()) expect((await box(column)).width).toBeGreaterThanOrEqual(87);
      expect(await grid.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // the open overlay drawer passes the accessibility check too
      await page.getByTestId('drawer-open').click();
      await page.getByTestId('left-drawer').waitFor();
      await expectNoSeriousA11yViolations(page, 'drawer overlay (phone)');
      await page.keyboard.press('Escape');
      await page.getByTestId('left-drawer').waitFor({ state: 'detached' });
    }
  });
});
