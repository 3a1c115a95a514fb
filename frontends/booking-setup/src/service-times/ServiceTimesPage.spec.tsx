/** @jest-environment jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ServiceTime } from '../api/booking-api';
import { BASE, BATH, CUT, FakeBookingGateway, mountBooking, ORGA, treatmentRow } from '../testing/booking-harness';

const PATH = `${BASE}/service-times`;
const MATRIX = `/api/v1/orga/${ORGA}/treatments/additional_info`;

const time = (i: number, over: Partial<ServiceTime>): ServiceTime => ({
  id: `e0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  orga_id: ORGA,
  treatment_id: BATH,
  pet_type: 0,
  breed: null,
  size: null,
  hair: null,
  minutes: 60,
  ...over,
});

function gatewayWithTimes() {
  const gateway = new FakeBookingGateway();
  gateway.treatments.push(treatmentRow('60000000-0000-4000-8000-000000000009', 'Old spa', 30, true));
  gateway.times = [
    time(1, { minutes: 50 }),
    time(2, { size: 'big', hair: 'long', minutes: 90 }),
    time(3, { breed: 'Poodle', minutes: 75 }),
  ];
  return gateway;
}

const cell = (treatment: string, size: string, hair: string, breed = '') =>
  screen.getByTestId<HTMLInputElement>(`cell-${treatment}-${breed}-${size}-${hair}`);

describe('service times', () => {
  it('shows a failed load with the reason and reads again on retry', async () => {
    const gateway = gatewayWithTimes();
    gateway.failures.push({
      method: 'GET',
      path: /additional_info$/,
      status: 503,
      body: { code: 'unavailable', message: 'Service indisponible.' },
      // the data layer tries a service that is away twice
      times: 2,
    });
    mountBooking({ path: PATH, gateway, language: 'fr' });
    expect((await screen.findByTestId('error-state')).textContent).toContain('Service indisponible.');
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByTestId('service-time-matrix')).toBeTruthy();
  });

  it('R3.09 rows are the active treatments and breed rows, columns size × coat; a cell shows its minutes or its greyed fallback', async () => {
    mountBooking({ path: PATH, gateway: gatewayWithTimes() });
    await screen.findByTestId('service-time-matrix');
    expect(screen.queryByText('Old spa')).toBeNull();
    // its own entries
    expect(cell(BATH, 'any', 'any').value).toBe('50');
    expect(cell(BATH, 'big', 'long').value).toBe('90');
    expect(cell(BATH, 'big', 'long').getAttribute('data-fallback')).toBeNull();
    // inherited: the dog's general cell, else the treatment's default duration
    expect(cell(BATH, 'small', 'short').value).toBe('');
    expect(cell(BATH, 'small', 'short').placeholder).toBe('50');
    expect(cell(BATH, 'small', 'short').getAttribute('data-fallback')).toBe('true');
    expect(cell(CUT, 'medium', 'medium').placeholder).toBe('60');
    // the Poodle row inherits from its breed entry
    expect(screen.getByTestId(`row-${BATH}-Poodle`).textContent).toContain('Breed: Poodle');
    expect(cell(BATH, 'any', 'any', 'Poodle').value).toBe('75');
    expect(cell(BATH, 'small', 'short', 'Poodle').placeholder).toBe('75');
    // more set fields win: big with long coat (two) over the breed alone (one)
    expect(cell(BATH, 'big', 'long', 'Poodle').placeholder).toBe('90');
    // cats: nothing set, the default duration
    fireEvent.click(screen.getByTestId('pet-type-2'));
    expect(cell(BATH, 'big', 'long').value).toBe('');
    expect(cell(BATH, 'big', 'long').placeholder).toBe('45');
    expect(screen.queryByTestId(`row-${BATH}-Poodle`)).toBeNull();
  });

  it('R1.08 edits cells and saves them in one PUT; the fallbacks follow the unsaved general cell', async () => {
    const gateway = gatewayWithTimes();
    const { requests, bridge } = mountBooking({ path: PATH, gateway });
    await screen.findByTestId('service-time-matrix');
    fireEvent.change(cell(BATH, 'any', 'any'), { target: { value: '55' } });
    expect(cell(BATH, 'small', 'short').placeholder).toBe('55');
    fireEvent.change(cell(BATH, 'big', 'long'), { target: { value: '' } });
    fireEvent.change(cell(CUT, 'small', 'long'), { target: { value: '40' } });
    expect(screen.getByTestId('matrix-changes').textContent).toBe('Unsaved changes: 3');
    fireEvent.click(screen.getByTestId('matrix-save'));
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(2, 'Service times saved.'));
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: MATRIX,
        body: {
          entries: [
            { treatment_id: BATH, pet_type: 0, breed: null, size: null, hair: null, minutes: 55 },
            { treatment_id: BATH, pet_type: 0, breed: null, size: 'big', hair: 'long', minutes: null },
            { treatment_id: CUT, pet_type: 0, breed: null, size: 'small', hair: 'long', minutes: 40 },
          ],
        },
      },
    ]);
    // the answer is the matrix as it is now
    expect(cell(BATH, 'big', 'long').value).toBe('');
    expect(cell(BATH, 'big', 'long').placeholder).toBe('55');
    expect(cell(CUT, 'small', 'long').value).toBe('40');
    expect(screen.getByTestId('matrix-changes').textContent).toBe('Unsaved changes: 0');
  });

  it('R3.09 adds a breed row and saves its cells with the breed', async () => {
    const gateway = gatewayWithTimes();
    const { requests } = mountBooking({ path: PATH, gateway });
    await screen.findByTestId('service-time-matrix');
    fireEvent.change(document.querySelector('select[name="breedTreatment"]') as HTMLSelectElement, { target: { value: CUT } });
    fireEvent.change(document.querySelector('input[name="breed"]') as HTMLInputElement, { target: { value: 'Maltese' } });
    fireEvent.click(screen.getByTestId('breed-row-add'));
    expect(cell(CUT, 'small', 'long', 'Maltese').placeholder).toBe('60');
    fireEvent.change(cell(CUT, 'small', 'long', 'Maltese'), { target: { value: '70' } });
    fireEvent.click(screen.getByTestId('matrix-save'));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      entries: [{ treatment_id: CUT, pet_type: 0, breed: 'Maltese', size: 'small', hair: 'long', minutes: 70 }],
    });
    await waitFor(() => expect(cell(CUT, 'small', 'long', 'Maltese').value).toBe('70'));
  });

  it('refuses minutes outside 5–720 without sending, and shows the server’s refusal in the user language', async () => {
    const gateway = gatewayWithTimes();
    gateway.failures.push({
      method: 'PUT',
      path: /additional_info$/,
      status: 403,
      body: { code: 'forbidden', message: 'Solo gli amministratori.' },
    });
    const { requests } = mountBooking({ path: PATH, gateway, language: 'it' });
    await screen.findByTestId('service-time-matrix');
    fireEvent.change(cell(BATH, 'small', 'short'), { target: { value: '800' } });
    fireEvent.click(screen.getByTestId('matrix-save'));
    expect((await screen.findByTestId('matrix-error')).textContent).toBe('Ogni cella accetta minuti interi da 5 a 720.');
    expect(cell(BATH, 'small', 'short').getAttribute('aria-invalid')).toBe('true');
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    fireEvent.change(cell(BATH, 'small', 'short'), { target: { value: '80' } });
    fireEvent.click(screen.getByTestId('matrix-save'));
    await waitFor(() => expect(screen.getByTestId('matrix-error').textContent).toBe('Solo gli amministratori.'));
    expect(gateway.times).toHaveLength(3);
  });

  it('R6.02 others than organization administrators read the matrix: minutes and greyed fallbacks, no inputs or save', async () => {
    mountBooking({ path: PATH, gateway: gatewayWithTimes(), rank: 2, storeOverride: { '33333333-3333-4333-8333-333333333333': 1 } });
    await screen.findByTestId('service-time-matrix');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByTestId('matrix-save')).toBeNull();
    expect(cell(BATH, 'big', 'long').textContent).toBe('90');
    expect(cell(BATH, 'small', 'short').textContent).toBe('50');
    expect(cell(BATH, 'small', 'short').getAttribute('data-fallback')).toBe('true');
    expect(screen.getByTestId('read-only-note').textContent).toBe("Only the organization's administrators can change the service times.");
  });
});

describe('service times, leaving', () => {
  it('R5.15 asks before leaving with unsaved cells and stays when the user says no', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { router } = mountBooking({ path: PATH, gateway: gatewayWithTimes() });
    await screen.findByTestId('service-time-matrix');
    fireEvent.change(cell(BATH, 'small', 'short'), { target: { value: '65' } });
    fireEvent.click(screen.getByTestId('tab-hours'));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Are you sure you wish to leave?'));
    expect(router.state.location.pathname).toBe(PATH);
    expect(cell(BATH, 'small', 'short').value).toBe('65');
    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByTestId('tab-hours'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE}/hours`));
    confirm.mockRestore();
  });
});
