/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ANNA, BEA, FakeSchedulingGateway, mountCalendar, ORGA, STORE } from '../test-support/calendar-harness';

const DAY = '2026-11-18';
const PATH = `/${ORGA}/store/${STORE}/day-sheet?day=${DAY}`;
const RANGE = /\/appointments\/\d+\/\d+\/\d+\/\d+\/\d+\/\d+$/;

function salonDay() {
  const gateway = new FakeSchedulingGateway();
  const fido = gateway.addPet(
    'Fido',
    { first_name: 'Maria', last_name: 'Verdi', fon: '+39 333 1234567' },
    { breed: 'Poodle', allergies: 'Chlorhexidine shampoo' },
  );
  const rex = gateway.addPet('Rex', { first_name: 'Luca', last_name: 'Bianchi', fon: '+39 347 7654321' }, { breed: 'Beagle' });
  const nala = gateway.addPet('Nala', { first_name: 'Sara', last_name: 'Neri', fon: null }, { breed: null });
  const bath = { id: '60000000-0000-4000-8000-000000000001', name: 'Bath' };
  const cut = { id: '60000000-0000-4000-8000-000000000002', name: 'Full cut' };
  gateway.add({ date: DAY, hour: 14, min: 0, duration: 60, user_id: ANNA.user_id }, [rex.id], [cut]);
  gateway.add({ date: DAY, hour: 9, min: 0, duration: 90, user_id: ANNA.user_id, notes: 'Nervous with the dryer' }, [fido.id], [bath, cut]);
  gateway.add({ date: DAY, hour: 11, min: 0, duration: 30, user_id: null }, [nala.id], [bath]);
  gateway.add({ date: '2026-11-19', hour: 9, min: 0, user_id: BEA.user_id, app_name: 'Tomorrow' });
  return gateway;
}

describe('day sheet page', () => {
  it("issue 29 lists each groomer's day in time order with breed, treatments, notes and the owner's phone; unassigned last", async () => {
    const { sent } = mountCalendar({ gateway: salonDay(), path: PATH });
    const sections = await screen.findAllByTestId('day-sheet-section');
    expect(sections.map((s) => s.querySelector('h2')?.textContent)).toEqual(['Anna Rossi', 'Unassigned']);
    const anna = within(sections[0]).getAllByTestId('day-sheet-row');
    await waitFor(() => expect(anna[0]?.textContent).toContain('Fido'));
    expect(anna.map((r) => r.querySelector('td')?.textContent)).toEqual(['9:00 AM–10:30 AM', '2:00 PM–3:00 PM']);
    expect(anna[0]?.textContent).toContain('Poodle');
    expect(within(anna[0]).getByTestId('day-sheet-allergies').textContent).toBe('Allergies: Chlorhexidine shampoo');
    expect(within(anna[1]).queryByTestId('day-sheet-allergies')).toBeNull();
    expect(anna[0]?.textContent).toContain('Bath, Full cut');
    expect(anna[0]?.textContent).toContain('Nervous with the dryer');
    expect(anna[0]?.textContent).toContain('Maria Verdi · +39 333 1234567');
    expect(anna[1]?.textContent).toContain('Rex');
    expect(anna[1]?.textContent).toContain('Beagle');
    const unassigned = within(sections[1]).getAllByTestId('day-sheet-row');
    expect(unassigned).toHaveLength(1);
    expect(unassigned[0]?.textContent).toContain('Nala');
    expect(screen.queryByText('Tomorrow')).toBeNull();
    // Bea has nothing that day: no page of her own
    expect(screen.queryByRole('heading', { name: 'Bea Neri' })).toBeNull();
    // one read of the day, one batch read of its pets
    expect(sent('GET', RANGE).map((r) => r.path.split('/').slice(-6).join('/'))).toEqual(['2026/11/18/2026/11/18']);
    expect(sent('GET', /\/pets\/cards$/)).toHaveLength(1);
    expect(screen.getByTestId('day-sheet-date').textContent).toBe('Wednesday, November 18, 2026');
    // the print stylesheet: only the sheet, a new page per groomer, no buttons
    const css = document.querySelector('[data-day-sheet] style')?.textContent ?? '';
    expect(css).toContain('@media print');
    expect(css).toContain('break-before: page');
    expect(screen.getByTestId('day-sheet-print').closest('[data-print="hide"]')).not.toBeNull();
  });

  it('prints with the browser and goes back to the calendar on that day', async () => {
    const print = jest.fn();
    window.print = print;
    mountCalendar({ gateway: salonDay(), path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Back to the calendar' }).getAttribute('href')).toBe(`/${ORGA}/store/${STORE}?day=${DAY}`);
  });

  it('empty day: says so, in German with the date in German', async () => {
    mountCalendar({ path: PATH, language: 'de' });
    expect(await screen.findByText('Keine Termine an diesem Tag')).toBeTruthy();
    expect(screen.getByTestId('day-sheet-date').textContent).toBe('Mittwoch, 18. November 2026');
  });

  it('error: says the sheet could not be loaded and retries; times in the Italian format', async () => {
    const gateway = salonDay();
    gateway.failures = [{ method: 'GET', path: RANGE, status: 500, body: { code: 'internal', message: 'x' }, times: 1 }];
    mountCalendar({ gateway, path: PATH, language: 'it' });
    expect(await screen.findByText('Impossibile caricare il foglio del giorno')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect((await screen.findAllByTestId('day-sheet-section')).map((s) => s.querySelector('h2')?.textContent)).toEqual([
      'Anna Rossi',
      'Non assegnati',
    ]);
    expect(await screen.findByText('Fido')).toBeTruthy();
    expect(screen.getAllByTestId('day-sheet-row').map((r) => r.querySelector('td')?.textContent)).toEqual([
      '9:00–10:30',
      '14:00–15:00',
      '11:00–11:30',
    ]);
  });

  it('the calendar toolbar opens the sheet of the shown day', async () => {
    mountCalendar({ gateway: salonDay(), stored: { calendar_view: 'day' } });
    const link = await screen.findByRole('link', { name: 'Day sheet' });
    expect(link.getAttribute('href')).toBe(`/${ORGA}/store/${STORE}/day-sheet?day=${DAY}`);
    fireEvent.click(link);
    expect(await screen.findByTestId('day-sheet')).toBeTruthy();
  });
});
