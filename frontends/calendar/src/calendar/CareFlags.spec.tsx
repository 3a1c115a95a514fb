/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeSchedulingGateway, layoutGrid, mountCalendar, ORGA, STORE } from '../test-support/calendar-harness';

// Issue 31 the calendar card, the appointment dialog and the day sheet flag a pet whose vaccine the store
// requires is missing or expired on the appointment's day; a pet change (a proof verified) clears it live.

const BATH = { id: '60000000-0000-4000-8000-000000000001', name: 'Bath' };
const CUT = { id: '60000000-0000-4000-8000-000000000002', name: 'Full cut' };
const DAY = '2026-11-18';

function salon() {
  const gateway = new FakeSchedulingGateway();
  gateway.careSettings = {
    requirements: [
      { pet_type: 0, vaccine: 'rabies', treatment_ids: [] },
      { pet_type: 0, vaccine: 'kennel_cough', treatment_ids: [BATH.id] },
    ],
    expiring_days: 30,
    booking_mode: 'refuse',
  };
  const fido = gateway.addPet('Fido', {}, { pet_type: 1 });
  const rex = gateway.addPet('Rex', {}, { pet_type: 0 });
  const luna = gateway.addPet('Luna', {}, { pet_type: 2 });
  gateway.vaccinations[rex.id] = [{ vaccine: 'rabies', valid_until: '2027-06-01' }];
  gateway.add({ id: 'a-fido', app_name: 'Fido', date: DAY, hour: 9 }, [fido.id], [CUT]);
  // Rex's rabies is fine, but a bath asks kennel cough too
  gateway.add({ id: 'a-rex-cut', app_name: 'Rex cut', date: DAY, hour: 11 }, [rex.id], [CUT]);
  gateway.add({ id: 'a-rex-bath', app_name: 'Rex bath', date: '2026-11-19', hour: 11 }, [rex.id], [BATH]);
  // nothing is required of cats here
  gateway.add({ id: 'a-luna', app_name: 'Luna', date: DAY, hour: 14 }, [luna.id], [CUT]);
  return { gateway, fido, rex };
}

const cardOf = (id: string) =>
  screen.getAllByTestId('appointment-card').find((c) => c.getAttribute('data-appointment-id') === id) as HTMLElement;

describe('issue 31 vaccination flags in the calendar', () => {
  it('flags the cards whose pet misses a required vaccine for its treatments, and says so in the card name', async () => {
    mountCalendar({ gateway: salon().gateway });
    await waitFor(() => expect(within(cardOf('a-fido')).getByTestId('care-flag').textContent).toBe('Vaccination missing'));
    expect(cardOf('a-fido').getAttribute('aria-label')).toContain('Vaccination missing');
    expect(within(cardOf('a-rex-bath')).getByTestId('care-flag').getAttribute('data-care')).toBe('missing');
    expect(within(cardOf('a-rex-cut')).queryByTestId('care-flag')).toBeNull();
    expect(within(cardOf('a-luna')).queryByTestId('care-flag')).toBeNull();
  });

  it('flags an expired vaccine in Italian, judged on the appointment day', async () => {
    const { gateway, fido } = salon();
    // valid on the 18th, not on the 19th
    gateway.vaccinations[fido.id] = [{ vaccine: 'rabies', valid_until: DAY }];
    gateway.add({ id: 'a-fido-later', app_name: 'Fido 2', date: '2026-11-19', hour: 15 }, [fido.id], [CUT]);
    mountCalendar({ gateway, language: 'it' });
    await waitFor(() => expect(within(cardOf('a-fido-later')).getByTestId('care-flag').textContent).toBe('Vaccinazione scaduta'));
    expect(within(cardOf('a-fido')).queryByTestId('care-flag')).toBeNull();
  });

  it('the dialog names the pet and the vaccine, and the flag leaves once the pet is verified (a pet change)', async () => {
    const { gateway, fido } = salon();
    const { emit } = mountCalendar({ gateway });
    await waitFor(() => expect(within(cardOf('a-fido')).getByTestId('care-flag')).toBeTruthy());
    layoutGrid(screen.getByTestId('grid-body'));
    fireEvent.pointerDown(cardOf('a-fido'), { clientX: 100, clientY: 100, button: 0 });
    fireEvent.pointerUp(screen.getByTestId('grid-body'), { clientX: 100, clientY: 100 });
    const dialog = await screen.findByTestId('appointment-dialog');
    expect((await within(dialog).findByTestId('dialog-care-flag')).textContent).toBe('Vaccination missing: Fido: Rabies');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    gateway.vaccinations[fido.id] = [{ vaccine: 'rabies', valid_until: '2028-01-01' }];
    emit({ scope: 'pet', event: 'updated', data: fido.id });
    await waitFor(() => expect(within(cardOf('a-fido')).queryByTestId('care-flag')).toBeNull());
  });

  it('the day sheet prints the flag beside the pet', async () => {
    mountCalendar({ gateway: salon().gateway, path: `/${ORGA}/store/${STORE}/day-sheet?day=${DAY}` });
    const flags = await screen.findAllByTestId('day-sheet-care');
    expect(flags.map((f) => f.textContent)).toEqual(['Vaccination missing: Fido: Rabies']);
  });
});
