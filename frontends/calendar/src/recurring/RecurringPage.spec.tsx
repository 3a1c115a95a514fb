/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import type { ApiClient, PersonUser, ShellBridge } from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { SchedulingApi } from '../api/scheduling-api';
import { calendarTranslator } from '../i18n/translator';
import { appointmentOf } from '../test-support/appointments';
import { RecurringPage } from './RecurringPage';

const GROUP = '30000000-0000-4000-8000-000000000001';

function mount(api: Partial<SchedulingApi>, language: 'en' | 'it' = 'en') {
  const bridge = {
    api: {} as ApiClient,
    user: { id: 'u1' } as PersonUser,
    language,
    notify: jest.fn(),
    orga: null,
  } as unknown as ShellBridge;
  render(
    <ChakraProvider value={pawlineSystem}>
      <MemoryRouter>
        <RecurringPage
          ctx={{ bridge, api: api as SchedulingApi, t: calendarTranslator(language), subscribe: () => () => undefined, storage: null }}
          orgaId="o1"
          storeId="s1"
        />
      </MemoryRouter>
    </ChakraProvider>,
  );
  return bridge;
}

describe('recurring appointments page', () => {
  it('R3.07 lists each series with interval, count or unlimited, and deletes all of it', async () => {
    const main = appointmentOf({
      id: 'm',
      date: '2099-01-07',
      app_name: 'Fido weekly',
      recurring_group_id: GROUP,
      recurring_group_main: true,
      recurring_data: { unit: 'week', every: 2, count: null },
    });
    const range = jest.fn().mockResolvedValue({
      items: [main, appointmentOf({ date: '2099-01-21', recurring_group_id: GROUP }), appointmentOf({ app_name: 'single' })],
      treatments: [],
      pets: [],
    });
    const remove = jest.fn().mockResolvedValue({ deleted_ids: ['m'] });
    const bridge = mount({ range, remove });
    expect(await screen.findByText('Fido weekly')).toBeTruthy();
    expect(screen.getAllByTestId('recurring-group')).toHaveLength(1);
    expect(screen.getByTestId('recurring-group').textContent).toContain('Every 2 week(s) · Unlimited');
    fireEvent.click(screen.getByRole('button', { name: 'Delete the series' }));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('o1', 's1', 'm', 'all'));
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(2, 'Appointment deleted'));
  });

  it('R9.08 reads the calendar range around today; empty and error states in Italian', async () => {
    const range = jest.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValueOnce({ items: [], treatments: [], pets: [] });
    mount({ range }, 'it');
    expect(await screen.findByText('Impossibile caricare gli appuntamenti ricorrenti')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText('Nessun appuntamento ricorrente nei prossimi mesi')).toBeTruthy();
    const parts = range.mock.calls[0]?.[2] as { y: number; m: number; d: number; y2: number; m2: number; d2: number };
    expect(Date.UTC(parts.y2, parts.m2 - 1, parts.d2) - Date.UTC(parts.y, parts.m - 1, parts.d)).toBeGreaterThan(60 * 86_400_000);
  });
});
