/** @jest-environment jsdom */
import { SNACKBAR_TYPE } from '@pawline/ui';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { todayIn } from '../calendar/calendar-dates';
import { FakeSchedulingGateway, mountCalendar, ORGA, STORE } from '../test-support/calendar-harness';

const GROUP = '30000000-0000-4000-8000-000000000001';
const PATH = `/${ORGA}/store/${STORE}/recurring`;
const RANGE = /\/appointments\/\d+\/\d+\/\d+\/\d+\/\d+\/\d+$/;

/** The ISO day `days` after today in the store's zone. */
function later(days: number): string {
  const [y, m, d] = todayIn('Europe/Rome').split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

describe('recurring appointments page', () => {
  it('R3.07 lists each series with interval, count or unlimited, and deletes all of it', async () => {
    const gateway = new FakeSchedulingGateway();
    const main = gateway.add({
      date: later(7),
      app_name: 'Fido weekly',
      recurring_group_id: GROUP,
      recurring_group_main: true,
      recurring_data: { unit: 'week', every: 2, count: null },
    });
    gateway.add({ date: later(21), recurring_group_id: GROUP });
    gateway.add({ date: later(3), app_name: 'single' });
    const { sent, notify } = mountCalendar({ gateway, path: PATH });
    expect(await screen.findByText('Fido weekly')).toBeTruthy();
    expect(screen.getAllByTestId('recurring-group')).toHaveLength(1);
    expect(screen.getByTestId('recurring-group').textContent).toContain('Every 2 week(s) · Unlimited');
    fireEvent.click(screen.getByRole('button', { name: 'Delete the series' }));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(sent('DELETE', new RegExp(`/appointment/${main.id}$`))).toHaveLength(1));
    await waitFor(() => expect(notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, 'Appointment deleted'));
    // the series is gone once read again
    await waitFor(() => expect(screen.queryByTestId('recurring-group')).toBeNull());
  });

  it('R9.08 reads the calendar range around today; empty and error states in Italian', async () => {
    const gateway = new FakeSchedulingGateway();
    gateway.failures = [{ method: 'GET', path: RANGE, status: 400, body: { code: 'bad_request', message: 'Richiesta non valida' } }];
    const { sent } = mountCalendar({ gateway, path: PATH, language: 'it' });
    expect(await screen.findByText('Impossibile caricare gli appuntamenti ricorrenti')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText('Nessun appuntamento ricorrente nei prossimi mesi')).toBeTruthy();
    const [y = 0, m = 1, d = 1, y2 = 0, m2 = 1, d2 = 1] = (sent('GET', RANGE)[0]?.path.split('/').slice(-6) ?? []).map(Number);
    expect(Date.UTC(y2, m2 - 1, d2) - Date.UTC(y, m - 1, d)).toBeGreaterThan(60 * 86_400_000);
  });
});
